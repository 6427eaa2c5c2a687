import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { exportPKCS8, generateKeyPair, importJWK, jwtVerify } from 'jose';
import { FCM_SCOPE } from '../integrations/push/fcm-sender.ts';

/**
 * Local stand-ins for the push providers, over node:http: Google's OAuth token endpoint, FCM HTTP
 * v1, and a browser's Web Push service. Each checks what the real one checks (the JWT assertion
 * signed by the service account's key, the bearer token it issued, the VAPID signature) and records
 * what it received; a token or endpoint can be scripted to fail.
 */

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      res.statusCode = 599;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

/** A message FCM accepted. */
export interface FcmMessage {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
}

/** How FCM answers a token: statuses in turn (the last one repeats). */
export type FcmScript = Array<200 | 500 | 503 | 429 | 'unregistered' | 'invalid-token' | 'invalid-data'>;

export interface FakeFcm {
  tokenUrl: string;
  apiUrl: string;
  /** The service-account file the API reads (FCM_SERVICE_ACCOUNT). */
  serviceAccountPath: string;
  projectId: string;
  /** Messages accepted, in order. */
  accepted: FcmMessage[];
  /** Every send, accepted or not: the token and the status answered. */
  attempts: Array<{ token: string; status: number }>;
  /** Assertions the token endpoint accepted (one per access token issued). */
  tokenRequests: number;
  /** Sends refused for a bearer token the token endpoint never issued. */
  badBearer: number;
  /** Access tokens issued (they must never reach a log). */
  issued: Set<string>;
  script(token: string, answers: FcmScript): void;
  close(): Promise<void>;
}

/** Starts a token endpoint and an FCM API, and writes a service account whose key they trust into `dir`. */
export async function startFakeFcm(dir: string): Promise<FakeFcm> {
  const projectId = 'holeout-test';
  const clientEmail = 'push@holeout-test.iam.gserviceaccount.com';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const scripts = new Map<string, FcmScript>();
  const fake = {
    accepted: [] as FcmMessage[],
    attempts: [] as Array<{ token: string; status: number }>,
    tokenRequests: 0,
    badBearer: 0,
    issued: new Set<string>(),
  };
  let tokenUrl = '';
  const tokenServer = await listen(async (req, res) => {
    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    if (req.method !== 'POST' || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(res, 400, {});
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
        algorithms: ['RS256'],
        issuer: clientEmail,
        audience: tokenUrl,
      });
      if (payload.scope !== FCM_SCOPE || protectedHeader.kid !== 'key-1' || typeof payload.exp !== 'number') return json(res, 400, {});
    } catch {
      return json(res, 400, { error: 'invalid_grant' });
    }
    fake.tokenRequests += 1;
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    fake.issued.add(accessToken);
    return json(res, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  });
  tokenUrl = `${tokenServer.url}/token`;

  const api = await listen(async (req, res) => {
    const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { message?: FcmMessage };
    if (req.method !== 'POST' || req.url !== `/v1/projects/${projectId}/messages:send`) return json(res, 404, {});
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !fake.issued.has(bearer)) {
      fake.badBearer += 1;
      return json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
    }
    const message = body.message!;
    const script = scripts.get(message.token) ?? [200];
    const answer = script.length > 1 ? script.shift()! : script[0]!;
    const status = answer === 'unregistered' ? 404 : answer === 'invalid-token' || answer === 'invalid-data' ? 400 : answer;
    fake.attempts.push({ token: message.token, status });
    if (answer === 200) {
      fake.accepted.push(message);
      return json(res, 200, { name: `projects/${projectId}/messages/${randomBytes(6).toString('hex')}` });
    }
    if (answer === 'unregistered')
      return json(res, 404, {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
        },
      });
    if (answer === 'invalid-token' || answer === 'invalid-data')
      return json(res, 400, {
        error: {
          code: 400,
          message: answer === 'invalid-token' ? 'The registration token is not a valid FCM registration token' : 'Invalid data payload',
          status: 'INVALID_ARGUMENT',
          details: [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [{ field: answer === 'invalid-token' ? 'message.token' : 'message.data', description: 'invalid' }],
            },
          ],
        },
      });
    return json(res, status, { error: { code: status, status: 'UNAVAILABLE' } });
  });

  const serviceAccountPath = path.join(dir, 'service-account.json');
  await writeFile(
    serviceAccountPath,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'key-1',
      private_key: await exportPKCS8(privateKey),
      client_email: clientEmail,
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  return Object.assign(fake, {
    tokenUrl,
    apiUrl: api.url,
    serviceAccountPath,
    projectId,
    script: (token: string, answers: FcmScript) => void scripts.set(token, [...answers]),
    close: async () => {
      await close(tokenServer.server);
      await close(api.server);
    },
  });
}

