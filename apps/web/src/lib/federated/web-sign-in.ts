/**
 * The web's federated sign-in: the Firebase JS SDK, set up from GET /config's firebase block. A
 * popup on wide screens; on phones (a narrow viewport or a touch screen) a redirect, because
 * mobile browsers block or lose popups. A redirect leaves the page, so which step and provider
 * started it is kept in sessionStorage and the page it comes back to picks the result up.
 */
import type { FederatedProvider } from '@holeout/contracts';
import { apiClient } from '../api-client.ts';
import type { FederatedSignIn, FederatedStep } from './federated-sign-in.ts';
import type { PublicConfig } from '@holeout/contracts';
import { PROVIDER_SESSION_KEY, REDIRECT_KEY } from './marks.ts';
import { loadFirebaseSdk, type FirebaseAuthProviderLike, type FirebaseSdk } from './sdk.ts';

export type FirebaseWebConfig = NonNullable<PublicConfig['sign_in']['firebase']>;
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PROVIDERS: readonly FederatedProvider[] = ['google', 'apple', 'microsoft'];
const STEPS: readonly FederatedStep[] = ['login', 'registration', 'link', 'delete'];

/** Firebase's error codes for a sign-in the person ended themselves: nothing to warn about. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

export interface WebSignInDeps {
  loadSdk?: () => Promise<FirebaseSdk>;
  /** The Firebase web app, from GET /config; null when the web has none. */
  loadConfig?: () => Promise<FirebaseWebConfig | null>;
  /** Phones sign in by redirect. */
  prefersRedirect?: () => boolean;
  /** Where a redirect sign-in keeps its step and provider (sessionStorage). */
  pending?: KeyValueStore | null;
  /** Where the mark of a provider session is kept (localStorage). */
  marks?: KeyValueStore | null;
  log?: (message: string, cause?: unknown) => void;
}

function isPhone(): boolean {
  if (typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(max-width: 768px)').matches || window.matchMedia('(pointer: coarse)').matches;
}

function browserStore(which: 'localStorage' | 'sessionStorage'): KeyValueStore | null {
  // Private browsing modes can throw on access; nothing is remembered then.
  try {
    return typeof window === 'undefined' ? null : window[which];
  } catch {
    return null;
  }
}

function parsedConfig(raw: string | null | undefined): FirebaseWebConfig | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<FirebaseWebConfig> | null;
    if (typeof value?.api_key !== 'string' || typeof value.auth_domain !== 'string' || typeof value.project_id !== 'string') return null;
    return { api_key: value.api_key, auth_domain: value.auth_domain, project_id: value.project_id };
  } catch {
    return null;
  }
}

/** GET /config's firebase block, read once per page load (it changes only with the server's settings). */
let configLoading: Promise<FirebaseWebConfig | null> | null = null;
function configFromServer(): Promise<FirebaseWebConfig | null> {
  configLoading ??= apiClient.get<PublicConfig>('/config', { auth: false, quiet: true }).then(
    (config) => config.sign_in.firebase,
    (cause: unknown) => {
      configLoading = null;
      throw cause;
    },
  );
  return configLoading;
}

function providerFor(sdk: FirebaseSdk, provider: FederatedProvider): FirebaseAuthProviderLike {
  if (provider === 'google') return new sdk.GoogleAuthProvider();
  const oauth = new sdk.OAuthProvider(provider === 'apple' ? 'apple.com' : 'microsoft.com');
  // Apple gives the address only when asked for it; the API needs a verified one to make an account.
  oauth.addScope('email');
  return oauth;
}

function errorCode(cause: unknown): string {
  return typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : '';
}

export function createWebFederatedSignIn(deps: WebSignInDeps = {}): FederatedSignIn {
  const loadSdk = deps.loadSdk ?? loadFirebaseSdk;
  const loadConfig = deps.loadConfig ?? configFromServer;
  const prefersRedirect = deps.prefersRedirect ?? isPhone;
  const pending = deps.pending === undefined ? browserStore('sessionStorage') : deps.pending;
  const marks = deps.marks === undefined ? browserStore('localStorage') : deps.marks;
  const rememberProviderSession = (config: FirebaseWebConfig) => marks?.setItem(PROVIDER_SESSION_KEY, JSON.stringify(config));
  const log = deps.log ?? ((message: string, cause?: unknown) => console.warn(message, cause));
  const auths = new Map<string, unknown>();

  /** One Firebase app per project and key: initializeApp refuses a second app of the same name. */
  function authFor(sdk: FirebaseSdk, config: FirebaseWebConfig): unknown {
    const name = `holeout-${config.project_id}-${config.api_key}`;
    let auth = auths.get(name);
    if (auth === undefined) {
      auth = sdk.getAuth(sdk.initializeApp({ apiKey: config.api_key, authDomain: config.auth_domain, projectId: config.project_id }, name));
      auths.set(name, auth);
    }
    return auth;
  }

  function failed(cause: unknown): null {
    if (!CANCELLED.has(errorCode(cause))) log('Federated sign-in failed', cause);
    return null;
  }

  async function signInWith(provider: FederatedProvider, step: FederatedStep = 'login'): Promise<string | null> {
    try {
      const [sdk, config] = await Promise.all([loadSdk(), loadConfig()]);
      if (!config) return failed(new Error('The server offers no Firebase web app'));
      const auth = authFor(sdk, config);
      if (prefersRedirect()) {
        pending?.setItem(REDIRECT_KEY, JSON.stringify({ step, provider }));
        await sdk.signInWithRedirect(auth, providerFor(sdk, provider));
        // The page is on its way to the provider; its answer arrives through takeRedirectResult.
        return null;
      }
      const credential = await sdk.signInWithPopup(auth, providerFor(sdk, provider));
      rememberProviderSession(config);
      return await credential.user.getIdToken();
    } catch (cause) {
      pending?.removeItem(REDIRECT_KEY);
      return failed(cause);
    }
  }

  async function takeRedirectResult(step: FederatedStep): Promise<{ provider: FederatedProvider; idToken: string } | null> {
    const started = readPending();
    if (!started || started.step !== step) return null;
    pending?.removeItem(REDIRECT_KEY);
    try {
      const [sdk, config] = await Promise.all([loadSdk(), loadConfig()]);
      if (!config) return failed(new Error('The server offers no Firebase web app'));
      const credential = await sdk.getRedirectResult(authFor(sdk, config));
      // No result: the person came back without signing in (the back button).
      if (!credential) return null;
      rememberProviderSession(config);
      return { provider: started.provider, idToken: await credential.user.getIdToken() };
    } catch (cause) {
      return failed(cause);
    }
  }

  function readPending(): { step: FederatedStep; provider: FederatedProvider } | null {
    const raw = pending?.getItem(REDIRECT_KEY);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as { step?: unknown; provider?: unknown } | null;
      const step = STEPS.find((s) => s === value?.step);
      const provider = PROVIDERS.find((p) => p === value?.provider);
      return step && provider ? { step, provider } : null;
    } catch {
      return null;
    }
  }

  async function signOut(): Promise<void> {
    const config = parsedConfig(marks?.getItem(PROVIDER_SESSION_KEY));
    // Forgotten first: a sign-out that fails is not retried at every later logout.
    marks?.removeItem(PROVIDER_SESSION_KEY);
    if (!config) return;
    const sdk = await loadSdk();
    await sdk.signOut(authFor(sdk, config));
  }

  return {
    platform: 'web',
    signInWith,
    takeRedirectResult,
    signOut,
    preload: () => void loadSdk().catch(() => undefined),
  };
}

export const webFederatedSignIn: FederatedSignIn = createWebFederatedSignIn();
