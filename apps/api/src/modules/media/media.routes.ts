import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_MEDIA_BYTES, mediaResponse } from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import type { RequireUser } from '../../platform/app-context.ts';
import { callerOf } from '../auth/auth.module.ts';
import type { MediaService } from './media.service.ts';

export interface MediaRoutesOptions {
  media: MediaService;
  requireUser: RequireUser;
}

const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The image must be at most 2 MB.');

/** POST /media: a coach uploads an image (an organisation logo); GET /media/<name>: the stored image. */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { media, requireUser }) => {
  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 } });

  app.post('/media', {
    onRequest: requireUser,
    // Uploads are decoded and resized: a few a minute is plenty for choosing a logo.
    preHandler: app.rateLimit({ max: 20, timeWindow: 60 * 60_000, keyGenerator: (request) => `media:${callerOf(request).uid}` }),
    bodyLimit: MAX_MEDIA_BYTES + 64 * 1024,
    schema: {
      tags: ['media'],
      security: [{ bearerAuth: [] }],
      summary: 'Upload an image (multipart, one field `file`): PNG, JPEG or WebP up to 2 MB; stored resized to at most 512 px as WebP',
      consumes: ['multipart/form-data'],
      response: { 200: mediaResponse, ...errorResponses(400, 401, 403, 413, 415, 429) },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      if (!caller.user.is_coach) throw new ApiError(403, 'FORBIDDEN', 'Only coaches upload images (organisation logos).');
      const bytes = await readUploadedFile(request, 'the image', tooLarge);
      return media.upload(caller.uid, bytes);
    },
  });

  app.get('/media/:name', {
    schema: {
      tags: ['media'],
      summary: 'A stored image by the name in its url (public: the name is random)',
      params: z.object({ name: z.string().max(64) }),
      response: { ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const found = await media.read(request.params.name);
      if (!found) throw notFound('No such image');
      // The name changes with the picture, so a browser may keep it for a year.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      return reply.type(found.contentType).send(found.body as never);
    },
  });
};
