import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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
