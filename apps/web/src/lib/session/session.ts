/**
 * The signed-in session: who is logged in, their subscription, settings and
 * branding, the client-side event selection and the notification badge. Plain TypeScript so the
 * api client, the router and the native shell can drive it without React.
 */
import type { Settings, SettingsUpdate, User } from '@holeout/contracts';
import { DEFAULT_THEME_INDEX, DEFAULT_UNITS, THEMES, type Subscription } from '@holeout/golf';
import type { QueryClient } from '@tanstack/react-query';
import { trackEvent } from '../analytics.ts';
import { ApiError, apiClient, type ApiClient } from '../api-client.ts';
import { localCache, type LocalCache } from '../cache.ts';
import { queryClient as appQueryClient, invalidateStatistics, STATS_QUERY_KEY } from '../query-client.ts';
import { readStored, removeStored, SAVED_REPORT_KEYS, writeStored } from '../storage.ts';
import { createStore, type Store } from '../store.ts';
import { resolveBranding, type Branding } from './branding.ts';
import { noPushRegistrar, webFederatedAuth, type FederatedAuth, type PushRegistrar } from './integrations.ts';
import { sessionCalls } from './session-calls.ts';
import { paths } from '../paths.ts';
import type { QueryPersistence } from '../offline/query-persistence.ts';

export type SessionStatus = 'loggedOut' | 'loading' | 'loggedIn';

/** How a sign-in happened, as the login event records it. */
export type SignInVia = { method: 'email' | 'verify' } | { method: 'firebase'; provider: string };

/** A notification as the menu and the notifications page keep it. */
export interface NotificationItem {
  notify_id: number;
  opened_at: string | null;
  title: string;
  body: string;
}

export interface SessionState {
  status: SessionStatus;
  user: User;
  subscription: Subscription | null;
  /** The subscription fetch after sign-in has settled: until then access rules cannot tell free from premium. */
  subscriptionLoaded: boolean;
  settings: Settings | null;
  branding: Branding | null;
  /** Round event ids the statistics are narrowed to. Client-side only. */
  selectedRounds: number[];
  unreadCount: number;
  notifications: NotificationItem[];
}

/** A logged-out user: uid -1 and empty fields. */
export const LOGGED_OUT_USER: User = {
  uid: -1,
  email: '',
  first_name: '',
  last_name: '',
  level: null,
  benchmark: 'TOUR',
  is_coach: false,
  sub_id: null,
  has_password: false,
  pending_email: null,
  setup_pending: false,
};

export const LOGGED_OUT_STATE: SessionState = {
  status: 'loggedOut',
  user: LOGGED_OUT_USER,
  subscription: null,
  subscriptionLoaded: false,
  settings: null,
  branding: null,
  selectedRounds: [],
  unreadCount: 0,
  notifications: [],
};

const SETTINGS_CACHE_KEY = 'settings';
/**
 * The event selection is a client-side list kept until logout (which clears the local cache): it
 * survives a reload, for as long as a session may last.
 */
const SELECTION_CACHE_KEY = 'selection';
const SELECTION_TTL_MS = 180 * 24 * 3600 * 1000;

/** A stored selection, if it is a list of event ids; anything else reads as none. */
function storedSelection(value: unknown): number[] {
  return Array.isArray(value) && value.every((id) => Number.isSafeInteger(id) && id > 0) ? (value as number[]) : [];
}

/**
 * Who was signed in, as last confirmed by the API: an app opened with no network signs in from it,
 * so the golfer reaches their pages (and the data kept on the device) instead of the login page.
 * In the local cache, so logout drops it with everything else; kept 30 days.
 */
const OFFLINE_SESSION_KEY = 'offline-session';
const OFFLINE_SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

interface OfflineSession {
  user: User;
  subscription: Subscription | null;
  branding: Branding | null;
}

