import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiPlanBody,
  diagnoseQuery,
  diagnoseResponse,
  diagnosesQuery,
  diagnosesResponse,
  diagnosisIdQuery,
  eventsResponse,
  followUpResponse,
} from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { idempotencyHeaders } from '../../platform/idempotency/idempotency.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { AiService } from './ai.service.ts';

export interface AiRoutesOptions {
  ai: AiService;
  requireUser: RequireUser;
}

const tags = ['ai'];
const security = [{ bearerAuth: [] }];

/** The /ai calls of the AI coach: thin handlers over AiService. */
export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, { ai, requireUser }) => {
  app.get('/ai/diagnose', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        "Diagnose the weakest area of one player's game from their most recent 20 rounds the caller may see (premium for oneself; coach level for a player who shared rounds)",
      querystring: diagnoseQuery,
      response: { 200: diagnoseResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ai.diagnose(callerOf(request), request.query),
  });

  app.get('/ai/diagnoses', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "A player's diagnoses the caller may read, newest first",
      querystring: diagnosesQuery,
      response: { 200: diagnosesResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ diagnoses: await ai.list(callerOf(request), request.query.uid) }),
  });

  app.post('/ai/plan', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "Schedule a diagnosis's practice plan on the player's calendar (the player only; Idempotency-Key honoured)",
      querystring: diagnosisIdQuery,
      headers: idempotencyHeaders,
      body: aiPlanBody,
      response: { 200: eventsResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      ai.schedule(callerOf(request), request.query.diagnosis_id, request.body, request.headers['idempotency-key']),
  });

  app.get('/ai/follow-up', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "The diagnosed category per round before and since a diagnosis, the verdict, and the plan's drill results",
      querystring: diagnosisIdQuery,
      response: { 200: followUpResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ai.followUp(callerOf(request), request.query.diagnosis_id),
  });
};
