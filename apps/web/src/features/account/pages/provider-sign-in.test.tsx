import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleAnalyticsAdapter, setAnalyticsAdapter } from '../../../lib/analytics.ts';
import { PROVIDER_SESSION_KEY } from '../../../lib/federated/marks.ts';
import { PUBLIC_CONFIG_KEY } from '../../../lib/federated/public-config.ts';
import type { FirebaseSdk } from '../../../lib/federated/sdk.ts';
import { createAppQueryClient } from '../../../lib/query-client.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';

const FIREBASE = { api_key: 'web-key', auth_domain: 'holeout-test.firebaseapp.com', project_id: 'holeout-test' };
const OFFERED = { sign_in: { providers: ['google', 'microsoft'], firebase: FIREBASE } };
const NOT_REGISTERED = {
  status: 404,
  json: {
    error: 'No account uses this Google sign-in. Create one, or log in with your password and link Google in My Profile.',
    code: 'NOT_REGISTERED',
  },
};

/** The Firebase SDK stand-in the app picks up (window.__HOLEOUT_FIREBASE_SDK__): a popup that answers `idToken`, or is closed. */
function installSdk(outcome: { idToken: string } | 'closed') {
  const user = { getIdToken: async () => (outcome === 'closed' ? '' : outcome.idToken) };
  class Provider {
    constructor(readonly providerId = 'google.com') {}
    addScope() {}
  }
  const sdk = {
    initializeApp: () => ({}),
    getAuth: () => ({}),
    signInWithPopup: vi.fn(async () => {
      if (outcome === 'closed') throw Object.assign(new Error('Popup closed'), { code: 'auth/popup-closed-by-user' });
      return { user };
    }),
    signInWithRedirect: vi.fn(async () => undefined),
    getRedirectResult: async () => null,
    signOut: vi.fn(async () => undefined),
    GoogleAuthProvider: Provider,
    OAuthProvider: Provider,
  } satisfies FirebaseSdk;
  window.__HOLEOUT_FIREBASE_SDK__ = sdk;
  return sdk;
}

function api(routes: Routes) {
  const fetchMock = createFetchMock({
    'GET /v4/config': { json: OFFERED },
    'GET /v4/account/subscription': { json: buildSubscription() },
    'GET /v4/account/settings': { json: buildSettings() },
    'GET /v4/notifications/count_unread': { json: { count: 0 } },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const track = vi.fn();
beforeEach(() => setAnalyticsAdapter({ track }));
afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  setAnalyticsAdapter(consoleAnalyticsAdapter);
  delete window.__HOLEOUT_FIREBASE_SDK__;
  vi.unstubAllGlobals();
});

describe('Continue with a provider', () => {
  it('shows a button for each provider GET /config offers, at least 44 px tall', async () => {
    api({});
    renderApp('/login');
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).toBeNull();
    expect(google.style.minHeight).toMatch(/44px|2\.75rem|calc\(2\.75rem/);
  });

  it('shows none when the server offers no provider, or has no Firebase web app (only the phone app can sign in then)', async () => {
    api({ 'GET /v4/config': { json: { sign_in: { providers: [], firebase: null } } } });
    const queryClient = createAppQueryClient();
    const first = renderApp('/login', queryClient);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(PUBLIC_CONFIG_KEY)?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
    first.unmount();

    api({ 'GET /v4/config': { json: { sign_in: { providers: ['google'], firebase: null } } } });
    const second = createAppQueryClient();
    renderApp('/registration', second);
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    await waitFor(() => expect(second.getQueryState(PUBLIC_CONFIG_KEY)?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
  });

  it('logs in with the provider token like a password login (same login event) and goes on', async () => {
    const sdk = installSdk({ idToken: 'google-id-token' });
    const fetchMock = api({
      'POST /v4/account/login': { json: { token: 'tok-9', uid: 9 } },
      'GET /v4/account': { json: buildUser({ has_password: false }) },
    });
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logins = callsTo(fetchMock, 'POST /v4/account/login');
    expect(logins).toHaveLength(1);
    expect(logins[0]!.url.searchParams.get('method')).toBe('firebase');
    expect(JSON.parse(String(logins[0]!.init.body))).toEqual({ idToken: 'google-id-token' });
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(track).toHaveBeenCalledWith('login', { method: 'firebase', provider: 'google' });
    expect(sdk.signInWithPopup).toHaveBeenCalledTimes(1);
    // Logout signs out of the provider too.
    await session.logout();
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PROVIDER_SESSION_KEY)).toBeNull();
  });

  it('NOT_REGISTERED shows the message calmly and offers to create an account with the same token, then Set up', async () => {
    installSdk({ idToken: 'new-golfer-token' });
    const fetchMock = api({
      'POST /v4/account/login': NOT_REGISTERED,
      'POST /v4/account/register': { json: { uid: 12, token: 'tok-12' } },
      'GET /v4/account': { json: buildUser({ uid: 12, has_password: false, setup_pending: true }) },
    });
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(NOT_REGISTERED.json.error);
    // Nothing alarming: no toast, no alert role.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, 'POST /v4/account/register')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Create an account with Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
    const registrations = callsTo(fetchMock, 'POST /v4/account/register');
    expect(registrations).toHaveLength(1);
    expect(registrations[0]!.url.searchParams.get('method')).toBe('firebase');
    expect(JSON.parse(String(registrations[0]!.init.body))).toEqual({ idToken: 'new-golfer-token' });
  });

  it('creating an account for an address that has one shows the API message (log in with the password and link)', async () => {
    installSdk({ idToken: 'taken-token' });
    const message = 'This e-mail address already has an account. Log in with your password, then link Google in My Profile.';
    api({
      'POST /v4/account/login': NOT_REGISTERED,
      'POST /v4/account/register': { status: 409, json: { error: message, code: 'EMAIL_TAKEN' } },
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account with Google' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(session.store.get().status).toBe('loggedOut');
  });

  it('Registration registers with the token; an identity that has an account already is logged in to', async () => {
    installSdk({ idToken: 'linked-token' });
    const fetchMock = api({
      'POST /v4/account/register': { status: 409, json: { error: 'This Google sign-in has an account: log in.', code: 'IDENTITY_LINKED' } },
      'POST /v4/account/login': { json: { token: 'tok-3', uid: 3 } },
      'GET /v4/account': { json: buildUser({ uid: 3 }) },
    });
    const { router } = renderApp('/registration');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'POST /v4/account/register')).toHaveLength(1);
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/login')[0]!.init.body))).toEqual({ idToken: 'linked-token' });
    expect(track).toHaveBeenCalledWith('login', { method: 'firebase', provider: 'microsoft' });
  });

  it('a closed popup shows nothing and calls nothing; logout then does not load the SDK to sign out', async () => {
    const sdk = installSdk('closed');
    const fetchMock = api({});
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(sdk.signInWithPopup).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, 'POST /v4/account/login')).toHaveLength(0);
    expect(localStorage.getItem(PROVIDER_SESSION_KEY)).toBeNull();
    await session.logout();
    expect(sdk.signOut).not.toHaveBeenCalled();
  });
});
