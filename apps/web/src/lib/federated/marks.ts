/**
 * The two marks a federated sign-in leaves in the browser, read by code in the first page without
 * loading the sign-in itself (web-sign-in.ts writes them):
 * - localStorage PROVIDER_SESSION_KEY: this browser signed in with a provider (the Firebase web
 *   app's config as JSON). Logout signs out of the provider, loading the SDK, only when it is set;
 *   it is kept outside the cache, which logout clears first.
 * - sessionStorage REDIRECT_KEY: a redirect sign-in on its way (its step and provider); the page
 *   it comes back to finishes it.
 */
export const PROVIDER_SESSION_KEY = 'federatedSignIn';
export const REDIRECT_KEY = 'federatedRedirect';

/** Storage that may be missing or throw on access (private browsing modes): read as empty then. */
export function marked(storage: () => Storage, key: string): boolean {
  try {
    return Boolean(storage().getItem(key));
  } catch {
    return false;
  }
}
