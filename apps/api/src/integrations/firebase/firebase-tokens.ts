import { decodeJwt, errors as joseErrors, importJWK, jwtVerify, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { FEDERATED_PROVIDERS, FIREBASE_PROVIDER_IDS, type FederatedProvider } from '@holeout/contracts';

/** Who a verified Firebase ID token says signed in. */
export interface FirebaseIdentity {
  provider: FederatedProvider;
  /** The token's sub: the Firebase user id, unique within the project. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** When the person last signed in with the provider (auth_time), not when this token was minted. */
  authTime: Date;
  /** The display name the provider gave (unchecked text), or null. */
  name: string | null;
}

/** A token that is not a valid Firebase ID token of this project for an accepted provider: answered 401. */
export class InvalidIdTokenError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid Firebase ID token: ${reason}`);
    this.name = 'InvalidIdTokenError';
  }
}

/** The keys could not be fetched and none are cached: the token cannot be checked now (503). */
export class SigningKeysUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The Firebase signing keys could not be fetched', { cause });
    this.name = 'SigningKeysUnavailableError';
  }
}

export interface FirebaseTokenVerifierOptions {
  projectId: string;
  jwksUrl: string;
  clock: () => Date;
  fetch?: typeof fetch;
  /** Told when a fetch of the keys fails (never with a token or an address). */
  warn?: (message: string, err: unknown) => void;
}

/** Clock skew allowed between the token's issuer and this server, on exp, iat and auth_time. */
export const CLOCK_SKEW_SECONDS = 60;
/** Keys served without a max-age are kept this long. */
const DEFAULT_KEYS_MAX_AGE_MS = 60_000;
/** However long the keys say they last, they are fetched again after a day. */
const LONGEST_KEYS_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * An unknown kid makes the keys be fetched again (the signing key was rotated), at most this many
 * times a minute: tokens with made-up kids must not turn the server into a flood of fetches.
 */
const UNKNOWN_KID_FETCHES_PER_MINUTE = 10;
const FETCH_TIMEOUT_MS = 5_000;
/** After a failed fetch, keys already held are used this long before the next try. */
const STALE_KEYS_RETRY_MS = 30_000;
/** Firebase user ids are at most 128 characters. */
const SUBJECT_MAX = 128;

/** max-age (less Age) of a Cache-Control answer, in ms; no-store and no-cache keep nothing. */
export function keysMaxAgeMs(cacheControl: string | null, age: string | null): number {
  if (!cacheControl) return DEFAULT_KEYS_MAX_AGE_MS;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.includes('no-store') || directives.includes('no-cache')) return 0;
  const maxAge = directives.map((d) => /^max-age=(\d+)$/.exec(d)).find((m) => m !== null);
  if (!maxAge) return DEFAULT_KEYS_MAX_AGE_MS;
  const seconds = Number(maxAge[1]) - (age && /^\d+$/.test(age.trim()) ? Number(age.trim()) : 0);
  return Math.min(Math.max(0, seconds) * 1000, LONGEST_KEYS_MAX_AGE_MS);
}

const firebaseProviderNames = new Map<string, FederatedProvider>(FEDERATED_PROVIDERS.map((p) => [FIREBASE_PROVIDER_IDS[p], p]));

/**
 * Checks Firebase ID tokens the way Firebase's own server SDKs do: RS256 only, signed by a key of
 * the published JWKS (kept as long as its Cache-Control allows, fetched again once when a token
 * names a kid it does not hold, which is how a key rotation is picked up without a restart), iss
 * https://securetoken.google.com/<project>, aud <project>, exp in the future, iat and auth_time
 * not in the future (60 s of skew either way), a non-empty sub; and, for this product, a
 * sign-in provider of Google, Apple or Microsoft (never password, phone, anonymous or custom).
 */
export class FirebaseTokenVerifier {
  private keys = new Map<string, CryptoKey>();
  private keysExpireAt = 0;
  private fetching: Promise<void> | null = null;
  private unknownKidFetches: number[] = [];
  private readonly issuer: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: FirebaseTokenVerifierOptions) {
    this.issuer = `https://securetoken.google.com/${options.projectId}`;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The claimed provider and subject of a token, unchecked: only to count failures against the subject it names. */
  static claimedSubject(token: string): string | null {
    try {
      const payload = decodeJwt(token);
      const provider = (payload.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider;
      return typeof payload.sub === 'string' && payload.sub !== '' && typeof provider === 'string'
        ? `${provider.slice(0, 32)}:${payload.sub.slice(0, SUBJECT_MAX)}`
        : null;
    } catch {
      return null;
    }
  }

  async verify(token: string): Promise<FirebaseIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, async (header) => this.keyFor(header.kid), {
        algorithms: ['RS256'],
        issuer: this.issuer,
        audience: this.options.projectId,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: this.options.clock(),
      }));
    } catch (err) {
      if (err instanceof InvalidIdTokenError || err instanceof SigningKeysUnavailableError) throw err;
      if (err instanceof joseErrors.JOSEError) throw new InvalidIdTokenError(err.code);
      throw new InvalidIdTokenError('malformed');
    }
    return this.identityOf(payload);
  }

  private identityOf(payload: JWTPayload): FirebaseIdentity {
    const nowSeconds = this.options.clock().getTime() / 1000;
    const { sub, iat } = payload;
    const authTime = payload.auth_time;
    if (typeof sub !== 'string' || sub.trim() === '' || sub.length > SUBJECT_MAX) throw new InvalidIdTokenError('sub');
    if (typeof iat !== 'number' || iat > nowSeconds + CLOCK_SKEW_SECONDS) throw new InvalidIdTokenError('iat in the future');
    if (typeof authTime !== 'number' || !Number.isFinite(authTime) || authTime > nowSeconds + CLOCK_SKEW_SECONDS)
      throw new InvalidIdTokenError('auth_time missing or in the future');
    const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
    const provider = typeof firebase?.sign_in_provider === 'string' ? firebaseProviderNames.get(firebase.sign_in_provider) : undefined;
    if (!provider) throw new InvalidIdTokenError('sign_in_provider');
    const email = typeof payload.email === 'string' && payload.email.length <= 254 ? payload.email.trim().toLowerCase() : null;
    return {
      provider,
      subject: sub,
      email,
      emailVerified: email !== null && payload.email_verified === true,
      authTime: new Date(authTime * 1000),
      name: typeof payload.name === 'string' ? payload.name.slice(0, 200) : null,
    };
  }

  /** The key of a kid: from the cache while it is fresh, otherwise fetched; an unknown kid fetches again once. */
  private async keyFor(kid: string | undefined): Promise<CryptoKey> {
    if (!kid) throw new InvalidIdTokenError('no kid');
    const now = Date.now();
    if (now >= this.keysExpireAt) await this.refresh(this.keys.size > 0);
    const known = this.keys.get(kid);
    if (known) return known;
    this.unknownKidFetches = this.unknownKidFetches.filter((t) => now - t < 60_000);
    if (this.unknownKidFetches.length < UNKNOWN_KID_FETCHES_PER_MINUTE) {
      this.unknownKidFetches.push(now);
      await this.refresh(this.keys.size > 0);
    }
    const fetched = this.keys.get(kid);
    if (!fetched) throw new InvalidIdTokenError('unknown kid');
    return fetched;
  }

  /**
   * Fetches the keys (one fetch at a time; concurrent callers wait for it). The new set replaces
   * the old, so a key the issuer withdrew stops working. A failed fetch keeps the keys held (when
   * `mayKeepStale`) and tries again on the next token; with none held, nothing can be checked.
   */
  private async refresh(mayKeepStale: boolean): Promise<void> {
    this.fetching ??= this.fetchKeys().finally(() => {
      this.fetching = null;
    });
    try {
      await this.fetching;
    } catch (err) {
      this.options.warn?.('fetching the Firebase signing keys failed', err);
      if (!mayKeepStale) throw new SigningKeysUnavailableError(err);
      // The keys held go on serving for a while rather than every token waiting on a failing fetch.
      this.keysExpireAt = Date.now() + STALE_KEYS_RETRY_MS;
    }
  }

  private async fetchKeys(): Promise<void> {
    const response = await this.fetch(this.options.jwksUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    if (!Array.isArray(body.keys)) throw new Error('JWKS has no keys array');
    const keys = new Map<string, CryptoKey>();
    for (const jwk of body.keys as JWK[]) {
      // Only RSA signing keys meant for RS256 (or saying nothing of their use) are kept.
      if (jwk.kty !== 'RSA' || typeof jwk.kid !== 'string' || (jwk.alg && jwk.alg !== 'RS256') || (jwk.use && jwk.use !== 'sig')) continue;
      keys.set(jwk.kid, (await importJWK({ ...jwk, alg: 'RS256' }, 'RS256')) as CryptoKey);
    }
    this.keys = keys;
    this.keysExpireAt = Date.now() + keysMaxAgeMs(response.headers.get('cache-control'), response.headers.get('age'));
  }
}
