import { QueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleAnalyticsAdapter, setAnalyticsAdapter } from '../analytics.ts';
import { createApiClient } from '../api-client.ts';
import { createLocalCache } from '../cache.ts';
import { callsTo, createFetchMock, type Routes } from '../../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../../test/factories.ts';
import { createMemoryQueryStore, createQueryPersistence } from '../offline/query-persistence.ts';
import { createSession, LOGGED_OUT_STATE, LOGGED_OUT_USER, themeIndexOf } from './session.ts';

const signedInRoutes = (extra: Routes = {}): Routes => ({
  'POST /v4/account/login': { json: { token: 'tok-9', uid: 7 } },
  'GET /v4/account': { json: buildUser() },
  'GET /v4/account/subscription': { json: buildSubscription() },
  'GET /v4/account/settings': { json: buildSettings({ theme: 2, units: 'METERS_METERS' }) },
  'GET /v4/notifications/count_unread': { json: { count: 3 } },
  'POST /v4/account/logout': { json: { ok: true } },
  ...extra,
});

function setup(routes: Routes) {
  const fetchMock = createFetchMock(routes);
  const api = createApiClient({ fetch: fetchMock, toaster: { show: vi.fn() }, log: vi.fn() });
  const queryClient = new QueryClient();
  const navigate = vi.fn();
  const push = { register: vi.fn().mockResolvedValue(undefined), unregister: vi.fn().mockResolvedValue(undefined) };
  const federated = { signOut: vi.fn().mockResolvedValue(undefined) };
  const cache = createLocalCache(() => localStorage);
  const session = createSession({ api, queryClient, navigate, push, federated, cache });
  return { session, api, fetchMock, queryClient, navigate, push, federated, cache };
}

afterEach(() => setAnalyticsAdapter(consoleAnalyticsAdapter));

describe('session: the event selection', () => {
  it('survives a reload (a new session on the same device) and goes at logout', async () => {
    localStorage.setItem('token', 'tok-9');
    const first = setup(signedInRoutes());
    await first.session.restore();
    first.session.setSelectedRounds([12, 15, 12]);
    expect(first.session.store.get().selectedRounds).toEqual([12, 15]);

    const reloaded = setup(signedInRoutes());
    await reloaded.session.restore();
    expect(reloaded.session.store.get().selectedRounds).toEqual([12, 15]);

    await reloaded.session.logout();
    expect(reloaded.session.store.get().selectedRounds).toEqual([]);
    localStorage.setItem('token', 'tok-10');
    const next = setup(signedInRoutes());
    await next.session.restore();
    expect(next.session.store.get().selectedRounds).toEqual([]);
  });

  it('reads a stored value that is not a list of ids as no selection', async () => {
    localStorage.setItem('token', 'tok-9');
    const { session, cache } = setup(signedInRoutes());
    for (const bad of ['12,15', [12, 'x'], [0], { 0: 12 }, [1.5]]) {
      cache.set('selection', bad);
      await session.restore();
      expect(session.store.get().selectedRounds, JSON.stringify(bad)).toEqual([]);
    }
  });
});

