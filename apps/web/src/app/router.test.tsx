import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from './router.tsx';
import { paths } from '../lib/paths.ts';
import { LOGGED_OUT_STATE, session } from '../lib/session/session.ts';
import { callsTo, createFetchMock } from '../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../test/factories.ts';
import { renderApp } from '../test/render.tsx';

function signIn() {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), subscription: null, settings: buildSettings() });
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

/** Every route of the tree with the path it answers, '' for the root page. */
function flatten(routes: RouteObject[], parent = ''): Array<{ path: string; route: RouteObject }> {
  return routes.flatMap((route) => {
    const path = route.index ? parent : [parent, route.path ?? ''].filter(Boolean).join('/').replace(/^\/+/, '');
    const own = route.index || route.path !== undefined ? [{ path: route.index ? parent.replace(/^\/+/, '') : path, route }] : [];
    return [...own, ...flatten(route.children ?? [], route.path === '/' ? '' : path)];
  });
}

describe('route table', () => {
  it('every page route of paths.ts is lazy-loaded, and only the catch-all is not', () => {
    const pages = flatten(buildRoutes()).filter(({ route }) => route.path !== '/' && route.path !== '*');
    expect(pages.map((p) => `/${p.path}`).sort()).toEqual(Object.values(paths).sort());
    for (const { path, route } of pages) {
      expect(route.lazy, path).toBeTypeOf('function');
      expect(route.Component ?? route.element, path).toBeUndefined();
    }
    const catchAll = buildRoutes()[0]?.children?.find((route) => route.path === '*');
    expect(catchAll?.element).toBeTruthy();
  });
});

describe('router', () => {
  it('an unknown path goes to the root, which sends a logged-out visitor to /login', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('an unknown path goes to the root page for a logged-in user', async () => {
    signIn();
    const { router } = renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Free');
    // The display name appears once (menu header), so it names one element on the page.
    expect(screen.getAllByText(/Ann Hogan/)).toHaveLength(1);
  });

  it('protected pages send a logged-out visitor to /login; the menu is not there', async () => {
    const { router } = renderApp('/account');
    await screen.findByRole('button', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).toBeNull();
  });

  it('public pages open without signing in', async () => {
    renderApp('/how-to');
    expect(await screen.findByRole('heading', { name: 'What strokes gained means' })).toBeInTheDocument();
  });

  it('AI Coach and a diagnosis are real pages behind the premium guard, not placeholders', async () => {
    vi.stubGlobal('fetch', createFetchMock({ 'GET /v4/ai/diagnoses': { json: { diagnoses: [] } } }));
    signIn();
    session.store.set({ ...session.store.get(), subscription: buildSubscription(), subscriptionLoaded: true });
    const { router } = renderApp('/ai-coach');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Coach' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Run diagnosis' })).toBeInTheDocument();
    await router.navigate('/ai-coach/diagnosis?diagnosis_id=4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diagnosis' })).toBeInTheDocument();
    expect(await screen.findByText('No such diagnosis')).toBeInTheDocument();
  });

  it('logging in lands on the root page with the menu', async () => {
    const fetchMock = createFetchMock({
      'POST /v4/account/login': { json: { token: 'tok-2', uid: 7 } },
      'GET /v4/account': { json: buildUser() },
      'GET /v4/account/subscription': { json: buildSubscription() },
      'GET /v4/account/settings': { json: buildSettings() },
      'GET /v4/notifications/count_unread': { json: { count: 0 } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ann.hogan@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/login')[0]!.init.body))).toEqual({
      email: 'ann.hogan@example.com',
      password: 'secret-password',
    });
  });

  it('403 NOT_VERIFIED at login offers to verify the e-mail', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchMock({ 'POST /v4/account/login': { status: 403, json: { error: 'Verify your e-mail first', code: 'NOT_VERIFIED' } } }),
    );
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Verify e-mail' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('registration goes to verify-user with the e-mail filled in', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/account/register': { json: { uid: 12 } } });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/registration');
    await userEvent.type(await screen.findByLabelText('First name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hogan');
    await userEvent.type(screen.getByLabelText('Email'), 'Ann@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'));
    // Wait for the verify page itself: the lazy page replaces the registration form when loaded.
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    const call = callsTo(fetchMock, 'POST /v4/account/register')[0]!;
    expect(call.url.searchParams.get('method')).toBe('email');
  });

  it('verify-user checks the code and moves on to login', async () => {
    const fetchMock = createFetchMock({ 'GET /v4/account/verify': { json: { uid: 12 } } });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/verify-user?email=ann%40example.com');
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = callsTo(fetchMock, 'GET /v4/account/verify')[0]!;
    expect(call.url.searchParams.get('code')).toBe('123456');
    expect(call.url.searchParams.get('email')).toBe('ann@example.com');
  });

  it('verify-user rejects a code that is not 6 digits without calling the API', async () => {
    const fetchMock = createFetchMock({});
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/verify-user?email=ann%40example.com');
    await userEvent.type(await screen.findByLabelText('Verification code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is 6 digits')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('password reset: request a code, then code and new password', async () => {
    const fetchMock = createFetchMock({
      'GET /v4/account/forgot_password': { json: { ok: true } },
      'POST /v4/account/password_reset': { json: { ok: true } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/password-reset');
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '654321');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/password_reset')[0]!.init.body))).toEqual({
      email: 'ann@example.com',
      code: '654321',
      password: 'new-secret-1',
    });
  });
});
