import type { Device, PushPlatform, WebPushSubscriptionBody } from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { DevicesRepository } from './devices.repository.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';

/** The most devices a user keeps; registering one more drops their oldest. */
export const MAX_DEVICES_PER_USER = 20;

const badBody = (message: string) => new ApiError(400, 'VALIDATION_ERROR', `body: ${message}`, [{ field: 'body', message, in: 'body' }]);

/**
 * Push registrations: a device is the caller's token on a platform. A token registered by someone
 * else moves to the caller (a phone changes hands, or another account signs in on it), so a push
 * token reaches one user only. Only the caller's own devices can be listed or removed; anyone
 * else's token is as unknown as one never registered (404).
 */
export class DevicesService {
  constructor(private readonly deps: { repository: DevicesRepository; webPushHosts: readonly string[] }) {}

  /**
   * Registers the caller's device. A browser (platform=web) sends its subscription as the body, the
   * endpoint being the push_token; the apps send no body (Fastify gives null for none). Anything else is a 400 that stores nothing.
   */
  async register(
    caller: Caller,
    query: { push_token: string; platform: PushPlatform },
    body: WebPushSubscriptionBody | null | undefined,
  ): Promise<Device> {
    if (query.platform === 'web') {
      if (!body) throw badBody('platform=web sends its subscription { endpoint, keys: { p256dh, auth } }');
      if (body.endpoint !== query.push_token) throw badBody('endpoint must equal push_token');
      // Every push is POSTed to the endpoint: only a push service the server knows (WEB_PUSH_HOSTS).
      if (!isAllowedPushEndpoint(body.endpoint, this.deps.webPushHosts))
        throw badBody('endpoint is not at a push service this server sends to');
    } else if (body !== undefined && body !== null) {
      throw badBody(`platform=${query.platform} sends no body`);
    }
    return this.deps.repository.register(
      {
        uid: caller.uid,
        push_token: query.push_token,
        platform: query.platform,
        web_p256dh: body?.keys.p256dh ?? null,
        web_auth: body?.keys.auth ?? null,
      },
      MAX_DEVICES_PER_USER,
    );
  }

  async remove(caller: Caller, pushToken: string): Promise<void> {
    if (!(await this.deps.repository.remove(caller.uid, pushToken))) throw notFound('No such device');
  }

  list(caller: Caller): Promise<Device[]> {
    return this.deps.repository.list(caller.uid);
  }
}
