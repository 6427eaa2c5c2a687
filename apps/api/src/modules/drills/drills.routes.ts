import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  drill,
  drillBody,
  drillIdQuery,
  drillResult,
  drillResultBody,
  drillResultIdQuery,
  drillResultsQuery,
  drillResultsResponse,
  drillResultUpsertQuery,
  drillsQuery,
  drillsResponse,
  drillUpsertQuery,
  eventsResponse,
  folder,
  folderBody,
  folderIdQuery,
  foldersResponse,
  folderUpsertQuery,
  okResponse,
  type DrillBody,
  type DrillResultBody,
  type FolderBody,
} from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { DrillsService } from './drills.service.ts';

export interface DrillsRoutesOptions {
  drills: DrillsService;
  requireUser: RequireUser;
}

const drillsTag = ['drills'];
const security = [{ bearerAuth: [] }];

/** The /drills, /drills/results and /folders calls: thin handlers over DrillsService. */
export const drillsRoutes: FastifyPluginAsyncZod<DrillsRoutesOptions> = async (app, { drills, requireUser }) => {
  app.get('/drills', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: 'Drills the caller may see; one by drill_id, or the drill of an event drill by ced_id (not both)',
      querystring: drillsQuery,
      response: { 200: drillsResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ drills: await drills.list(callerOf(request), request.query) }),
  });

  app.post('/drills', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: 'Create a drill (premium), or change one (drill_id; MODIFY, shares by its owner)',
      querystring: drillUpsertQuery,
      body: drillBody,
      response: { 200: drill, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => drills.save(callerOf(request), request.query.drill_id ?? null, request.body as DrillBody),
  });

  app.delete('/drills', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: 'Delete a drill (its owner), with its results',
      querystring: drillIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await drills.remove(callerOf(request), request.query.drill_id);
      return { ok: true as const };
    },
  });

  app.get('/drills/unshare', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: 'Remove the caller from a drill shared with them',
      querystring: drillIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      await drills.unshare(callerOf(request), request.query.drill_id);
      return { ok: true as const };
    },
  });

  app.get('/drills/events', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: 'The events using a drill that the caller may see, newest first',
      querystring: drillIdQuery,
      response: { 200: eventsResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ events: await drills.eventsOf(callerOf(request), request.query.drill_id) }),
  });

  app.get('/drills/results', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary:
        'Results of event drills (ced_id list), or of one drill across the events the caller may see (drill_id, uids, from), oldest first',
      querystring: drillResultsQuery,
      response: { 200: drillResultsResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ results: await drills.results(callerOf(request), request.query) }),
  });

  app.post('/drills/results', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: 'Record a result (premium; ADD on the event), or change one (drillresult_id)',
      querystring: drillResultUpsertQuery,
      body: drillResultBody,
      response: { 200: drillResult, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => drills.saveResult(callerOf(request), request.query.drillresult_id ?? null, request.body as DrillResultBody),
  });

  app.delete('/drills/results', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: 'Delete a result',
      querystring: drillResultIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await drills.removeResult(callerOf(request), request.query.drillresult_id);
      return { ok: true as const };
    },
  });

  app.get('/folders', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: "Drill folders: the caller's and those shared with them or their organisations",
      response: { 200: foldersResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ folders: await drills.listFolders(callerOf(request)) }),
  });

  app.post('/folders', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: "Create a folder (premium), or rename and share one of the caller's (folder_id)",
      querystring: folderUpsertQuery,
      body: folderBody,
      response: { 200: folder, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => drills.saveFolder(callerOf(request), request.query.folder_id ?? null, request.body as FolderBody),
  });

  app.delete('/folders', {
    onRequest: requireUser,
    schema: {
      tags: drillsTag,
      security,
      summary: "Delete one of the caller's folders (its drills stay, unfiled)",
      querystring: folderIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await drills.deleteFolder(callerOf(request), request.query.folder_id);
      return { ok: true as const };
    },
  });
};
