import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportMailBody, reportQuery, reportQueuedResponse } from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { ReportsService } from './reports.service.ts';

export interface ReportsRoutesOptions {
  reports: ReportsService;
  requireUser: RequireUser;
}

const tags = ['reports'];
const security = [{ bearerAuth: [] }];

/** GET and POST /reports/stats: thin handlers over ReportsService; Basic is checked before the input is read. */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { reports, requireUser }) => {
  const requireBasic = async (request: Parameters<RequireUser>[0]) => reports.requireBasic(callerOf(request));

  app.get('/reports/stats', {
    onRequest: [requireUser, requireBasic],
    schema: {
      tags,
      security,
      summary:
        "One player's statistics report as a PDF (application/pdf, an attachment): strokes gained by category and leaf, the trend per round, the summary figures with their definitions, the miss grids, the handicap index and the latest AI diagnosis, over the rounds the caller may see (Basic and above)",
      querystring: reportQuery,
      response: { ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { pdf, fileName } = await reports.build(callerOf(request), request.query);
      // The PDF is sent as bytes; the route's schema lists only its error answers.
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf as never);
    },
  });

  app.post('/reports/stats', {
    onRequest: [requireUser, requireBasic],
    schema: {
      tags,
      security,
      summary:
        "Mail the same report as a PDF attachment, to the caller or (a coach's report of a player) to the player; checked now, built and sent by a job (Basic and above)",
      body: reportMailBody,
      response: { 202: reportQueuedResponse, ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request, reply) => reply.code(202).send(await reports.queueMail(callerOf(request), request.body)),
  });
};
