import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../lib/session/session.ts';
import { LOGOUT_CONFIRM } from '../lib/session/confirm-logout.tsx';
import { createFetchMock } from '../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../test/factories.ts';
import { renderApp } from '../test/render.tsx';
import { paths, type AppPath } from '../lib/paths.ts';

function signIn() {
  localStorage.setItem('token', 'tok-1');
  // Coach purchaser of a TEAM plan: every page opens, none is replaced by the access notice.
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser({ is_coach: true }),
    subscription: buildSubscription({ level: 4, purchaser: 7 }),
    subscriptionLoaded: true,
    settings: buildSettings(),
  });
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

const TITLES: Partial<Record<AppPath, string>> = {
  [paths.root]: 'Welcome',
  [paths.account]: 'My Profile',
  [paths.howTo]: 'How-To',
  [paths.scanner]: 'Add Round',
  [paths.events]: 'Events',
  [paths.event]: 'Event',
  [paths.aiCoach]: 'AI Coach',
  [paths.aiCoachDiagnosis]: 'Diagnosis',
};

describe('document title', () => {
  it.each(Object.entries(TITLES))('%s is titled "%s · Holeout"', async (path, title) => {
    vi.stubGlobal(
      'fetch',
      createFetchMock({
        'GET /v4/account/sessions': { json: { sessions: [] } },
        'GET /v4/events': { json: { events: [] } },
        'GET /v4/tags': { json: { tags: [] } },
        'GET /v4/ai/diagnoses': { json: { diagnoses: [] } },
        'GET /v4/people': { json: { people: [] } },
      }),
    );
    signIn();
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(`${title} · Holeout`));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
  });

  it.each([
    [paths.login, 'Log in'],
    [paths.registration, 'Create account'],
    [paths.verifyUser, 'Verify your e-mail'],
    [paths.passwordReset, 'Reset password'],
  ])('%s (signed out) is titled "%s · Holeout" with one h1', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(`${title} · Holeout`));
    expect(await screen.findByRole('heading', { level: 1, name: title === 'Log in' ? 'Log in' : title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('app frame', () => {
  it('"Skip to content" is the first focusable element and moves focus to the main region', async () => {
    signIn();
    renderApp(paths.root);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("the top bar shows the organisation's name and logo when branding applies, and the product name otherwise", async () => {
    signIn();
    session.store.set((state) => ({
      ...state,
      branding: { orgId: 2, name: 'Pine Valley Academy', mediaId: 9, logoUrl: '/v4/media/9.webp', colour: null },
    }));
    renderApp(paths.root);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('header-brand')).toHaveTextContent('Pine Valley Academy');
    expect(screen.getByTestId('header-logo')).toHaveAttribute('src', '/v4/media/9.webp');
    session.store.set((state) => ({ ...state, branding: null }));
    await waitFor(() => expect(screen.getByTestId('header-brand')).toHaveTextContent('Holeout'));
    expect(screen.queryByTestId('header-logo')).toBeNull();
  });

  it('has one navigation landmark, "Main menu", and no <nav> inside a <nav>', async () => {
    signIn();
    renderApp(paths.root);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(document.querySelectorAll('nav nav')).toHaveLength(0);
  });

  it('the root page logs out with "Log Out" and the menu\'s confirmation', async () => {
    const navigate = vi.fn();
    session.setNavigator(navigate);
    vi.stubGlobal('fetch', createFetchMock({ 'POST /v4/account/logout': { json: { ok: true } } }));
    signIn();
    renderApp(paths.root);
    const main = await screen.findByRole('main');
    expect(within(main).queryByRole('button', { name: 'Sign out' })).toBeNull();
    await userEvent.click(within(main).getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: LOGOUT_CONFIRM.title });
    expect(within(dialog).getByText(LOGOUT_CONFIRM.message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(session.store.get().status).toBe('loggedOut');
  });
});

describe('pages for people without an account', () => {
  it.each([paths.registration, paths.verifyUser, paths.passwordReset])('%s sends a logged-in user to the root', async (path) => {
    signIn();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.root);
  });

  it('stay open to a logged-out visitor', async () => {
    const { router } = renderApp(paths.registration);
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.registration);
  });
});
