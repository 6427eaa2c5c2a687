import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../test/factories.ts';
import { renderApp } from '../test/render.tsx';

function signIn() {
  localStorage.setItem('token', 'tok-1');
  // Premium, so the premium pages (drill) open rather than saying what they need.
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser(),
    subscription: buildSubscription(),
    subscriptionLoaded: true,
    settings: buildSettings(),
  });
}

function swipeFromLeftEdge() {
  fireEvent.touchStart(document, { touches: [{ clientX: 5, clientY: 300 }] });
  fireEvent.touchEnd(document, { changedTouches: [{ clientX: 150, clientY: 310 }] });
}

const burger = () => screen.getByRole('button', { name: 'Toggle menu' });

afterEach(() => session.store.set(LOGGED_OUT_STATE));

describe('edge swipe', () => {
  it('opens the menu with a swipe right from the left edge', async () => {
    signIn();
    renderApp('/account');
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    act(swipeFromLeftEdge);
    await waitFor(() => expect(burger()).toHaveAttribute('aria-expanded', 'true'));
  });

  it('ignores swipes that start away from the edge', async () => {
    signIn();
    renderApp('/account');
    await screen.findByRole('heading', { name: 'My Profile' });
    act(() => {
      fireEvent.touchStart(document, { touches: [{ clientX: 200, clientY: 300 }] });
      fireEvent.touchEnd(document, { changedTouches: [{ clientX: 400, clientY: 300 }] });
    });
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(['/event', '/drill', '/invite', '/notification-settings'])('is disabled on %s', async (page) => {
    signIn();
    renderApp(page);
    await screen.findByRole('heading', { level: 1 });
    act(swipeFromLeftEdge);
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the side menu and Escape', () => {
  it('Escape closes the open menu and gives the focus back to the burger; with the menu closed it does nothing', async () => {
    signIn();
    renderApp('/account');
    await screen.findByRole('heading', { name: 'My Profile' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(burger());
    await waitFor(() => expect(burger()).toHaveAttribute('aria-expanded', 'true'));
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(burger()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(burger()).toHaveAttribute('aria-expanded', 'false'));
    expect(burger()).toHaveFocus();
  });
});

describe('scroll on navigation', () => {
  /** A window whose scrollTo moves scrollY, as a browser's does on a page long enough. */
  function scrollableWindow() {
    let y = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
      y = top;
    }) as typeof window.scrollTo);
    const scrollBy = (top: number) => {
      y = top;
      fireEvent.scroll(window);
    };
    return { scrollTo, scrollBy };
  }

  it('a new page opens at its top, Back returns to where the page was left, and a same-page replace leaves it', async () => {
    signIn();
    const { scrollTo, scrollBy } = scrollableWindow();
    const { router } = renderApp('/account');
    await screen.findByRole('heading', { name: 'My Profile' });
    scrollBy(900);
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/how-to'));
    await screen.findByRole('heading', { level: 1, name: 'How-To' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(window.scrollY).toBe(0);
    scrollBy(300);

    // The same page keeping its state in the query string: no jump.
    scrollTo.mockClear();
    await act(() => router.navigate('/how-to?topic=1', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'My Profile' });
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 900));
    expect(window.scrollY).toBe(900);

    // Forward: the How-To page where it was left (its entry was replaced in place, keeping 300).
    await act(() => router.navigate(1));
    await screen.findByRole('heading', { level: 1, name: 'How-To' });
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 300));
  });
});
