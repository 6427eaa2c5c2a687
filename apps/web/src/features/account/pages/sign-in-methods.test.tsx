import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FirebaseSdk } from '../../../lib/federated/sdk.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';

const FIREBASE = { api_key: 'web-key', auth_domain: 'holeout-test.firebaseapp.com', project_id: 'holeout-test' };
const GOOGLE = { provider: 'google', email: 'ann.hogan@gmail.com', linked_at: '2026-05-02T09:30:00.000Z' };
const MICROSOFT = { provider: 'microsoft', email: 'ann@outlook.example', linked_at: '2026-05-04T10:00:00.000Z' };

function signIn(user = buildUser()) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user, settings: buildSettings() });
}

function accountApi(links: unknown[], routes: Routes = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/account/sessions': { json: { sessions: [] } },
    'GET /v4/config': { json: { sign_in: { providers: ['google', 'microsoft'], firebase: FIREBASE } } },
    'GET /v4/account/links': { json: { links } },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The Firebase SDK stand-in (window.__HOLEOUT_FIREBASE_SDK__): every popup answers `idToken`. */
function installSdk(idToken: string) {
  class Provider {
    constructor(readonly providerId = 'google.com') {}
    addScope() {}
  }
  const sdk = {
    initializeApp: () => ({}),
    getAuth: () => ({}),
    signInWithPopup: vi.fn(async () => ({ user: { getIdToken: async () => idToken } })),
    signInWithRedirect: async () => undefined,
    getRedirectResult: async () => null,
    signOut: async () => undefined,
    GoogleAuthProvider: Provider,
    OAuthProvider: Provider,
  } satisfies FirebaseSdk;
  window.__HOLEOUT_FIREBASE_SDK__ = sdk;
  return sdk;
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  delete window.__HOLEOUT_FIREBASE_SDK__;
  vi.unstubAllGlobals();
});

const methods = () => screen.findByRole('region', { name: 'Sign-in methods' });

