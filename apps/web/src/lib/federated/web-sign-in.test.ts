import { describe, expect, it, vi } from 'vitest';
import { PROVIDER_SESSION_KEY, REDIRECT_KEY } from './marks.ts';
import type { FirebaseAuthProviderLike, FirebaseSdk } from './sdk.ts';
import { createWebFederatedSignIn, type WebSignInDeps } from './web-sign-in.ts';

const CONFIG = { api_key: 'key-1', auth_domain: 'holeout-test.firebaseapp.com', project_id: 'holeout-test' };

/** A Map with the Storage calls the sign-in uses. */
function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

class FakeProvider implements FirebaseAuthProviderLike {
  readonly scopes: string[] = [];
  constructor(readonly providerId: string) {}
  addScope(scope: string) {
    this.scopes.push(scope);
  }
}

/** The SDK subset, answering with `token` unless told otherwise; records what it was asked. */
function fakeSdk(overrides: Partial<FirebaseSdk> = {}) {
  const user = { getIdToken: vi.fn(async () => 'id-token-1') };
  const sdk = {
    initializeApp: vi.fn((options: unknown, name?: string) => ({ options, name })),
    getAuth: vi.fn((app: unknown) => ({ app })),
    signInWithPopup: vi.fn(async () => ({ user })),
    signInWithRedirect: vi.fn(async () => undefined),
    getRedirectResult: vi.fn(async () => ({ user })),
    signOut: vi.fn(async () => undefined),
    GoogleAuthProvider: class extends FakeProvider {
      constructor() {
        super('google.com');
      }
    },
    OAuthProvider: FakeProvider,
    ...overrides,
  } satisfies FirebaseSdk;
  return sdk;
}

function setUp(sdk: FirebaseSdk, deps: Partial<WebSignInDeps> = {}) {
  const pending = memoryStore();
  const marks = memoryStore();
  const log = vi.fn();
  const signIn = createWebFederatedSignIn({
    loadSdk: async () => sdk,
    loadConfig: async () => CONFIG,
    prefersRedirect: () => false,
    pending,
    marks,
    log,
    ...deps,
  });
  return { signIn, pending, marks, log };
}

