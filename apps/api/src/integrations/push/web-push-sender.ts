import webpush from 'web-push';
import type { VapidConfig } from '../../config.ts';
import { PUSH_REQUEST_TIMEOUT_MS, PushFailure, type PushMessage, type PushSender } from './push-sender.ts';

/** How long a push service keeps a push for a browser that is offline. */
const WEB_PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push with VAPID (RFC 8030, 8291, 8292): web-push encrypts the payload for the subscription's
 * keys (aes128gcm) and signs the VAPID header; the request itself goes out through fetch, so the
 * answer is judged here: 2xx sent, 404 and 410 the subscription is gone (unregistered), 429 and 5xx
 * worth another try, any other status refused for good. The payload is
 * `{ title, body, data: { nav_loc, notify_id } }` as JSON.
 */
export function createWebPushSender(options: { vapid: VapidConfig; fetch?: typeof fetch }): PushSender {
  const { vapid } = options;
  const send = options.fetch ?? fetch;
  // Checks the keys and subject now, so a misconfigured server stops at start rather than at the first push.
  webpush.getVapidHeaders('https://push.example', vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm');
  return {
    async send(message: PushMessage) {
      if (!message.keys) throw new PushFailure('a web device without its subscription keys', false);
      const payload = JSON.stringify({ title: message.title, body: message.body, data: message.data });
      const details = webpush.generateRequestDetails({ endpoint: message.push_token, keys: message.keys }, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: WEB_PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      });
      const headers: Record<string, string> = {};
      // fetch sets the length itself.
      for (const [name, value] of Object.entries(details.headers))
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      const res = await send(details.endpoint, {
        method: details.method,
        headers,
        body: details.body,
        signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) return 'sent';
      if (res.status === 404 || res.status === 410) return 'unregistered';
      throw new PushFailure(`the Web Push service answered ${res.status}`, res.status === 429 || res.status >= 500, res.status);
    },
  };
}