function isOfflineSession(value: unknown): value is OfflineSession {
  if (typeof value !== 'object' || value === null) return false;
  const user = (value as { user?: unknown }).user;
  return typeof user === 'object' && user !== null && Number.isSafeInteger((user as { uid?: unknown }).uid);
}

export function defaultSettings(): Settings {
  return { theme: DEFAULT_THEME_INDEX, units: DEFAULT_UNITS, usershares: [], orgshares: [] };
}

/** The theme in force: the saved one, or the default when logged out or not yet loaded. */
export function themeIndexOf(state: Pick<SessionState, 'settings'>): number {
  const index = state.settings?.theme ?? DEFAULT_THEME_INDEX;
  return index >= 0 && index < THEMES.length ? index : DEFAULT_THEME_INDEX;
}

export interface SessionDeps {
  api?: ApiClient;
  queryClient?: QueryClient;
  cache?: LocalCache;
  navigate?: (path: string) => void;
  push?: PushRegistrar;
  federated?: FederatedAuth;
  /** The pages' last data kept on the device: read back at start-up, dropped at logout. */
  persistence?: QueryPersistence;
  /** Runs `then` once when the device is back online (the window's online event); returns a cancel. */
  whenOnline?: (then: () => void) => () => void;
}

/**
 * The app's kept page data (offline/query-persistence.ts), loaded on first use so the first page
 * (login) does not carry it. A module that cannot load (no network, no worker) keeps nothing.
 */
