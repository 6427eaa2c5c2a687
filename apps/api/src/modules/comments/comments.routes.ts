import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentBody, commentIdQuery, commentsResponse, eventComment, eventIdQuery, okResponse } from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { CommentsService } from './comments.service.ts';

export interface CommentsRoutesOptions {
  comments: CommentsService;
  requireUser: RequireUser;
}

const tags = ['events'];
const security = [{ bearerAuth: [] }];

/** GET/POST/DELETE /events/comments: thin handlers; the rules are CommentsService's. */
export const commentsRoutes: FastifyPluginAsyncZod<CommentsRoutesOptions> = async (app, { comments, requireUser }) => {
  app.get('/events/comments', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "An event's comments, oldest first (anyone who may see the event)",
      querystring: eventIdQuery,
      response: { 200: commentsResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ comments: await comments.list(callerOf(request), request.query.event_id) }),
  });

  app.post('/events/comments', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Comment on an event (anyone who may see it; 1 to 2,000 characters of plain text); the owner is notified',
      querystring: eventIdQuery,
      body: commentBody,
      response: { 200: eventComment, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => comments.add(callerOf(request), request.query.event_id, request.body),
  });

  app.delete('/events/comments', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "Delete a comment (its author, or the event's owner)",
      querystring: commentIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await comments.remove(callerOf(request), request.query.comment_id);
      return { ok: true as const };
    },
  });
};