describe('session: restoring a stored session', () => {
  it('stays logged out without a stored token, calling nothing', async () => {
    const { session, fetchMock } = setup(signedInRoutes());
    await session.restore();
    expect(session.store.get().status).toBe('loggedOut');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a stored token becomes a session when the user info loads, then loads the rest', async () => {
    localStorage.setItem('token', 'tok-9');
    const { session, push } = setup(signedInRoutes());
    await session.restore();
    const state = session.store.get();
    expect(state.status).toBe('loggedIn');
    expect(state.user.first_name).toBe('Ann');
    expect(state.subscription?.level).toBe(SUBSCRIPTION_LEVELS.PREMIUM);
    expect(state.settings?.units).toBe('METERS_METERS');
    expect(state.unreadCount).toBe(3);
    expect(push.register).toHaveBeenCalledTimes(1);
  });

  it('a 401 while loading the user removes the token and both saved report keys and stays logged out', async () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('savedReportDelivery', 'email');
    localStorage.setItem('savedReportBenchmark', 'TOUR');
    localStorage.setItem('tracking', '1');
    const { session, navigate } = setup({ 'GET /v4/account': { status: 401, json: { error: 'Unauthorized', code: 'UNAUTHORIZED' } } });
    await session.restore();
    expect(session.store.get()).toEqual(LOGGED_OUT_STATE);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('savedReportDelivery')).toBeNull();
    expect(localStorage.getItem('savedReportBenchmark')).toBeNull();
    expect(localStorage.getItem('tracking')).toBe('1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('other errors while loading the user are re-raised and keep the token', async () => {
    localStorage.setItem('token', 'tok-9');
    const { session } = setup({ 'GET /v4/account': { status: 500, json: { error: 'Database down', code: 'INTERNAL_ERROR' } } });
    await expect(session.restore()).rejects.toThrow('Database down');
    expect(session.store.get().status).toBe('loggedOut');
    expect(localStorage.getItem('token')).toBe('tok-9');
  });

  it('paints the cached theme while the user loads', async () => {
    localStorage.setItem('token', 'tok-9');
    const { session, cache } = setup(signedInRoutes());
    cache.set('settings', buildSettings({ theme: 4 }));
    const restoring = session.restore();
    expect(session.store.get().status).toBe('loading');
    expect(themeIndexOf(session.store.get())).toBe(4);
    await restoring;
    expect(themeIndexOf(session.store.get())).toBe(2);
  });
});

