import { describe, expect, it, vi } from 'vitest';
import { APP_WORKER_URL, registerAppWorker, type AppWorkerHost } from './app-worker.ts';

function host(overrides: Partial<AppWorkerHost> = {}) {
  const register = vi.fn(async () => undefined);
  let onLoad: (() => void) | undefined;
  const value: AppWorkerHost = {
    production: true,
    serviceWorker: { register },
    loaded: () => false,
    onLoad: (run) => (onLoad = run),
    ...overrides,
  };
  return { value, register, load: () => onLoad?.() };
}

describe('registering the offline app', () => {
  it('waits for the page to load, then registers /sw.js for the whole app', () => {
    const h = host();
    registerAppWorker(h.value);
    expect(h.register).not.toHaveBeenCalled();
    h.load();
    expect(h.register).toHaveBeenCalledWith(APP_WORKER_URL, { scope: '/' });
  });

  it('registers at once when the page has already loaded', () => {
    const h = host({ loaded: () => true });
    registerAppWorker(h.value);
    expect(h.register).toHaveBeenCalledTimes(1);
  });

  it('registers nothing in development or where there are no service workers', () => {
    const dev = host({ production: false, loaded: () => true });
    registerAppWorker(dev.value);
    expect(dev.register).not.toHaveBeenCalled();
    const none = host({ serviceWorker: undefined, loaded: () => true });
    registerAppWorker(none.value);
    expect(none.register).not.toHaveBeenCalled();
  });

  it('a refused registration is a warning, not a failure of the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const register = vi.fn(async () => Promise.reject(new Error('blocked')));
    registerAppWorker({ production: true, serviceWorker: { register }, loaded: () => true, onLoad: () => undefined });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
