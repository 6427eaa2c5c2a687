/**
 * The part of the Firebase JS SDK (modular API, firebase/app + firebase/auth) the web sign-in uses.
 *
 * The SDK is large, so it is never in the first page: it arrives through a dynamic import the
 * first time a "Continue with" button is pointed at, focused or pressed. A page may install an
 * object of this shape as `window.__HOLEOUT_FIREBASE_SDK__` before the app starts; it is then used
 * instead of the real SDK (the browser tests install a fake that talks to a local token server).
 */
export interface FirebaseUserLike {
  getIdToken(): Promise<string>;
}

export interface FirebaseCredentialLike {
  user: FirebaseUserLike;
}

export interface FirebaseAuthProviderLike {
  readonly providerId: string;
}

export interface FirebaseOAuthProviderLike extends FirebaseAuthProviderLike {
  addScope(scope: string): unknown;
}

export interface FirebaseSdk<App = unknown, Auth = unknown> {
  initializeApp(options: { apiKey: string; authDomain: string; projectId: string }, name?: string): App;
  getAuth(app: App): Auth;
  signInWithPopup(auth: Auth, provider: FirebaseAuthProviderLike): Promise<FirebaseCredentialLike>;
  signInWithRedirect(auth: Auth, provider: FirebaseAuthProviderLike): Promise<unknown>;
  getRedirectResult(auth: Auth): Promise<FirebaseCredentialLike | null>;
  signOut(auth: Auth): Promise<void>;
  GoogleAuthProvider: new () => FirebaseAuthProviderLike;
  OAuthProvider: new (providerId: string) => FirebaseOAuthProviderLike;
}

declare global {
  interface Window {
    /** A stand-in for the Firebase SDK (see above); absent in production. */
    __HOLEOUT_FIREBASE_SDK__?: FirebaseSdk;
  }
}

let loading: Promise<FirebaseSdk> | null = null;

/** The Firebase SDK: the installed stand-in when there is one, else the real modules (loaded once). */
export function loadFirebaseSdk(): Promise<FirebaseSdk> {
  const standIn = typeof window === 'undefined' ? undefined : window.__HOLEOUT_FIREBASE_SDK__;
  if (standIn) return Promise.resolve(standIn);
  loading ??= Promise.all([import('firebase/app'), import('firebase/auth')]).then(
    ([app, auth]): FirebaseSdk =>
      ({
        initializeApp: app.initializeApp,
        getAuth: auth.getAuth,
        signInWithPopup: auth.signInWithPopup,
        signInWithRedirect: auth.signInWithRedirect,
        getRedirectResult: auth.getRedirectResult,
        signOut: auth.signOut,
        GoogleAuthProvider: auth.GoogleAuthProvider,
        OAuthProvider: auth.OAuthProvider,
      }) as FirebaseSdk,
    (cause: unknown) => {
      // A failed load (offline) is tried again at the next press.
      loading = null;
      throw cause;
    },
  );
  return loading;
}