describe('web federated sign-in', () => {
  it('on a wide screen signs in with a popup and answers the ID token; the browser is marked as signed in with a provider', async () => {
    const sdk = fakeSdk();
    const { signIn, marks, pending } = setUp(sdk);
    expect(await signIn.signInWith('google')).toBe('id-token-1');
    expect(sdk.initializeApp).toHaveBeenCalledWith(
      { apiKey: 'key-1', authDomain: 'holeout-test.firebaseapp.com', projectId: 'holeout-test' },
      expect.any(String),
    );
    expect(sdk.signInWithPopup).toHaveBeenCalledTimes(1);
    expect(vi.mocked(sdk.signInWithPopup).mock.calls[0]![1]).toMatchObject({ providerId: 'google.com' });
    expect(sdk.signInWithRedirect).not.toHaveBeenCalled();
    expect(JSON.parse(marks.values.get(PROVIDER_SESSION_KEY)!)).toEqual(CONFIG);
    expect(pending.values.size).toBe(0);
  });

  it('asks Apple and Microsoft for the address through OAuthProvider', async () => {
    const sdk = fakeSdk();
    const { signIn } = setUp(sdk);
    await signIn.signInWith('apple');
    await signIn.signInWith('microsoft');
    const providers = vi.mocked(sdk.signInWithPopup).mock.calls.map((call) => call[1] as FakeProvider);
    expect(providers.map((p) => [p.providerId, p.scopes])).toEqual([
      ['apple.com', ['email']],
      ['microsoft.com', ['email']],
    ]);
    // One Firebase app for both sign-ins.
    expect(sdk.initializeApp).toHaveBeenCalledTimes(1);
  });

  it('a closed popup is null, without a warning; a failure is null with one; neither marks the browser', async () => {
    const cancelled = fakeSdk({
      signInWithPopup: vi.fn(async () => Promise.reject(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }))),
    });
    const first = setUp(cancelled);
    expect(await first.signIn.signInWith('google')).toBeNull();
    expect(first.log).not.toHaveBeenCalled();
    expect(first.marks.values.size).toBe(0);

    const broken = fakeSdk({
      signInWithPopup: vi.fn(async () => Promise.reject(Object.assign(new Error('boom'), { code: 'auth/internal-error' }))),
    });
    const second = setUp(broken);
    expect(await second.signIn.signInWith('microsoft')).toBeNull();
    expect(second.log).toHaveBeenCalledWith('Federated sign-in failed', expect.any(Error));
    expect(second.marks.values.size).toBe(0);
  });

  it('an SDK that cannot be loaded (offline) or a server without a Firebase web app is null', async () => {
    const offline = setUp(fakeSdk(), { loadSdk: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) });
    expect(await offline.signIn.signInWith('google')).toBeNull();
    expect(offline.log).toHaveBeenCalledTimes(1);
    const sdk = fakeSdk();
    const unconfigured = setUp(sdk, { loadConfig: async () => null });
    expect(await unconfigured.signIn.signInWith('google')).toBeNull();
    expect(sdk.signInWithPopup).not.toHaveBeenCalled();
  });

  it('on a phone signs in by redirect, and the step that started it picks the token up when the page comes back', async () => {
    const sdk = fakeSdk();
    const { signIn, pending, marks } = setUp(sdk, { prefersRedirect: () => true });
    expect(await signIn.signInWith('microsoft', 'registration')).toBeNull();
    expect(sdk.signInWithRedirect).toHaveBeenCalledTimes(1);
    expect(sdk.signInWithPopup).not.toHaveBeenCalled();
    expect(JSON.parse(pending.values.get(REDIRECT_KEY)!)).toEqual({ step: 'registration', provider: 'microsoft' });

    // Another step (the login page opened instead) leaves it for its own page.
    expect(await signIn.takeRedirectResult('login')).toBeNull();
    expect(pending.values.has(REDIRECT_KEY)).toBe(true);
    expect(sdk.getRedirectResult).not.toHaveBeenCalled();

    expect(await signIn.takeRedirectResult('registration')).toEqual({ provider: 'microsoft', idToken: 'id-token-1' });
    expect(pending.values.has(REDIRECT_KEY)).toBe(false);
    expect(marks.values.has(PROVIDER_SESSION_KEY)).toBe(true);
    // Once only.
    expect(await signIn.takeRedirectResult('registration')).toBeNull();
    expect(sdk.getRedirectResult).toHaveBeenCalledTimes(1);
  });

  it('back from a redirect without signing in (no result), or with an error, is null', async () => {
    const sdk = fakeSdk({ getRedirectResult: vi.fn(async () => null) });
    const { signIn, pending, marks } = setUp(sdk);
    pending.setItem(REDIRECT_KEY, JSON.stringify({ step: 'login', provider: 'google' }));
    expect(await signIn.takeRedirectResult('login')).toBeNull();
    expect(marks.values.size).toBe(0);

    const failing = fakeSdk({
      getRedirectResult: vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/web-storage-unsupported' }))),
    });
    const second = setUp(failing);
    second.pending.setItem(REDIRECT_KEY, JSON.stringify({ step: 'login', provider: 'google' }));
    expect(await second.signIn.takeRedirectResult('login')).toBeNull();
    expect(second.log).toHaveBeenCalledTimes(1);
    expect(second.pending.values.size).toBe(0);
  });

  it('signs out of the provider only when this browser signed in with one, and forgets the mark', async () => {
    const loadSdk = vi.fn(async () => sdk);
    const sdk = fakeSdk();
    const { signIn, marks } = setUp(sdk, { loadSdk });
    await signIn.signOut();
    expect(loadSdk).not.toHaveBeenCalled();
    expect(sdk.signOut).not.toHaveBeenCalled();

    marks.setItem(PROVIDER_SESSION_KEY, JSON.stringify(CONFIG));
    await signIn.signOut();
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
    expect(marks.values.has(PROVIDER_SESSION_KEY)).toBe(false);
    await signIn.signOut();
    expect(sdk.signOut).toHaveBeenCalledTimes(1);
  });
});