function lazyQueryPersistence(): QueryPersistence {
  let loading: Promise<QueryPersistence | null> | null = null;
  const load = () =>
    (loading ??= import('../offline/query-persistence.ts').then(
      (module) => module.queryPersistence,
      (cause: unknown) => {
        console.warn('Kept page data is not available', cause);
        loading = null;
        return null;
      },
    ));
  return {
    prefetch: () => void load().then((persistence) => persistence?.prefetch()),
    restore: async (queryClient, uid) => (await load())?.restore(queryClient, uid),
    start(queryClient, uid) {
      let stop: (() => void) | null = null;
      let stopped = false;
      void load().then((persistence) => {
        if (persistence && !stopped) stop = persistence.start(queryClient, uid);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
    clear: async () => (await load())?.clear(),
  };
}

function windowWhenOnline(then: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', then, { once: true });
  return () => window.removeEventListener('online', then);
}

export interface Session {
  store: Store<SessionState>;
  /** On start-up: a stored token becomes a session when the user info loads. */
  restore(): Promise<void>;
  login(email: string, password: string): Promise<void>;
  /**
   * Signs in with a token the API issued another way: verifying the e-mail on the registering
   * browser, or a sign-in with a federated provider (recorded as a login like a password's).
   */
  signInWithToken(token: string, via?: SignInVia): Promise<void>;
  logout(options?: { callServer?: boolean }): Promise<void>;
  /** Logs out and sends the user to the login page (401, missing token, Log Out confirmed). */
  logoutToLogin(options?: { callServer?: boolean }): Promise<void>;
  setUser(user: User): void;
  /** Applies a theme at once and, when logged in, saves it; true when it is saved (or nothing needed saving). */
  changeTheme(index: number): Promise<boolean>;
  saveSettings(update: SettingsUpdate): Promise<Settings>;
  toggleRoundSelection(eventId: number): void;
  setSelectedRounds(eventIds: readonly number[]): void;
  refreshUnreadCount(): Promise<void>;
  setUnreadCount(count: number): void;
  /**
   * Reads the user, subscription, branding and settings again without leaving the signed-in state:
   * after joining or leaving an organisation, or a seat change, which change the access a user has.
   */
  reloadAccess(): Promise<void>;
  /** Removes this device's push registration (before deleting the account, so no push reaches a deleted user). */
  removeDevice(): Promise<void>;
  setNavigator(navigate: (path: string) => void): void;
  setPushRegistrar(push: PushRegistrar): void;
  setFederatedAuth(federated: FederatedAuth): void;
}

export function createSession(deps: SessionDeps = {}): Session {
  const api = deps.api ?? apiClient;
  const queryClient = deps.queryClient ?? appQueryClient;
  const cache = deps.cache ?? localCache;
  let navigate = deps.navigate ?? ((path: string) => window.location.assign(path));
  let push = deps.push ?? noPushRegistrar;
  let federated = deps.federated ?? webFederatedAuth;
  const whenOnline = deps.whenOnline ?? windowWhenOnline;
  const persistence = deps.persistence ?? lazyQueryPersistence();
  const store = createStore<SessionState>(LOGGED_OUT_STATE);
  let cancelResume: (() => void) | null = null;
  let loggingOut: Promise<void> | null = null;
  /**
   * Bumped by every logout. Work started for one sign-in checks it before it lands, so an answer
   * that arrives after a logout cannot put the previous user's data back (or into the cache).
   */
  let signInGeneration = 0;
  const stillCurrent = () => {
    const generation = signInGeneration;
    return () => generation === signInGeneration;
  };

  const patch = (partial: Partial<SessionState>) => store.set((previous) => ({ ...previous, ...partial }));

  function applySettings(settings: Settings): void {
    cache.set(SETTINGS_CACHE_KEY, settings);
    patch({ settings });
  }

  async function loadSubscription(current: () => boolean): Promise<Subscription | null> {
    try {
      const subscription = await sessionCalls.getSubscription(api);
      if (current()) patch({ subscription, subscriptionLoaded: true });
      return subscription;
    } catch {
      // A failed subscription fetch is silent: the user reads as free tier.
      if (current())
        store.set((previous) => ({ ...previous, subscription: null, subscriptionLoaded: true, user: { ...previous.user, sub_id: null } }));
      return null;
    }
  }

  async function loadBranding(subscription: Subscription | null, current: () => boolean): Promise<void> {
    if (!current()) return;
    if (!subscription?.has_branding) {
      patch({ branding: null });
      return;
    }
    try {
      const branding = resolveBranding(subscription, await sessionCalls.getOrgs(api));
      if (current()) patch({ branding });
    } catch {
      if (current()) patch({ branding: null });
    }
  }

  /** Keeps who is signed in (as the API just confirmed) for an open with no network. */
  function rememberForOffline(current: () => boolean): void {
    if (!current()) return;
    const { status, user, subscription, branding, subscriptionLoaded } = store.get();
    if (status !== 'loggedIn' || !subscriptionLoaded) return;
    cache.set<OfflineSession>(OFFLINE_SESSION_KEY, { user, subscription, branding }, OFFLINE_SESSION_TTL_MS);
  }

  async function reloadAccess(): Promise<void> {
    if (store.get().status !== 'loggedIn') return;
    const current = stillCurrent();
    const user = await sessionCalls.getUser(api);
    if (!current()) return;
    patch({ user });
    await loadBranding(await loadSubscription(current), current);
    rememberForOffline(current);
    try {
      const settings = await sessionCalls.getSettings(api);
      if (current()) applySettings(settings);
    } catch {
      // The settings already held stay; the next sign-in loads them again.
    }
  }

  async function refreshUnreadCount(): Promise<void> {
    if (store.get().status !== 'loggedIn') return;
    const current = stillCurrent();
    try {
      const { count } = await sessionCalls.countUnread(api);
      if (current()) patch({ unreadCount: count });
    } catch {
      // The badge is a hint; a failed count leaves the last one showing.
    }
  }

  /** After sign-in: subscription (then branding), settings, push registration, unread count. */
  async function afterSignIn(current: () => boolean): Promise<void> {
    const loadSettings = sessionCalls.getSettings(api).then(
      (settings) => (current() ? applySettings(settings) : undefined),
      () => undefined,
    );
    const registerPush = push.register().catch((cause: unknown) => console.warn('Push registration failed', cause));
    await Promise.all([
      loadSubscription(current).then((subscription) => loadBranding(subscription, current)),
      loadSettings,
      registerPush,
      refreshUnreadCount(),
    ]);
    rememberForOffline(current);
  }

  /**
   * No answer from the API at start-up (no network): the user it last confirmed is signed in from
   * the device, with their subscription's access, and the session is confirmed with the API as soon
   * as the device is back online (a token refused then logs out as always). False when nobody was
   * remembered.
   */
  async function restoreOffline(current: () => boolean): Promise<boolean> {
    const remembered = cache.get<unknown>(OFFLINE_SESSION_KEY);
    if (!isOfflineSession(remembered)) return false;
    await signedIn(remembered.user.uid, current);
    if (!current()) return true;
    patch({
      status: 'loggedIn',
      user: remembered.user,
      subscription: remembered.subscription,
      subscriptionLoaded: true,
      branding: remembered.branding,
    });
    cancelResume?.();
    cancelResume = whenOnline(() => {
      cancelResume = null;
      if (!current()) return;
      void confirmOnline(current);
    });
    return true;
  }

  async function confirmOnline(current: () => boolean): Promise<void> {
    let user: User;
    try {
      user = await sessionCalls.getUser(api);
    } catch (cause) {
      if (!current()) return;
      if (cause instanceof ApiError && cause.status === 401) {
        await logoutToLogin({ callServer: false });
        return;
      }
      // Still no answer: try again at the next online event.
      if (cause instanceof ApiError && cause.status === 0) await restoreOffline(current);
      return;
    }
    if (!current()) return;
    patch({ user });
    await afterSignIn(current);
  }

  async function restore(): Promise<void> {
    if (!readStored('token')) {
      store.set(LOGGED_OUT_STATE);
      return;
    }
    const current = stillCurrent();
    persistence.prefetch();
    // The cached settings paint the user's theme before the network answers.
    patch({
      status: 'loading',
      settings: cache.get<Settings>(SETTINGS_CACHE_KEY),
      selectedRounds: storedSelection(cache.get<unknown>(SELECTION_CACHE_KEY)),
    });
    let user: User;
    try {
      user = await sessionCalls.getUser(api);
    } catch (cause) {
      if (!current()) return;
      if (cause instanceof ApiError && cause.status === 0 && (await restoreOffline(current))) return;
      patch({ status: 'loggedOut' });
      if (cause instanceof ApiError && cause.status === 401) {
        removeStored('token', ...SAVED_REPORT_KEYS);
        store.set(LOGGED_OUT_STATE);
        return;
      }
      throw cause;
    }
    if (!current()) return;
    await signedIn(user.uid, current);
    if (!current()) return;
    patch({ status: 'loggedIn', user });
    await afterSignIn(current);
  }

  /**
   * Before the pages of a restored session draw: the data they last loaded on this device goes back
   * into the query client, and from then on their answers are kept.
   */
  async function signedIn(uid: number, current: () => boolean): Promise<void> {
    await persistence.restore(queryClient, uid);
    if (current()) persistence.start(queryClient, uid);
  }

  async function login(email: string, password: string): Promise<void> {
    const current = stillCurrent();
    const { token } = await sessionCalls.login(api, { email, password });
    if (!current()) return;
    await startSession(token, current, { method: 'email' });
  }

  async function signInWithToken(token: string, via: SignInVia = { method: 'verify' }): Promise<void> {
    await startSession(token, stillCurrent(), via);
  }

  /** Keeps the token, loads the user (dropping the token when that fails), then the rest of the session. */
  async function startSession(token: string, current: () => boolean, via: SignInVia): Promise<void> {
    writeStored('token', token);
    let user: User;
    try {
      user = await sessionCalls.getUser(api);
    } catch (cause) {
      if (current()) removeStored('token');
      throw cause;
    }
    if (!current()) return;
    persistence.start(queryClient, user.uid);
    patch({ status: 'loggedIn', user });
    trackEvent('login', via);
    await afterSignIn(current);
  }

  async function runLogout(callServer: boolean): Promise<void> {
    signInGeneration += 1;
    cancelResume?.();
    cancelResume = null;
    const hadToken = readStored('token') !== null;
    if (callServer && hadToken) {
      // These need the token, so they go before it is dropped; failures must not keep anyone signed in.
      await push.unregister().catch((cause: unknown) => console.warn('Push unregistration failed', cause));
      await sessionCalls.logout(api).catch(() => undefined);
    }
    removeStored('token');
    cache.clear();
    // The kept page data goes too; started here (nothing is written for this user after it), and
    // awaited last so the signed-out state does not wait for the device's storage.
    const keptDropped = persistence.clear();
    await queryClient.cancelQueries();
    queryClient.removeQueries({ queryKey: STATS_QUERY_KEY });
    queryClient.clear();
    store.set(LOGGED_OUT_STATE);
    await federated.signOut().catch((cause: unknown) => console.warn('Federated sign-out failed', cause));
    await keptDropped;
  }

  function logout(options: { callServer?: boolean } = {}): Promise<void> {
    // A burst of 401s must log out once, not once per failing call.
    if (loggingOut) return loggingOut;
    loggingOut = runLogout(options.callServer ?? true).finally(() => {
      loggingOut = null;
    });
    return loggingOut;
  }

  async function logoutToLogin(options: { callServer?: boolean } = {}): Promise<void> {
    await logout(options);
    navigate(paths.login);
  }

  async function saveSettings(update: SettingsUpdate): Promise<Settings> {
    const current = stillCurrent();
    const saved = await sessionCalls.saveSettings(api, update);
    if (current()) applySettings(saved);
    return saved;
  }

  async function changeTheme(index: number): Promise<boolean> {
    const theme = index >= 0 && index < THEMES.length ? index : DEFAULT_THEME_INDEX;
    const previous = store.get().settings;
    patch({ settings: { ...(previous ?? defaultSettings()), theme } });
    if (store.get().status !== 'loggedIn') return true;
    const current = stillCurrent();
    try {
      await saveSettings({ theme });
      return true;
    } catch {
      // The api client has told the user; show the theme that is actually saved.
      if (current()) patch({ settings: previous });
      return false;
    }
  }

  function setSelectedRounds(eventIds: readonly number[]): void {
    const selectedRounds = [...new Set(eventIds)];
    patch({ selectedRounds });
    cache.set(SELECTION_CACHE_KEY, selectedRounds, SELECTION_TTL_MS);
    // Every statistic depends on the selection: drop what was computed for the old one.
    void invalidateStatistics(queryClient);
  }

  function toggleRoundSelection(eventId: number): void {
    const selected = store.get().selectedRounds;
    setSelectedRounds(selected.includes(eventId) ? selected.filter((id) => id !== eventId) : [...selected, eventId]);
  }

  const session: Session = {
    store,
    restore,
    login,
    signInWithToken,
    logout,
    logoutToLogin,
    setUser: (user) => {
      patch({ user });
      rememberForOffline(stillCurrent());
    },
    changeTheme,
    saveSettings,
    toggleRoundSelection,
    setSelectedRounds,
    refreshUnreadCount,
    reloadAccess,
    setUnreadCount: (count) => patch({ unreadCount: Math.max(0, count) }),
    removeDevice: () => push.unregister().catch((cause: unknown) => console.warn('Push unregistration failed', cause)),
    setNavigator(next) {
      navigate = next;
    },
    setPushRegistrar(next) {
      push = next;
      // The native shell loads after a stored session may have signed in already: that sign-in registers now.
      if (store.get().status === 'loggedIn')
        void next.register().catch((cause: unknown) => console.warn('Push registration failed', cause));
    },
    setFederatedAuth(next) {
      federated = next;
    },
  };

  api.setSessionHandlers({
    onUnauthorized: () => logoutToLogin({ callServer: false }),
    onNotLoggedIn: () => logoutToLogin({ callServer: false }),
  });

  return session;
}

/** The app's session, bound to the app's api client and query client. */
export const session: Session = createSession();