describe('session: login', () => {
  it('stores the token, loads the user, then records a login event', async () => {
    const track = vi.fn();
    setAnalyticsAdapter({ track });
    const { session, fetchMock } = setup(signedInRoutes());
    await session.login('ann.hogan@example.com', 'secret-password');
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(session.store.get().status).toBe('loggedIn');
    expect(track).toHaveBeenCalledWith('login', { method: 'email' });
    const userCall = callsTo(fetchMock, 'GET /v4/account')[0]!;
    expect((userCall.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
    // The login event comes after the user loaded.
    const order = fetchMock.mock.calls.map(([url]) => String(url));
    expect(order.indexOf('/v4/account')).toBeGreaterThan(order.indexOf('/v4/account/login'));
  });

  it('a failed subscription fetch sets subscription and sub_id to null silently', async () => {
    const { session } = setup(
      signedInRoutes({
        'GET /v4/account': { json: buildUser({ sub_id: 40 }) },
        'GET /v4/account/subscription': { status: 500, json: { error: 'boom', code: 'INTERNAL_ERROR' } },
      }),
    );
    await session.login('ann.hogan@example.com', 'secret-password');
    expect(session.store.get().subscription).toBeNull();
    expect(session.store.get().user.sub_id).toBeNull();
    expect(session.store.get().status).toBe('loggedIn');
  });

  it('loads organisation branding when the subscription has branding', async () => {
    const { session } = setup(
      signedInRoutes({
        'GET /v4/account/subscription': { json: buildSubscription({ sub_id: 40, has_branding: true, level: SUBSCRIPTION_LEVELS.TEAM }) },
        'GET /v4/orgs': {
          json: [
            { org_id: 1, name: 'Other Club', media_id: null, sub_id: 12 },
            { org_id: 2, name: 'Pine Valley Academy', media_id: 5, sub_id: 40 },
          ],
        },
      }),
    );
    await session.login('ann.hogan@example.com', 'secret-password');
    expect(session.store.get().branding).toEqual({ orgId: 2, name: 'Pine Valley Academy', mediaId: 5 });
  });

  it('does not ask for orgs when the subscription has no branding', async () => {
    const { session, fetchMock } = setup(signedInRoutes());
    await session.login('ann.hogan@example.com', 'secret-password');
    expect(callsTo(fetchMock, 'GET /v4/orgs')).toHaveLength(0);
    expect(session.store.get().branding).toBeNull();
  });
});

describe('session: logout', () => {
  it('clears every piece of session state, caches and the token, and tells the server', async () => {
    localStorage.setItem('savedReportDelivery', 'email');
    const { session, fetchMock, queryClient, push, federated, cache } = setup(signedInRoutes());
    await session.login('ann.hogan@example.com', 'secret-password');
    session.setSelectedRounds([12, 15]);
    cache.set('orgs', [1]);
    queryClient.setQueryData(['stats', 'sg', ''], { overall: 1 });
    queryClient.setQueryData(['events'], []);

    await session.logout();

    const state = session.store.get();
    expect(state).toEqual(LOGGED_OUT_STATE);
    expect(state.user).toEqual(LOGGED_OUT_USER);
    expect(state.user.uid).toBe(-1);
    expect(themeIndexOf(state)).toBe(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(cache.get('orgs')).toBeNull();
    expect(cache.get('settings')).toBeNull();
    expect(queryClient.getQueryData(['stats', 'sg', ''])).toBeUndefined();
    expect(queryClient.getQueryData(['events'])).toBeUndefined();
    expect(push.unregister).toHaveBeenCalledTimes(1);
    expect(federated.signOut).toHaveBeenCalledTimes(1);
    const logoutCall = callsTo(fetchMock, 'POST /v4/account/logout')[0]!;
    expect((logoutCall.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
  });

  it('still logs out locally when the server call fails', async () => {
    const { session } = setup(signedInRoutes({ 'POST /v4/account/logout': { status: 500, text: '' } }));
    await session.login('ann.hogan@example.com', 'secret-password');
    await session.logout();
    expect(session.store.get().status).toBe('loggedOut');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a 401 on any call logs out and goes to /login, once for a burst', async () => {
    const { session, api, navigate, fetchMock } = setup(
      signedInRoutes({ 'GET /v4/events': { status: 401, json: { error: 'Unauthorized', code: 'UNAUTHORIZED' } } }),
    );
    await session.login('ann.hogan@example.com', 'secret-password');
    await Promise.allSettled([api.get('/events'), api.get('/events')]);
    expect(session.store.get().status).toBe('loggedOut');
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    // The token is already dead: no server logout call after a 401.
    expect(callsTo(fetchMock, 'POST /v4/account/logout')).toHaveLength(0);
  });

  it("a call without a token logs out, goes to /login and raises 'Not logged in!'", async () => {
    const { api, navigate } = setup({});
    await expect(api.get('/events')).rejects.toThrow('Not logged in!');
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

/** Like setup, but the answers to `held` calls wait until `release()`. */
function setupHolding(routes: Routes, held: string[]) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inner = createFetchMock(routes);
  const fetchHolding = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${(init.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`;
    if (held.includes(key)) await gate;
    return inner(input, init);
  });
  const api = createApiClient({ fetch: fetchHolding, toaster: { show: vi.fn() }, log: vi.fn() });
  const cache = createLocalCache(() => localStorage);
  const navigate = vi.fn();
  const push = { register: vi.fn().mockResolvedValue(undefined), unregister: vi.fn().mockResolvedValue(undefined) };
  const session = createSession({ api, queryClient: new QueryClient(), navigate, push, cache });
  return { session, cache, release, navigate };
}

describe('session: answers that arrive after logout', () => {
  const afterSignInCalls = [
    'GET /v4/account/settings',
    'GET /v4/account/subscription',
    'GET /v4/orgs',
    'GET /v4/notifications/count_unread',
  ];
  const brandedRoutes = () =>
    signedInRoutes({
      'GET /v4/account/settings': { json: buildSettings({ theme: 4 }) },
      'GET /v4/account/subscription': { json: buildSubscription({ has_branding: true, sub_id: 40 }) },
      'GET /v4/orgs': { json: [{ org_id: 2, name: 'Pine Valley Academy', media_id: null, sub_id: 40 }] },
      'GET /v4/notifications/count_unread': { json: { count: 5 } },
    });

  /** Every state the session takes from now on. */
  const recordStates = (session: ReturnType<typeof setupHolding>['session']) => {
    const states: unknown[] = [];
    session.store.subscribe(() => states.push(session.store.get()));
    return states;
  };

  it.each([false, true])(
    'settings, subscription and unread count of a session that has logged out are dropped, not cached (branding %s)',
    async (hasBranding) => {
      const routes = {
        ...brandedRoutes(),
        'GET /v4/account/subscription': { json: buildSubscription({ has_branding: hasBranding, sub_id: 40 }) },
      };
      const { session, cache, release, navigate } = setupHolding(routes, afterSignInCalls);
      const loggingIn = session.login('ann.hogan@example.com', 'secret-password');
      await vi.waitFor(() => expect(session.store.get().status).toBe('loggedIn'));
      await session.logout();
      const states = recordStates(session);
      release();
      await loggingIn;
      expect(states.every((state) => JSON.stringify(state) === JSON.stringify(LOGGED_OUT_STATE))).toBe(true);
      expect(session.store.get()).toEqual(LOGGED_OUT_STATE);
      expect(cache.get('settings')).toBeNull();
      // Nothing late may act as if someone were still signed in (no second logout to /login).
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('a stored session whose user loads after a logout stays logged out', async () => {
    localStorage.setItem('token', 'tok-9');
    const { session, release, navigate } = setupHolding(brandedRoutes(), ['GET /v4/account']);
    const restoring = session.restore();
    await session.logout();
    const states = recordStates(session);
    release();
    await restoring;
    expect(states.map((state) => (state as { status: string }).status)).not.toContain('loggedIn');
    expect(session.store.get()).toEqual(LOGGED_OUT_STATE);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('session: theme and selection', () => {
  it('changing the theme while logged in saves the settings', async () => {
    const { session, fetchMock } = setup(
      signedInRoutes({ 'POST /v4/account/settings': ({ init }) => ({ json: buildSettings({ ...JSON.parse(String(init.body)) }) }) }),
    );
    await session.login('ann.hogan@example.com', 'secret-password');
    await session.changeTheme(3);
    expect(themeIndexOf(session.store.get())).toBe(3);
    const saves = callsTo(fetchMock, 'POST /v4/account/settings');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(String(saves[0]!.init.body))).toEqual({ theme: 3 });
  });

  it('changing the theme while logged out only applies it', async () => {
    const { session, fetchMock } = setup({});
    await session.changeTheme(1);
    expect(themeIndexOf(session.store.get())).toBe(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed theme save shows the saved theme again', async () => {
    const { session } = setup(
      signedInRoutes({ 'POST /v4/account/settings': { status: 500, json: { error: 'boom', code: 'INTERNAL_ERROR' } } }),
    );
    await session.login('ann.hogan@example.com', 'secret-password');
    await session.changeTheme(4);
    expect(themeIndexOf(session.store.get())).toBe(2);
  });

  it('selecting and deselecting rounds invalidates the stats caches only', async () => {
    const { session, queryClient } = setup({});
    queryClient.setQueryData(['stats', 'sg'], { overall: 1 });
    queryClient.setQueryData(['events'], []);
    session.toggleRoundSelection(12);
    expect(session.store.get().selectedRounds).toEqual([12]);
    expect(queryClient.getQueryState(['stats', 'sg'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['events'])?.isInvalidated).toBe(false);

    queryClient.setQueryData(['stats', 'sg'], { overall: 2 });
    session.toggleRoundSelection(12);
    expect(session.store.get().selectedRounds).toEqual([]);
    expect(queryClient.getQueryState(['stats', 'sg'])?.isInvalidated).toBe(true);
  });
});

describe('session: opening the app with no network', () => {
  /** The app's session on a device whose network can be cut; `online()` fires the online event. */
  function device(routes: Routes) {
    const answers = createFetchMock(routes);
    const network = { up: true };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!network.up) throw new TypeError('Failed to fetch');
      return answers(input, init);
    });
    let resume: (() => void) | null = null;
    const open = () =>
      createSession({
        api: createApiClient({ fetch: fetchMock, toaster: { show: vi.fn() }, log: vi.fn() }),
        queryClient: new QueryClient(),
        navigate: vi.fn(),
        push: { register: vi.fn().mockResolvedValue(undefined), unregister: vi.fn().mockResolvedValue(undefined) },
        federated: { signOut: vi.fn().mockResolvedValue(undefined) },
        cache: createLocalCache(() => localStorage),
        whenOnline: (then) => {
          resume = then;
          return () => (resume = null);
        },
      });
    return { open, network, fetchMock, online: () => resume?.(), waiting: () => resume !== null };
  }

  it('signs in the user the API last confirmed, with their access, and confirms with the API once online', async () => {
    localStorage.setItem('token', 'tok-9');
    const phone = device(signedInRoutes());
    await phone.open().restore();

    phone.network.up = false;
    const offline = phone.open();
    await offline.restore();
    expect(offline.store.get()).toMatchObject({ status: 'loggedIn', subscriptionLoaded: true, user: { first_name: 'Ann' } });
    expect(offline.store.get().subscription?.level).toBe(SUBSCRIPTION_LEVELS.PREMIUM);
    expect(phone.waiting()).toBe(true);

    phone.network.up = true;
    const before = callsTo(phone.fetchMock as never, 'GET /v4/account').length;
    phone.online();
    await vi.waitFor(() => expect(offline.store.get().unreadCount).toBe(3));
    expect(callsTo(phone.fetchMock as never, 'GET /v4/account').length).toBe(before + 1);
  });

  it('a token refused once back online logs out and drops what was remembered', async () => {
    localStorage.setItem('token', 'tok-9');
    let refused = false;
    const phone = device(
      signedInRoutes({
        'GET /v4/account': () => (refused ? { status: 401, json: { error: 'Unauthorized', code: 'UNAUTHORIZED' } } : { json: buildUser() }),
      }),
    );
    await phone.open().restore();
    phone.network.up = false;
    const offline = phone.open();
    await offline.restore();
    expect(offline.store.get().status).toBe('loggedIn');

    refused = true;
    phone.network.up = true;
    phone.online();
    await vi.waitFor(() => expect(offline.store.get()).toEqual(LOGGED_OUT_STATE));
    expect(localStorage.getItem('token')).toBeNull();
    localStorage.setItem('token', 'tok-9');
    phone.network.up = false;
    const again = phone.open();
    await expect(again.restore()).rejects.toThrow();
    expect(again.store.get().status).toBe('loggedOut');
  });

  it('nobody remembered (never signed in on this device, or logged out since) stays logged out', async () => {
    localStorage.setItem('token', 'tok-9');
    const phone = device(signedInRoutes());
    phone.network.up = false;
    const first = phone.open();
    await expect(first.restore()).rejects.toThrow();
    expect(first.store.get().status).toBe('loggedOut');

    phone.network.up = true;
    const online = phone.open();
    await online.restore();
    await online.logout();
    localStorage.setItem('token', 'tok-9');
    phone.network.up = false;
    const afterLogout = phone.open();
    await expect(afterLogout.restore()).rejects.toThrow();
    expect(afterLogout.store.get().status).toBe('loggedOut');
    expect(phone.waiting()).toBe(false);
  });
});

describe('session: the pages\u2019 data kept on the device', () => {
  it('is back in the query client before the restored session draws, and goes at logout', async () => {
    localStorage.setItem('token', 'tok-9');
    const store = createMemoryQueryStore();
    const persistence = () => createQueryPersistence({ store: () => store, build: 'b', delayMs: 10 });
    const open = (queryClient: QueryClient, kept = persistence()) =>
      createSession({
        api: createApiClient({ fetch: createFetchMock(signedInRoutes()), toaster: { show: vi.fn() }, log: vi.fn() }),
        queryClient,
        navigate: vi.fn(),
        push: { register: vi.fn().mockResolvedValue(undefined), unregister: vi.fn().mockResolvedValue(undefined) },
        federated: { signOut: vi.fn().mockResolvedValue(undefined) },
        cache: createLocalCache(() => localStorage),
        persistence: kept,
      });
    const firstClient = new QueryClient();
    await open(firstClient).restore();
    await firstClient.fetchQuery({ queryKey: ['stats', 'sg'], queryFn: async () => ({ total: -2.1 }) });
    await vi.waitFor(() => expect(store.value?.uid).toBe(7));

    const client = new QueryClient();
    const session = open(client);
    const seen: unknown[] = [];
    session.store.subscribe(() => {
      if (session.store.get().status === 'loggedIn' && seen.length === 0) seen.push(client.getQueryData(['stats', 'sg']));
    });
    await session.restore();
    expect(seen).toEqual([{ total: -2.1 }]);

    await session.logout();
    expect(store.value).toBeNull();
  });
});
