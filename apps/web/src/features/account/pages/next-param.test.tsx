import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';

const INVITE = '/invite?invite_id=3';
const NEXT = encodeURIComponent(INVITE);

function loginApi() {
  const fetchMock = createFetchMock({
    'POST /v4/account/login': { json: { token: 'tok-2', uid: 7 } },
    'GET /v4/account': { json: buildUser() },
    'GET /v4/account/subscription': { json: buildSubscription() },
    'GET /v4/account/settings': { json: buildSettings() },
    'GET /v4/notifications/count_unread': { json: { count: 0 } },
    'GET /v4/orgs/invite': { json: { error: 'Not found', code: 'NOT_FOUND' }, status: 404 },
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function logIn() {
  await userEvent.type(await screen.findByLabelText('Email'), 'ann.hogan@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('login: ?next=', () => {
  it('goes to the next path, with its query, after logging in', async () => {
    const fetchMock = loginApi();
    const { router } = renderApp(`/login?next=${NEXT}`);
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite'));
    expect(router.state.location.search).toBe('?invite_id=3');
    expect(callsTo(fetchMock, 'POST /v4/account/login')).toHaveLength(1);
  });

  it('ignores a next that would leave the app and goes to the root', async () => {
    loginApi();
    const { router } = renderApp(`/login?next=${encodeURIComponent('//evil.example/steal')}`);
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a signed-in visitor goes straight on to next', async () => {
    localStorage.setItem('token', 'tok-1');
    session.store.set({
      ...LOGGED_OUT_STATE,
      status: 'loggedIn',
      user: buildUser(),
      settings: buildSettings(),
      subscription: buildSubscription(),
      subscriptionLoaded: true,
    });
    loginApi();
    const { router } = renderApp(`/login?next=${NEXT}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite'));
    expect(router.state.location.search).toBe('?invite_id=3');
  });

  it('"Create an account" carries next to the registration page', async () => {
    loginApi();
    renderApp(`/login?next=${NEXT}`);
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/registration?next=${NEXT}`);
  });

  it('"Verify e-mail" after 403 NOT_VERIFIED carries next', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchMock({ 'POST /v4/account/login': { status: 403, json: { error: 'Verify your e-mail first', code: 'NOT_VERIFIED' } } }),
    );
    renderApp(`/login?next=${NEXT}`);
    await logIn();
    expect(await screen.findByRole('link', { name: 'Verify e-mail' })).toHaveAttribute(
      'href',
      `/verify-user?email=ann.hogan%40example.com&next=${NEXT}`,
    );
  });
});

describe('registration and verify-user: ?next= and ?email=', () => {
  it('registration fills in the e-mail and passes next on to verify-user, which passes it on to login', async () => {
    const fetchMock = createFetchMock({
      'POST /v4/account/register': { json: { uid: -1 } },
      'GET /v4/account/verify': { json: { uid: 12 } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp(`/registration?email=${encodeURIComponent('bea@example.com')}&next=${NEXT}`);
    expect(await screen.findByLabelText('Email')).toHaveValue('bea@example.com');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${NEXT}`);
    await userEvent.type(screen.getByLabelText('First name'), 'Bea');
    await userEvent.type(screen.getByLabelText('Last name'), 'Vardon');
    await userEvent.type(screen.getByLabelText('Password'), 'fairway-finder-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(INVITE);
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/register')[0]!.init.body)).email).toBe('bea@example.com');

    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', `/login?next=${NEXT}`);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('email')).toBe('bea@example.com');
    expect(params.get('next')).toBe(INVITE);
    expect(await screen.findByLabelText('Email')).toHaveValue('bea@example.com');
  });

  it('drops a next that would leave the app', async () => {
    vi.stubGlobal('fetch', createFetchMock({ 'GET /v4/account/verify': { json: { uid: 12 } } }));
    const { router } = renderApp(`/verify-user?email=ann%40example.com&next=${encodeURIComponent('https://evil.example')}`);
    expect(await screen.findByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?email=ann%40example.com');
  });
});

describe('signed in already', () => {
  it('registration with ?next= goes straight to the next path; without one, to the root page; never off the app', async () => {
    loginApi();
    localStorage.setItem('token', 'tok-2');
    session.store.set({
      ...LOGGED_OUT_STATE,
      status: 'loggedIn',
      user: buildUser(),
      subscription: buildSubscription(),
      subscriptionLoaded: true,
      settings: buildSettings(),
    });
    const first = renderApp(`/registration?next=${NEXT}`);
    await waitFor(() => expect(`${first.router.state.location.pathname}${first.router.state.location.search}`).toBe(INVITE));
    first.unmount();
    const second = renderApp(`/registration?next=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/'));
  });
});
