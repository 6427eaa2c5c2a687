import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countUnreadResponse } from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type createRequireUser } from '../../plugins/auth.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

export interface NotificationsRoutesOptions {
  notifications: NotificationsRepository;
  requireUser: ReturnType<typeof createRequireUser>;
}

/** The menu's unread marker needs only the count; the full list arrives with a later issue. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { notifications, requireUser }) => {
  app.get('/notifications/count_unread', {
    onRequest: requireUser,
    schema: {
      tags: ['notifications'],
      security: [{ bearerAuth: [] }],
      summary: "Number of the caller's unread notifications",
      response: { 200: countUnreadResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ count: await notifications.countUnread(callerOf(request).uid) }),
  });
};
