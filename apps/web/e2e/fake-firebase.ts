import type { Page } from '@playwright/test';

/**
 * A fake Firebase JS SDK for Chromium, installed as `window.__HOLEOUT_FIREBASE_SDK__` before the
 * app's first script: the web app uses the object it finds there instead of loading the real SDK
 * (lib/federated/sdk.ts). It offers the same calls as the part of the modular SDK the app uses
 * (initializeApp, getAuth, signInWithPopup, signInWithRedirect, getRedirectResult, signOut,
 * GoogleAuthProvider, OAuthProvider, user.getIdToken()).
 *
 * `nextSignIn` chooses who the next sign-in comes back as: the test asks the fake token service
 * (fake-firebase-server.mjs) for a real RS256 ID token of that identity, which the API verifies
 * against the service's JWKS as it would Google's. The token is fetched by the test rather than
 * by the page: the product's Content-Security-Policy lets the page talk to its own origin only.
 * The fake refuses a sign-in with another provider than the one chosen (the button pressed must
 * be the provider's). `nextSignIn(page, 'cancel')` makes the next sign-in one the person abandons
 * (a closed popup; back from a redirect with no result).
 *
 * A redirect sign-in (phones) keeps the token in sessionStorage and loads the page again, as the
 * trip to the provider and back does; getRedirectResult answers it once. Sign-outs are counted in
 * localStorage, so a test can tell that logout signed out of the provider.
 */
export type FirebaseProviderId = 'google.com' | 'apple.com' | 'microsoft.com';
export type NextSignIn = { provider: FirebaseProviderId; email: string; sub?: string } | 'cancel';

const NEXT_KEY = '__fakeFirebaseNext';
const SIGN_OUTS_KEY = '__fakeFirebaseSignOuts';

/** The fake token service: playwright.config.ts starts it 50 ports above the product. */
export const FAKE_FIREBASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 50}`;

/** Runs in the page (serialised into the init script): self-contained. */
function installInPage(nextKey: string, signOutsKey: string): void {
  const REDIRECT_KEY = '__fakeFirebaseRedirect';
  type Next = { provider: string; idToken: string } | 'cancel';
  class AuthProvider {
    constructor(readonly providerId: string) {}
    addScope(): void {}
  }
  class GoogleAuthProvider extends AuthProvider {
    constructor() {
      super('google.com');
    }
  }
  const userWith = (idToken: string) => ({ getIdToken: async () => idToken });
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

  /** The token the test chose for this sign-in, of the provider pressed; null for a cancelled one. */
  function takeNext(provider: AuthProvider): string | null {
    const raw = sessionStorage.getItem(nextKey);
    sessionStorage.removeItem(nextKey);
    if (!raw) throw failure('auth/internal-error', 'The test chose no identity for this sign-in');
    const next = JSON.parse(raw) as Next;
    if (next === 'cancel') return null;
    if (next.provider !== provider.providerId)
      throw failure('auth/internal-error', `The test chose ${next.provider}, the page signed in with ${provider.providerId}`);
    return next.idToken;
  }

  (window as unknown as Record<string, unknown>).__HOLEOUT_FIREBASE_SDK__ = {
    initializeApp: (options: unknown, name?: string) => ({ options, name }),
    getAuth: (app: unknown) => ({ app }),
    async signInWithPopup(_auth: unknown, provider: AuthProvider) {
      const idToken = takeNext(provider);
      if (idToken === null) throw failure('auth/popup-closed-by-user', 'The popup has been closed by the user.');
      return { user: userWith(idToken) };
    },
    async signInWithRedirect(_auth: unknown, provider: AuthProvider) {
      sessionStorage.setItem(REDIRECT_KEY, takeNext(provider) ?? 'cancel');
      location.reload();
      // The page is going away, as it does on the way to the provider.
      return new Promise(() => undefined);
    },
    async getRedirectResult() {
      const token = sessionStorage.getItem(REDIRECT_KEY);
      sessionStorage.removeItem(REDIRECT_KEY);
      return token && token !== 'cancel' ? { user: userWith(token) } : null;
    },
    async signOut() {
      localStorage.setItem(signOutsKey, String(Number(localStorage.getItem(signOutsKey) ?? '0') + 1));
    },
    GoogleAuthProvider,
    OAuthProvider: AuthProvider,
  };
}

/** Installs the fake SDK on every page the test opens. */
export async function installFakeFirebase(page: Page): Promise<void> {
  const content = `(${installInPage.toString()})(${JSON.stringify(NEXT_KEY)}, ${JSON.stringify(SIGN_OUTS_KEY)});`;
  await page.addInitScript({ content });
}

/** An ID token for the identity from the fake token service. */
export async function fakeIdToken(identity: { provider: FirebaseProviderId; email: string; sub?: string }): Promise<string> {
  const response = await fetch(`${FAKE_FIREBASE_URL}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(identity),
  });
  if (!response.ok) throw new Error(`The fake token service answered ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Who the next sign-in (popup or redirect) comes back as, or a cancelled one. */
export async function nextSignIn(page: Page, next: NextSignIn): Promise<void> {
  const value = next === 'cancel' ? 'cancel' : { provider: next.provider, idToken: await fakeIdToken(next) };
  await page.evaluate(([key, json]) => sessionStorage.setItem(key, json), [NEXT_KEY, JSON.stringify(value)] as const);
}

/** How many times the app signed out of the provider in this browser. */
export async function providerSignOuts(page: Page): Promise<number> {
  return page.evaluate((key) => Number(localStorage.getItem(key) ?? '0'), SIGN_OUTS_KEY);
}