describe('My Profile: sign-in methods', () => {
  it('lists the password and each offered provider: linked ones with their address, date and Unlink, the others with Link', async () => {
    accountApi([GOOGLE]);
    signIn();
    renderApp('/account');
    const section = await methods();
    const google = await within(section).findByTestId('sign-in-google');
    expect(google).toHaveTextContent('Linked');
    expect(google).toHaveTextContent('ann.hogan@gmail.com');
    expect(google).toHaveTextContent(/linked \d{2}\/\d{1,2}\/26/);
    expect(within(google).getByRole('button', { name: 'Unlink' })).toBeEnabled();
    const microsoft = within(section).getByTestId('sign-in-microsoft');
    expect(within(microsoft).getByRole('button', { name: 'Link' })).toHaveAccessibleDescription('Microsoft');
    expect(within(section).getByTestId('sign-in-password')).toHaveTextContent('Set');
    expect(within(section).queryByTestId('sign-in-apple')).toBeNull();
    // With a password there is one to change.
    expect(screen.getByRole('region', { name: 'Change password' })).toBeInTheDocument();
  });

  it('links a provider with a fresh sign-in; a refused provider token is shown and does not sign the golfer out', async () => {
    installSdk('microsoft-token');
    let attempts = 0;
    const fetchMock = accountApi([GOOGLE], {
      'POST /v4/account/link': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 401, json: { error: 'The sign-in could not be verified. Please try again.', code: 'INVALID_ID_TOKEN' } }
          : { json: { links: [GOOGLE, MICROSOFT] } };
      },
    });
    signIn();
    renderApp('/account');
    const section = await methods();
    const microsoft = await within(section).findByTestId('sign-in-microsoft');
    await userEvent.click(within(microsoft).getByRole('button', { name: 'Link' }));
    expect(await within(section).findByText('The sign-in could not be verified. Please try again.')).toBeInTheDocument();
    expect(session.store.get().status).toBe('loggedIn');
    expect(localStorage.getItem('token')).toBe('tok-1');

    await userEvent.click(within(microsoft).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(within(section).getByTestId('sign-in-microsoft')).toHaveTextContent('ann@outlook.example'));
    const links = callsTo(fetchMock, 'POST /v4/account/link');
    expect(links).toHaveLength(2);
    expect(links[1]!.url.searchParams.get('method')).toBe('firebase');
    expect(JSON.parse(String(links[1]!.init.body))).toEqual({ idToken: 'microsoft-token' });
  });

  it('IDENTITY_TAKEN is shown beside the list', async () => {
    installSdk('someone-elses-token');
    const message = 'This Microsoft sign-in belongs to another Holeout account.';
    accountApi([GOOGLE], { 'POST /v4/account/link': { status: 409, json: { error: message, code: 'IDENTITY_TAKEN' } } });
    signIn();
    renderApp('/account');
    const section = await methods();
    await userEvent.click(within(await within(section).findByTestId('sign-in-microsoft')).getByRole('button', { name: 'Link' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(message);
  });

  it('unlinks a provider: what remains is listed', async () => {
    const fetchMock = accountApi([GOOGLE, MICROSOFT], { 'DELETE /v4/account/links': { json: { links: [MICROSOFT] } } });
    signIn(buildUser({ has_password: false }));
    renderApp('/account');
    const section = await methods();
    const google = await within(section).findByTestId('sign-in-google');
    await waitFor(() => expect(within(google).getByRole('button', { name: 'Unlink' })).toBeEnabled());
    await userEvent.click(within(google).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(within(section).getByTestId('sign-in-google')).not.toHaveTextContent('Linked'));
    expect(callsTo(fetchMock, 'DELETE /v4/account/links')[0]!.url.searchParams.get('provider')).toBe('google');
    // Microsoft is now the only way in of an account without a password.
    const microsoft = within(section).getByTestId('sign-in-microsoft');
    expect(within(microsoft).getByRole('button', { name: 'Unlink' })).toBeDisabled();
    expect(microsoft).toHaveTextContent('This is your only way to log in');
  });

  it('shows the API refusal LAST_SIGN_IN when it happens', async () => {
    const message = 'This is the only way into your account. Set a password or link another provider first.';
    accountApi([GOOGLE, MICROSOFT], { 'DELETE /v4/account/links': { status: 409, json: { error: message, code: 'LAST_SIGN_IN' } } });
    signIn(buildUser({ has_password: false }));
    renderApp('/account');
    const section = await methods();
    const google = await within(section).findByTestId('sign-in-google');
    await waitFor(() => expect(within(google).getByRole('button', { name: 'Unlink' })).toBeEnabled());
    await userEvent.click(within(google).getByRole('button', { name: 'Unlink' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(message);
    expect(within(section).getByTestId('sign-in-google')).toHaveTextContent('Linked');
  });

  it('without a password: the last provider cannot be unlinked, and a password is set with a mailed code', async () => {
    const fetchMock = accountApi([GOOGLE], {
      'POST /v4/account/code': { json: { ok: true } },
      'POST /v4/account/set_password': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { code: string };
        return body.code === '123456'
          ? { json: buildUser({ has_password: true }) }
          : { status: 400, json: { error: 'Invalid or expired code', code: 'INVALID_CODE' } };
      },
    });
    signIn(buildUser({ has_password: false }));
    renderApp('/account');
    const section = await methods();
    const google = await within(section).findByTestId('sign-in-google');
    const unlink = within(google).getByRole('button', { name: 'Unlink' });
    expect(unlink).toBeDisabled();
    expect(unlink).toHaveAccessibleDescription(/Google This is your only way to log in/);
    expect(screen.queryByRole('region', { name: 'Change password' })).toBeNull();
    expect(within(section).getByTestId('sign-in-password')).toHaveTextContent('No password yet');

    await userEvent.click(within(section).getByRole('button', { name: 'Set a password' }));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/code')[0]!.init.body))).toEqual({ purpose: 'set_password' });
    const code = await within(section).findByLabelText('Code from the e-mail');
    await userEvent.type(code, '654321');
    await userEvent.type(within(section).getByLabelText('New password'), 'quiet-heron-fairway-1987');
    await userEvent.click(within(section).getByRole('button', { name: 'Save password' }));
    expect(await within(section).findByText('That code is not right, or it has expired')).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(session.store.get().user.has_password).toBe(true));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/set_password')[1]!.init.body))).toEqual({
      code: '123456',
      password: 'quiet-heron-fairway-1987',
    });
    expect(within(section).getByTestId('sign-in-password')).toHaveTextContent('You can log in with your e-mail address and password.');
    expect(within(within(section).getByTestId('sign-in-google')).getByRole('button', { name: 'Unlink' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Change password' })).toBeInTheDocument();
  });

  it('deleting an account without a password asks to sign in again or for a mailed code, and sends it', async () => {
    const fetchMock = accountApi([GOOGLE], {
      'POST /v4/account/code': { json: { ok: true } },
      'DELETE /v4/account': ({ init }) =>
        (JSON.parse(String(init.body)) as { code?: string }).code === '222333'
          ? { json: { ok: true } }
          : { status: 400, json: { error: 'Invalid or expired code', code: 'INVALID_CODE' } },
    });
    const navigate = vi.fn();
    session.setNavigator(navigate);
    signIn(buildUser({ has_password: false }));
    renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(await within(dialog).findByRole('button', { name: 'Sign in again with Google and delete' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/code')[0]!.init.body))).toEqual({ purpose: 'delete_account' });
    await userEvent.type(await within(dialog).findByLabelText('Code from the e-mail'), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Invalid or expired code')).toBeInTheDocument();
    expect(session.store.get().status).toBe('loggedIn');

    await userEvent.clear(within(dialog).getByLabelText('Code from the e-mail'));
    await userEvent.type(within(dialog).getByLabelText('Code from the e-mail'), '222333');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(JSON.parse(String(callsTo(fetchMock, 'DELETE /v4/account')[1]!.init.body))).toEqual({ code: '222333' });
  });

  it('deleting with a fresh provider sign-in sends its token', async () => {
    installSdk('fresh-google-token');
    const fetchMock = accountApi([GOOGLE], { 'DELETE /v4/account': { json: { ok: true } } });
    const navigate = vi.fn();
    session.setNavigator(navigate);
    signIn(buildUser({ has_password: false }));
    renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sign in again with Google and delete' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(JSON.parse(String(callsTo(fetchMock, 'DELETE /v4/account')[0]!.init.body))).toEqual({ idToken: 'fresh-google-token' });
  });
});