/** A browser's push subscription: its keys, and the private key that decrypts what is sent to it. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

/** A push the fake Web Push service received and decrypted. */
export interface WebPushReceived {
  endpoint: string;
  payload: { title: string; body: string; data: Record<string, string> };
  ttl: string | undefined;
}

export interface FakeWebPush {
  url: string;
  received: WebPushReceived[];
  /** Requests refused for a missing or wrong VAPID signature. */
  badVapid: number;
  /** A new subscription at this service; `gone` answers 410 as an expired one does. */
  subscribe(name: string): BrowserSubscription;
  gone(name: string): void;
  close(): Promise<void>;
}

/** RFC 8291 (aes128gcm) decryption of one record, as the browser does it. */
function decrypt(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const auth = Buffer.from(subscription.keys.auth, 'base64url');
  const clientKey = Buffer.from(subscription.keys.p256dh, 'base64url');
  const ikm = hmac(
    hmac(auth, subscription.ecdh.computeSecret(serverKey)),
    Buffer.concat([Buffer.from('WebPush: info\0'), clientKey, serverKey, Buffer.from([1])]),
  );
  const prk = hmac(salt, ikm);
  const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

/** Starts a Web Push service that checks the VAPID header against `vapid` and decrypts each push. */
export async function startFakeWebPush(vapid: { publicKey: string; subject: string }): Promise<FakeWebPush> {
  const subscriptions = new Map<string, BrowserSubscription>();
  const goneNames = new Set<string>();
  const raw = Buffer.from(vapid.publicKey, 'base64url');
  const vapidKey = await importJWK(
    { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    'ES256',
  );
  const fake = { received: [] as WebPushReceived[], badVapid: 0 };
  let origin = '';
  const { server, url } = await listen(async (req, res) => {
    const body = await readBody(req);
    const name = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const subscription = subscriptions.get(name);
    if (req.method !== 'POST' || !subscription) return json(res, 404, {});
    const authorization = /^vapid t=([^,]+), k=(.+)$/.exec(req.headers.authorization ?? '');
    try {
      if (!authorization || authorization[2] !== vapid.publicKey) throw new Error('no VAPID key');
      await jwtVerify(authorization[1]!, vapidKey, { algorithms: ['ES256'], audience: origin, subject: vapid.subject });
    } catch {
      fake.badVapid += 1;
      return json(res, 403, {});
    }
    if (goneNames.has(name)) return json(res, 410, {});
    if (req.headers['content-encoding'] !== 'aes128gcm') return json(res, 415, {});
    fake.received.push({
      endpoint: subscription.endpoint,
      payload: JSON.parse(decrypt(body, subscription)) as WebPushReceived['payload'],
      ttl: req.headers.ttl as string | undefined,
    });
    res.statusCode = 201;
    res.end();
  });
  origin = url;
  return Object.assign(fake, {
    url,
    subscribe(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscription = {
        endpoint: `${url}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        ecdh,
      };
      subscriptions.set(name, subscription);
      return subscription;
    },
    gone: (name: string) => void goneNames.add(name),
    close: () => close(server),
  });
}
