import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  device,
  devicesResponse,
  deviceTokenQuery,
  okResponse,
  registerDeviceQuery,
  vapidPublicKeyResponse,
  webPushSubscriptionBody,
} from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { DevicesService } from './devices.service.ts';

export interface DevicesRoutesOptions {
  devices: DevicesService;
  requireUser: RequireUser;
  /** Web Push's VAPID public key; null when Web Push is not configured. */
  vapidPublicKey: string | null;
}

const tags = ['devices'];
const security = [{ bearerAuth: [] }];

/** GET/POST/DELETE /devices and GET /push/vapid_public_key: thin handlers; the rules are DevicesService's. */
export const devicesRoutes: FastifyPluginAsyncZod<DevicesRoutesOptions> = async (app, { devices, requireUser, vapidPublicKey }) => {
  app.get('/devices', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "The caller's devices registered for push, newest first",
      response: { 200: devicesResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ devices: await devices.list(callerOf(request)) }),
  });

  app.post('/devices', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        "Register the caller's device for push (a token registered by another user moves to the caller); platform=web posts its subscription { endpoint, keys } with the endpoint as push_token",
      querystring: registerDeviceQuery,
      body: webPushSubscriptionBody.nullish(),
      response: { 200: device, ...errorResponses(400, 401) },
    },
    handler: async (request) => devices.register(callerOf(request), request.query, request.body),
  });

  app.delete('/devices', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "Remove the caller's device (before logout); another user's or an unknown token is a 404",
      querystring: deviceTokenQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      await devices.remove(callerOf(request), request.query.push_token);
      return { ok: true as const };
    },
  });

  app.get('/push/vapid_public_key', {
    schema: {
      tags,
      summary: 'The VAPID public key a browser subscribes to Web Push with; null when Web Push is not configured',
      response: { 200: vapidPublicKeyResponse },
    },
    handler: async () => ({ vapid_public_key: vapidPublicKey }),
  });
};
