import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handicapQuery, handicapResponse, STAT_ENDPOINTS, statsQuery, statsResponses } from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { StatsService } from './stats.service.ts';

export interface StatsRoutesOptions {
  stats: StatsService;
  requireUser: RequireUser;
}

/** GET /v4/stats/{name}: one route per statistic of STAT_ENDPOINTS, the summary included; definitions in packages/golf. */
export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, { stats, requireUser }) => {
  for (const name of STAT_ENDPOINTS) {
    app.get(`/stats/${name}`, {
      onRequest: requireUser,
      schema: {
        tags: ['stats'],
        security: [{ bearerAuth: [] }],
        summary: `Statistics: ${name} over the selected rounds, or all rounds of the players the caller may see`,
        querystring: statsQuery,
        response: { 200: statsResponses[name], ...errorResponses(400, 401, 404) },
      },
      // The body comes as JSON text (often from the statistics cache) and is sent as it is.
      handler: async (request, reply) =>
        reply.type('application/json; charset=utf-8').send((await stats.stat(callerOf(request), name, request.query)) as never),
    });
  }

  app.get('/stats/handicap', {
    onRequest: requireUser,
    schema: {
      tags: ['stats'],
      security: [{ bearerAuth: [] }],
      summary:
        'The World Handicap System index of each player, from their rounds with a course rating and slope that the caller may see: score differentials (net double bogey or par + 5), the lowest 8 of the latest 20 (the WHS table with fewer), soft and hard caps',
      querystring: handicapQuery,
      response: { 200: handicapResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => stats.handicap(callerOf(request), request.query),
  });
};
