import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgList } from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type createRequireUser } from '../../plugins/auth.ts';
import type { OrgsRepository } from './orgs.repository.ts';

export interface OrgsRoutesOptions {
  orgs: OrgsRepository;
  requireUser: ReturnType<typeof createRequireUser>;
}

/** GET /orgs: the caller's organisations, which the menu header uses for branding. */
export const orgsRoutes: FastifyPluginAsyncZod<OrgsRoutesOptions> = async (app, { orgs, requireUser }) => {
  app.get('/orgs', {
    onRequest: requireUser,
    schema: {
      tags: ['orgs'],
      security: [{ bearerAuth: [] }],
      summary: 'Organisations the caller belongs to',
      response: { 200: orgList, ...errorResponses(401) },
    },
    handler: async (request) => orgs.orgsOfMember(callerOf(request).uid),
  });
};
