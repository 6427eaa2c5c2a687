import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, tag, tagBody, tagIdQuery, tagsResponse, tagUpsertQuery } from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { TagsService } from './tags.service.ts';

export interface TagsRoutesOptions {
  tags: TagsService;
  requireUser: RequireUser;
}

const tagsTag = ['tags'];
const security = [{ bearerAuth: [] }];

/** GET/POST/DELETE /tags. Sharing a tag shares, at VIEW, every event of its owner that carries it. */
export const tagsRoutes: FastifyPluginAsyncZod<TagsRoutesOptions> = async (app, { tags, requireUser }) => {
  app.get('/tags', {
    onRequest: requireUser,
    schema: {
      tags: tagsTag,
      security,
      summary: "The caller's tags and those shared with them",
      response: { 200: tagsResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ tags: await tags.list(callerOf(request)) }),
  });

  app.post('/tags', {
    onRequest: requireUser,
    schema: {
      tags: tagsTag,
      security,
      summary: "Create a tag, or change one of the caller's (tag_id): name, colour and who it is shared with",
      querystring: tagUpsertQuery,
      body: tagBody,
      response: { 200: tag, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      tags.save(callerOf(request), request.query.tag_id ?? null, request.body as Parameters<TagsService['save']>[2]),
  });

  app.delete('/tags', {
    onRequest: requireUser,
    schema: {
      tags: tagsTag,
      security,
      summary: "Delete one of the caller's tags (its events stay)",
      querystring: tagIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await tags.remove(callerOf(request), request.query.tag_id);
      return { ok: true as const };
    },
  });
};
