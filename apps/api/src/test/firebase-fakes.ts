import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** A signing key of the fake issuer: its kid, and the key pair. */
interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

export interface FakeFirebase {
  projectId: string;
  /** The local JWKS the API is pointed at (FIREBASE_JWKS_URL). */
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  /**
   * A Firebase ID token as Firebase makes one, signed by the current key: `claims` override or
   * remove (undefined) any claim; `header` overrides the protected header (kid, alg).
   */
  token(
    claims?: Partial<Record<string, unknown>>,
    options?: { header?: Record<string, unknown>; key?: CryptoKey; now?: Date },
  ): Promise<string>;
  /** A new signing key; the JWKS then serves only it (the old kid is gone). */
  rotate(): Promise<void>;
  /** The Cache-Control the JWKS answers with. */
  cacheControl: string;
  /** A key pair the JWKS never served (tokens signed with it must be refused). */
  foreignKey(): Promise<CryptoKey>;
  close(): Promise<void>;
}

let keyNumber = 0;

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  keyNumber += 1;
  const kid = `test-key-${keyNumber}-${Math.random().toString(36).slice(2, 8)}`;
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * Firebase's token issuer in miniature: a JWKS served over HTTP on 127.0.0.1 and RS256 ID tokens
 * shaped as Firebase issues them (iss https://securetoken.google.com/<project>, aud <project>, sub,
 * auth_time, iat, exp an hour on, firebase.sign_in_provider), signed by keys made here.
 */
export async function startFakeFirebase(projectId = 'holeout-test'): Promise<FakeFirebase> {
  let current = await newKey();
  let fetchCount = 0;
  const fake: FakeFirebase = {
    projectId,
    jwksUrl: '',
    cacheControl: 'public, max-age=3600',
    fetches: () => fetchCount,
    async token(claims = {}, options = {}) {
      const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
      const provider = typeof claims.provider === 'string' ? claims.provider : 'google.com';
      const base: JWTPayload = {
        iss: `https://securetoken.google.com/${projectId}`,
        aud: projectId,
        sub: `firebase-user-${Math.random().toString(36).slice(2, 12)}`,
        auth_time: nowSeconds - 10,
        iat: nowSeconds - 5,
        exp: nowSeconds + 3600,
        email: 'ada@example.test',
        email_verified: true,
        name: 'Ada Lovelace',
        firebase: { sign_in_provider: provider, identities: { [provider]: ['provider-uid-1'] } },
      };
      const payload: Record<string, unknown> = { ...base };
      for (const [name, value] of Object.entries(claims)) {
        if (name === 'provider') continue;
        if (value === undefined) delete payload[name];
        else payload[name] = value;
      }
      return new SignJWT(payload as JWTPayload)
        .setProtectedHeader({ alg: 'RS256', kid: current.kid, typ: 'JWT', ...options.header } as { alg: string })
        .sign(options.key ?? current.privateKey);
    },
    async rotate() {
      current = await newKey();
    },
    async foreignKey() {
      return (await generateKeyPair('RS256')).privateKey;
    },
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    if (request.url !== '/jwks') {
      response.writeHead(404).end();
      return;
    }
    fetchCount += 1;
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': fake.cacheControl });
    response.end(JSON.stringify({ keys: [current.jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
