import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '@holeout/golf';
import { countUnreadResponse, notificationsQuery, notificationsResponse, readNotificationsQuery } from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { NOTIFY_TYPE_LABELS } from './mail-channel.ts';
import type { Notifier } from './notifier.ts';

export interface NotificationsRoutesOptions {
  notifications: NotificationsRepository;
  notifier: Notifier;
  requireUser: RequireUser;
}

const unsubscribeQuery = z.object({ token: z.string().max(64), type: z.enum([...NOTIFICATION_TYPES, 'ALL']).default('ALL') });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page an unsubscribe link opens: a GET only shows it (mail scanners follow links); the button POSTs. */
function unsubscribePage(title: string, body: string, form?: { action: string; label: string }): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.label)}</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} - Holeout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:24px;color:#1a1b1e;background:#f8f9fa}main{max-width:32rem;margin:auto;background:#fff;padding:24px;border-radius:8px}button{font:inherit;min-height:44px;padding:0 20px;border:0;border-radius:6px;background:#2f6db5;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1a1b1e;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${button}</main></body></html>`;
}

/** The notification list, its unread count, marking read, and the e-mail unsubscribe link that needs no login. */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  { notifications, notifier, requireUser },
) => {
  const auth = { onRequest: requireUser };
  const secured = { tags: ['notifications'], security: [{ bearerAuth: [] }] };

  app.get('/notifications', {
    ...auth,
    schema: {
      ...secured,
      summary: "The caller's notifications, newest first, 20 a page from offset start",
      querystring: notificationsQuery,
      response: { 200: notificationsResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ notifications: await notifications.page(callerOf(request).uid, request.query.start) }),
  });

  app.get('/notifications/count_unread', {
    ...auth,
    schema: {
      ...secured,
      summary: "Number of the caller's unread notifications",
      response: { 200: countUnreadResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ count: await notifications.countUnread(callerOf(request).uid) }),
  });

  app.get('/notifications/read', {
    ...auth,
    schema: {
      ...secured,
      summary: 'Marks these notifications read; answers the new unread count',
      querystring: readNotificationsQuery,
      response: { 200: countUnreadResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const uid = callerOf(request).uid;
      await notifications.markRead(uid, request.query.notify_id);
      return { count: await notifications.countUnread(uid) };
    },
  });

  app.get('/notifications/read_all', {
    ...auth,
    schema: {
      ...secured,
      summary: 'Marks every notification read; answers the new unread count (0)',
      response: { 200: countUnreadResponse, ...errorResponses(401) },
    },
    handler: async (request) => {
      const uid = callerOf(request).uid;
      await notifications.markAllRead(uid);
      return { count: await notifications.countUnread(uid) };
    },
  });

  // Mail clients' one-click unsubscribe (RFC 8058) POSTs a form body; its content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  const what = (type: string) => (type === 'ALL' ? 'any notification' : NOTIFY_TYPE_LABELS[type as keyof typeof NOTIFY_TYPE_LABELS]);

  app.get('/notifications/unsubscribe', {
    schema: {
      tags: ['notifications'],
      summary: 'The page an e-mail unsubscribe link opens (no login): it asks before it changes anything',
      querystring: unsubscribeQuery,
    },
    handler: async (request, reply) => {
      const { token, type } = request.query;
      const known = (await notifier.ownerOf(token)) !== null;
      reply.type('text/html; charset=utf-8');
      if (!known)
        return reply
          .code(404)
          .send(
            unsubscribePage(
              'Link not recognised',
              'This unsubscribe link is not valid. Log in to Holeout and open Notification settings to choose your e-mails.',
            ),
          );
      return unsubscribePage(
        'Stop these e-mails?',
        `You will no longer get e-mails for ${what(type)}. Notifications still appear in the app.`,
        {
          action: `/v4/notifications/unsubscribe?token=${encodeURIComponent(token)}&type=${type}`,
          label: 'Stop these e-mails',
        },
      );
    },
  });

  app.post('/notifications/unsubscribe', {
    schema: {
      tags: ['notifications'],
      summary: "Turns off e-mail for one notification type (or ALL) of the link's owner (no login; one-click from a mail client too)",
      querystring: unsubscribeQuery,
    },
    handler: async (request, reply) => {
      const { token, type } = request.query;
      const done = await notifier.unsubscribe(token, type);
      reply.type('text/html; charset=utf-8');
      if (!done)
        return reply
          .code(404)
          .send(
            unsubscribePage(
              'Link not recognised',
              'This unsubscribe link is not valid. Log in to Holeout and open Notification settings to choose your e-mails.',
            ),
          );
      return unsubscribePage(
        'E-mails stopped',
        `You will no longer get e-mails for ${what(type)}. You can turn them on again in Notification settings.`,
      );
    },
  });
};
