import type { PushConfig } from '../../config.ts';
import { createFcmSender } from './fcm-sender.ts';
import { createOutboxPushSender } from './outbox-push-sender.ts';
import type { PushLog, PushSender } from './push-sender.ts';
import { createWebPushSender } from './web-push-sender.ts';

/**
 * The push sender of each platform: FCM for android and ios when FCM_SERVICE_ACCOUNT is set, Web
 * Push for web when the VAPID keys are; a platform without its provider writes to the push outbox.
 */
export function createPushSender(
  config: PushConfig,
  options: { log?: PushLog; clock?: () => Date; fetch?: typeof fetch } = {},
): PushSender {
  const outbox = createOutboxPushSender({
    outboxDir: config.outboxDir,
    ...(options.log ? { log: options.log } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const fetcher = options.fetch ? { fetch: options.fetch } : {};
  const fcm = config.fcm ? createFcmSender({ config: config.fcm, ...fetcher }) : outbox;
  const web = config.vapid ? createWebPushSender({ vapid: config.vapid, ...fetcher }) : outbox;
  return { send: (message) => (message.platform === 'web' ? web : fcm).send(message) };
}
