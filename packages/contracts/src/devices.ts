import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Where a push goes: FCM for the Android and iOS apps, Web Push for a browser. */
export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const;
export const pushPlatform = z.enum(PUSH_PLATFORMS);
export type PushPlatform = z.infer<typeof pushPlatform>;

/** FCM tokens are about 160 characters; Web Push endpoints are URLs of a few hundred. */
export const PUSH_TOKEN_MAX_LENGTH = 4096;

/**
 * A push token as the app sends it: an FCM registration token, or a browser's Web Push endpoint.
 * Both are printable ASCII without spaces.
 */
export const pushToken = singleLineText.pipe(
  z
    .string()
    .min(1, 'A push token is required')
    .max(PUSH_TOKEN_MAX_LENGTH, `A push token is at most ${PUSH_TOKEN_MAX_LENGTH} characters`)
    .regex(/^[\x21-\x7e]+$/, 'A push token is printable ASCII without spaces'),
);

/** Base64url of exactly `bytes` bytes; the padding some browsers add is taken too. */
const base64urlOf = (bytes: number, what: string) => {
  const characters = Math.ceil((bytes * 4) / 3);
  const padding = (4 - (characters % 4)) % 4;
  return singleLineText.pipe(
    z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${characters}}={0,${padding}}$`), `${what} is ${bytes} bytes in base64url`),
  );
};

// POST /devices?push_token=&platform= (the caller's device; a token someone else registered moves to the caller)
export const registerDeviceQuery = z.object({ push_token: pushToken, platform: pushPlatform });

/**
 * The body of POST /devices for platform=web: the browser's PushSubscription as its toJSON() gives
 * it (endpoint, keys; expirationTime may come along and is not kept). The endpoint is also the
 * push_token of the query.
 */
export const webPushSubscriptionBody = z.strictObject({
  endpoint: pushToken.pipe(z.url({ protocol: /^https?$/, error: 'The endpoint is an http(s) URL' })),
  expirationTime: z.number().int().min(0).max(8_640_000_000_000_000).nullable().optional(),
  keys: z.strictObject({
    p256dh: base64urlOf(65, 'keys.p256dh').describe("The browser's P-256 public key, uncompressed (65 bytes), base64url"),
    auth: base64urlOf(16, 'keys.auth').describe('The authentication secret (16 bytes), base64url'),
  }),
});
export type WebPushSubscriptionBody = z.infer<typeof webPushSubscriptionBody>;

// DELETE /devices?push_token= (the caller's own; anyone else's or an unknown token is a 404)
export const deviceTokenQuery = z.object({ push_token: pushToken });

/** A registered device of the caller. */
export const device = z.object({
  device_id: z.number().int(),
  platform: pushPlatform,
  push_token: z.string(),
  created_at: z.string().describe('When it was registered (to this user)'),
});
export type Device = z.infer<typeof device>;

// GET /devices: the caller's own, newest first.
export const devicesResponse = z.object({ devices: z.array(device) });
export type DevicesResponse = z.infer<typeof devicesResponse>;

// GET /push/vapid_public_key: what a browser subscribes with; null when Web Push is not configured.
export const vapidPublicKeyResponse = z.object({
  vapid_public_key: z.string().nullable().describe('The VAPID public key (base64url, 65 bytes), or null without Web Push'),
});
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponse>;
