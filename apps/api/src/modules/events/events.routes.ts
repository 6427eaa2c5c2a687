import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  event,
  eventBatchBody,
  eventBatchQuery,
  eventBatchResponse,
  eventBody,
  eventIdQuery,
  eventsQuery,
  eventsResponse,
  okResponse,
} from '@holeout/contracts';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.ts';
import { idempotencyHeaders } from '../../platform/idempotency/idempotency.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { EventsService } from './events.service.ts';

export interface EventsRoutesOptions {
  events: EventsService;
  requireUser: RequireUser;
}

const tags = ['events'];
const security = [{ bearerAuth: [] }];
const createOrUpdateQuery = z.object({ event_id: eventIdQuery.shape.event_id.optional() });

/** The /events calls: thin handlers; rules live in EventsService, permissions in events.policy.ts. */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { events, requireUser }) => {
  app.get('/events', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Events the caller may see, newest first (or one, by event_id), with filters and paging',
      querystring: eventsQuery,
      response: { 200: eventsResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ events: await events.list(callerOf(request), request.query) }),
  });

  app.post('/events', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Create an event (no event_id; Idempotency-Key honoured), or replace the editable fields of one (event_id)',
      querystring: createOrUpdateQuery,
      headers: idempotencyHeaders,
      body: eventBody,
      response: { 200: event, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      if (request.query.event_id !== undefined) return events.update(caller, request.query.event_id, request.body);
      return events.create(caller, request.body, request.headers['idempotency-key']);
    },
  });

  app.delete('/events', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Delete an event (its owner)',
      querystring: eventIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await events.remove(callerOf(request), request.query.event_id);
      return { ok: true as const };
    },
  });

  app.get('/events/unshare', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "Remove an event shared with the caller from the caller's list",
      querystring: eventIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      await events.unshare(callerOf(request), request.query.event_id);
      return { ok: true as const };
    },
  });

  app.post('/events/batch', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Share several events at once (owner of every one; all or nothing)',
      querystring: eventBatchQuery,
      body: eventBatchBody,
      response: { 200: eventBatchResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      events: await events.shareMany(callerOf(request), request.query.event_ids, request.body as Parameters<EventsService['shareMany']>[2]),
    }),
  });
};
