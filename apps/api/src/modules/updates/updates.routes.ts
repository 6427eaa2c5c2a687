import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updatesBody, updatesResponse } from '@holeout/contracts';
import { notFound } from '../../lib/api-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { UpdatesService } from './updates.service.ts';

export interface UpdatesRoutesOptions {
  updates: UpdatesService;
}

const updatesTag = ['updates'];

/** POST /updates: the live-update check of the app's updater plugin; GET /updates/bundles/<file>: a bundle zip. No sign-in: the app checks before anyone logs in. */
export const updatesRoutes: FastifyPluginAsyncZod<UpdatesRoutesOptions> = async (app, { updates }) => {
  app.post('/updates', {
    schema: {
      tags: updatesTag,
      summary:
        'Live-update check (the @capgo/capacitor-updater self-hosted protocol): the newest bundle for the app and platform, or error no_new_version_available / app_not_found',
      body: updatesBody,
      response: { 200: updatesResponse, ...errorResponses(400) },
    },
    handler: async (request) => updates.latestFor(request.body),
  });

  app.get('/updates/bundles/:file', {
    schema: {
      tags: updatesTag,
      summary: 'A published bundle zip by the name in its url (the sha256 of its bytes)',
      params: z.object({ file: z.string().max(80) }),
      response: { ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const body = await updates.readBundle(request.params.file);
      if (!body) throw notFound('No such bundle');
      reply.header('x-content-type-options', 'nosniff');
      // The 200 is bytes, outside the JSON response schemas (which type send).
      return reply.type('application/zip').send(body as never);
    },
  });
};
