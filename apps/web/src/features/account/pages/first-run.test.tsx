import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';

const TICKET = 'aB3_-aB3_-aB3_-aB3_-aB3_-aB3_-aB3_-aB3_-aB3';
const INVITE = '/invite?invite_id=3';
const NEW_GOLFER = buildUser({
  uid: 12,
  email: 'bea@example.com',
  first_name: 'Bea',
  last_name: 'Vardon',
  level: null,
  benchmark: 'NINETY',
  setup_pending: true,
});

function signedInApi(routes: Routes = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/account': { json: NEW_GOLFER },
    'GET /v4/account/subscription': { json: buildSubscription() },
    'GET /v4/account/settings': { json: buildSettings() },
    'GET /v4/notifications/count_unread': { json: { count: 0 } },
    'GET /v4/orgs/invite': { json: { error: 'Not found', code: 'NOT_FOUND' }, status: 404 },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(user = NEW_GOLFER) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user,
    settings: buildSettings(),
    subscription: buildSubscription(),
    subscriptionLoaded: true,
  });
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

const bodyOf = (call: { init: RequestInit } | undefined) => JSON.parse(String(call?.init.body)) as Record<string, unknown>;

describe('verifying on the browser that registered', () => {
  it('signs in with the answered session and lands on Set up, keeping next; the ticket is used once', async () => {
    const fetchMock = signedInApi({
      'POST /v4/account/register': { json: { uid: -1, ticket: TICKET } },
      'GET /v4/account/verify': { json: { uid: 12, token: 'tok-verified' } },
    });
    const { router } = renderApp(`/registration?email=${encodeURIComponent('bea@example.com')}&next=${encodeURIComponent(INVITE)}`);
    await userEvent.type(await screen.findByLabelText('Password'), 'fairway-finder-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(INVITE);
    const verify = callsTo(fetchMock, 'GET /v4/account/verify')[0]!;
    expect(Object.fromEntries(verify.url.searchParams)).toEqual({ email: 'bea@example.com', code: '123456', ticket: TICKET });
    expect(localStorage.getItem('token')).toBe('tok-verified');
    expect(localStorage.getItem('registrationTicket')).toBeNull();
    expect(session.store.get()).toMatchObject({ status: 'loggedIn', user: { uid: 12 } });
    // Nobody typed the password a second time.
    expect(callsTo(fetchMock, 'POST /v4/account/login')).toHaveLength(0);
  });

  it('a refused code keeps the visitor signed out on the page, with the ticket kept for the next try', async () => {
    localStorage.setItem('registrationTicket', TICKET);
    signedInApi({ 'GET /v4/account/verify': { status: 400, json: { error: 'The code is wrong or has expired.', code: 'INVALID_CODE' } } });
    const { router } = renderApp('/verify-user?email=bea%40example.com');
    await userEvent.type(await screen.findByLabelText('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong or has expired.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-user');
    expect(session.store.get().status).toBe('loggedOut');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('registrationTicket')).toBe(TICKET);
  });
});

describe('logging in while Set up is pending', () => {
  it('goes to Set up first, then on to next', async () => {
    signedInApi({ 'POST /v4/account/login': { json: { token: 'tok-2', uid: 12 } } });
    const { router } = renderApp(`/login?next=${encodeURIComponent(INVITE)}`);
    await userEvent.type(await screen.findByLabelText('Email'), 'bea@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'fairway-finder-42');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(INVITE);
  });
});

describe('the Set up page', () => {
  it('offers the benchmark from the level and the handicap until one is chosen, and saves through the account calls', async () => {
    const fetchMock = signedInApi({
      'POST /v4/account': { json: { ...NEW_GOLFER, level: 'Male Pro', benchmark: 'EIGHTY' } },
      'POST /v4/account/settings': { json: buildSettings({ units: 'FEET_METERS' }) },
    });
    signIn();
    const { router } = renderApp(`/setup?next=${encodeURIComponent(INVITE)}`);
    const benchmark = await screen.findByRole('radiogroup', { name: 'Benchmark' });
    expect(within(benchmark).getByRole('radio', { name: '90 golfer' })).toBeChecked();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Male Pro');
    expect(within(benchmark).getByRole('radio', { name: 'PGA Tour' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Handicap index (optional)'), '9');
    expect(within(benchmark).getByRole('radio', { name: '80 golfer' })).toBeChecked();

    expect(within(screen.getByRole('radiogroup', { name: 'Long distances' })).getByRole('radio', { name: 'Yards' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Putts' })).getByRole('radio', { name: 'Feet' })).toBeChecked();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Long distances' })).getByRole('radio', { name: 'Meters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/invite'));
    expect(bodyOf(callsTo(fetchMock, 'POST /v4/account')[0])).toEqual({
      email: 'bea@example.com',
      first_name: 'Bea',
      last_name: 'Vardon',
      level: 'Male Pro',
      benchmark: 'EIGHTY',
    });
    expect(bodyOf(callsTo(fetchMock, 'POST /v4/account/settings')[0])).toEqual({ units: 'FEET_METERS', setup_done: true });
    expect(session.store.get().user).toMatchObject({ level: 'Male Pro', benchmark: 'EIGHTY', setup_pending: false });
  });

  it('keeps a benchmark the golfer chose, whatever the level says afterwards', async () => {
    signedInApi();
    signIn();
    renderApp('/setup');
    const benchmark = await screen.findByRole('radiogroup', { name: 'Benchmark' });
    await userEvent.click(within(benchmark).getByRole('radio', { name: 'LPGA Tour' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Male Pro');
    expect(within(benchmark).getByRole('radio', { name: 'LPGA Tour' })).toBeChecked();
  });

  it('refuses a handicap out of range beside the field and saves nothing', async () => {
    const fetchMock = signedInApi();
    signIn();
    renderApp('/setup');
    await userEvent.type(await screen.findByLabelText('Handicap index (optional)'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A handicap index is from -10 (plus 10) to 54')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/account')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST /v4/account/settings')).toHaveLength(0);
  });

  it('Skip ends Set up with nothing else saved and goes on to the root page', async () => {
    const fetchMock = signedInApi({ 'POST /v4/account/settings': { json: buildSettings() } });
    signIn();
    const { router } = renderApp('/setup');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf(callsTo(fetchMock, 'POST /v4/account/settings')[0])).toEqual({ setup_done: true });
    expect(callsTo(fetchMock, 'POST /v4/account')).toHaveLength(0);
    expect(session.store.get().user.setup_pending).toBe(false);
  });

  it('a failed save leaves Set up pending and the page open', async () => {
    signedInApi({ 'POST /v4/account/settings': { status: 500, json: { error: 'Internal error', code: 'INTERNAL' } } });
    signIn();
    const { router } = renderApp('/setup');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Skip' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/setup');
    expect(session.store.get().user.setup_pending).toBe(true);
  });

  it('is never shown once saved or skipped: the page goes straight on', async () => {
    signedInApi();
    signIn(buildUser({ setup_pending: false }));
    const { router } = renderApp(`/setup?next=${encodeURIComponent(INVITE)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite'));
    expect(screen.queryByRole('heading', { name: 'Set up' })).not.toBeInTheDocument();
  });
});
