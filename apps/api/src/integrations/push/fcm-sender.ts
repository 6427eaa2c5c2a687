import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { z } from 'zod';
import type { FcmConfig } from '../../config.ts';
import { PUSH_REQUEST_TIMEOUT_MS, PushFailure, type PushMessage, type PushSender } from './push-sender.ts';

/** The one scope FCM HTTP v1 needs. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** An assertion is good for an hour, the longest Google takes. */
const ASSERTION_SECONDS = 3600;
/** A cached access token is renewed this long before it expires, so none is sent as it lapses. */
const EXPIRY_MARGIN_MS = 60_000;

const serviceAccountFile = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountFile>;

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/** FCM's error body: `{ error: { code, message, status, details: [{ errorCode?, fieldViolations? }] } }`. */
const fcmError = z.object({
  error: z.object({
    status: z.string().optional(),
    message: z.string().optional(),
    details: z
      .array(
        z.looseObject({
          errorCode: z.string().optional(),
          fieldViolations: z.array(z.looseObject({ field: z.string().optional() })).optional(),
        }),
      )
      .optional(),
  }),
});

/** Reads the service account; the error names the variable, never the file's content. */
export function readServiceAccount(file: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT: the file cannot be read as JSON');
  }
  const account = serviceAccountFile.safeParse(parsed);
  if (!account.success) throw new Error('FCM_SERVICE_ACCOUNT: not a service-account file (project_id, client_email, private_key)');
  return account.data;
}

/**
 * Whether FCM's refusal means the token is dead: 404 (UNREGISTERED: the app was uninstalled or the
 * token expired), or 400 INVALID_ARGUMENT about the token itself (not a valid registration token).
 * Another 400 is a malformed message, which is no reason to drop the device.
 */
function isUnregistered(status: number, body: unknown): boolean {
  if (status === 404) return true;
  if (status !== 400) return false;
  const parsed = fcmError.safeParse(body);
  if (!parsed.success || parsed.data.error.status !== 'INVALID_ARGUMENT') return false;
  const details = parsed.data.error.details ?? [];
  const aboutToken = details.some((d) => (d.fieldViolations ?? []).some((v) => v.field === 'message.token'));
  return aboutToken || /registration token/i.test(parsed.data.error.message ?? '');
}

/**
 * FCM HTTP v1 for the Android and iOS apps, without firebase-admin: an OAuth access token is asked
 * for with a JWT assertion signed by the service account's key (RS256, jose), kept until a minute
 * before it expires and shared by concurrent sends; each push is one POST to
 * `/v1/projects/<project>/messages:send` with `notification` and `data`. A 401 drops the cached
 * token (it was revoked) and is tried again later.
 */
export function createFcmSender(options: { config: FcmConfig; fetch?: typeof fetch }): PushSender {
  const send = options.fetch ?? fetch;
  const account = readServiceAccount(options.config.serviceAccountPath);
  const tokenUrl = options.config.tokenUrl ?? account.token_uri ?? GOOGLE_TOKEN_URL;
  const messagesUrl = `${options.config.apiUrl}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;
  let cached: { token: string; until: number } | null = null;
  let fetching: Promise<string> | null = null;
  let signingKey: CryptoKey | null = null;

  async function fetchAccessToken(): Promise<string> {
    signingKey ??= await importPKCS8(account.private_key, 'RS256');
    const issuedAt = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
      .setIssuer(account.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_SECONDS)
      .sign(signingKey);
    const res = await send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new PushFailure(`the FCM token endpoint answered ${res.status}`, true, res.status);
    }
    const answer = tokenAnswer.safeParse(await res.json().catch(() => null));
    if (!answer.success) throw new PushFailure('the FCM token endpoint answered no access token', true, res.status);
    cached = { token: answer.data.access_token, until: Date.now() + answer.data.expires_in * 1000 - EXPIRY_MARGIN_MS };
    return answer.data.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    fetching ??= fetchAccessToken().finally(() => {
      fetching = null;
    });
    return fetching;
  }

  return {
    async send(message: PushMessage) {
      const token = await accessToken();
      const res = await send(messagesUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: message.push_token,
            notification: { title: message.title, body: message.body },
            data: message.data,
          },
        }),
        signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
      });
      if (res.ok) {
        await res.body?.cancel();
        return 'sent';
      }
      const body: unknown = await res.json().catch(() => null);
      if (isUnregistered(res.status, body)) return 'unregistered';
      if (res.status === 401) cached = null;
      throw new PushFailure(`FCM answered ${res.status}`, res.status === 401 || res.status === 429 || res.status >= 500, res.status);
    },
  };
}
