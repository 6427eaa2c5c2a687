import { z } from 'zod';
import { password, verificationCode, benchmark, playerLevel } from './account.ts';
import { singleLineText } from './text.ts';

/** The identity providers one may sign in with through Firebase, as the API and the app name them. */
export const FEDERATED_PROVIDERS = ['google', 'apple', 'microsoft'] as const;
export type FederatedProvider = (typeof FEDERATED_PROVIDERS)[number];
export const federatedProvider = z.enum(FEDERATED_PROVIDERS);

/** Firebase's sign_in_provider for each provider; every other value (password, phone, anonymous, custom) is refused. */
export const FIREBASE_PROVIDER_IDS: Readonly<Record<FederatedProvider, string>> = {
  google: 'google.com',
  apple: 'apple.com',
  microsoft: 'microsoft.com',
};

/** The provider as a person reads it. */
export const FEDERATED_PROVIDER_NAMES: Readonly<Record<FederatedProvider, string>> = {
  google: 'Google',
  apple: 'Apple',
  microsoft: 'Microsoft',
};

/** The two ways to sign in or register; any other `method` is answered 400 'Invalid method'. */
export const SIGN_IN_METHODS = ['email', 'firebase'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
/**
 * ?method= of login, register and link. Read as text so the API can answer an unknown method
 * with its own 400 'Invalid method' rather than a schema message.
 */
export const methodQuery = z.object({ method: singleLineText.pipe(z.string().max(32)).default('email') });

/**
 * A Firebase ID token as sent: a JWT of at most 8 KB. Whether it is one (signature, issuer,
 * audience, times, provider) is the API's check, answered 401, not a schema's.
 */
export const idToken = singleLineText.pipe(z.string().min(1, 'idToken is empty').max(8192, 'idToken is too long'));
export const idTokenBody = z.strictObject({ idToken });
export type IdTokenBody = z.infer<typeof idTokenBody>;

/** POST /account/register?method=firebase: the token, and optionally the names and golf settings of the new account. */
export const firebaseRegisterBody = z.strictObject({
  idToken,
  first_name: singleLineText.pipe(z.string().trim().max(50, 'Names are at most 50 characters')).optional(),
  last_name: singleLineText.pipe(z.string().trim().max(50, 'Names are at most 50 characters')).optional(),
  level: playerLevel.optional(),
  benchmark: benchmark.optional(),
});
export type FirebaseRegisterBody = z.infer<typeof firebaseRegisterBody>;
/** A new account made with a provider is verified at once: it is signed in straight away. */
export const firebaseRegisterResponse = z.object({ uid: z.number().int(), token: z.string() });
export type FirebaseRegisterResponse = z.infer<typeof firebaseRegisterResponse>;

/** GET /account/links: the identities linked to the caller. */
export const federatedLink = z.object({
  provider: federatedProvider,
  /** The address the provider gave when it was linked; null when it gave none. */
  email: z.string().nullable(),
  linked_at: z.string().describe('When it was linked (ISO 8601)'),
});
export type FederatedLink = z.infer<typeof federatedLink>;
export const linksResponse = z.object({ links: z.array(federatedLink) });
export type LinksResponse = z.infer<typeof linksResponse>;
/** DELETE /account/links?provider= */
export const unlinkQuery = z.object({ provider: federatedProvider });

/** POST /account/code: mails a 6-digit code to the caller's address, to set a first password or to confirm deleting the account. */
export const ACCOUNT_CODE_PURPOSES = ['set_password', 'delete_account'] as const;
export const accountCodeBody = z.strictObject({ purpose: z.enum(ACCOUNT_CODE_PURPOSES) });
export type AccountCodeBody = z.infer<typeof accountCodeBody>;

/** POST /account/set_password: the first password of an account made with a provider, with the mailed code. */
export const setPasswordBody = z.strictObject({ code: verificationCode, password });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

/**
 * DELETE /account: an account without a password proves it is its owner again, with a fresh
 * provider token (signed in within the last 5 minutes) or the code mailed for purpose
 * delete_account. An account with a password needs neither.
 */
export const deleteAccountBody = z
  .strictObject({ idToken: idToken.optional(), code: verificationCode.optional() })
  // A DELETE without a body arrives as null.
  .nullish()
  .describe('For an account without a password: idToken (a fresh sign-in) or code (mailed by POST /account/code)');
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** The Firebase web app the browser signs in with; public by design (Firebase web API keys are not secrets). */
export const firebaseWebConfig = z.object({ api_key: z.string(), auth_domain: z.string(), project_id: z.string() });

/** GET /config: what a signed-out client needs to draw the sign-in pages. */
export const publicConfig = z.object({
  sign_in: z.object({
    /** The providers "Continue with ..." is offered for; empty when the server has no Firebase project. */
    providers: z.array(federatedProvider),
    /** null when federated sign-in is off, or when only the native apps are configured (no web API key). */
    firebase: firebaseWebConfig.nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
