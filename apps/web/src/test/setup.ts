import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 4 s: a lazy page on a loaded machine can take longer than the default 1 s.
configure({ asyncUtilTimeout: 4000 });

// Mantine reads media queries and observes element sizes; jsdom has neither.
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => getComputedStyle(elt, pseudo);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  // A plain function, not vi.fn: restoreMocks between tests must not strip it.
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverShim;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
