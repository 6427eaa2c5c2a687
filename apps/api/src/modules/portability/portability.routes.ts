import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importRoundsResponse } from '@holeout/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import type { RequireUser } from '../../platform/app-context.ts';
import { callerOf } from '../auth/auth.module.ts';
import { MAX_IMPORT_ROUNDS } from './rounds-csv.ts';
import type { PortabilityService } from './portability.service.ts';

export interface PortabilityRoutesOptions {
  portability: PortabilityService;
  requireUser: RequireUser;
}

/** The largest rounds.csv an import reads: 300 rounds of 18 holes at about 100 bytes a shot is under 3 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const security = [{ bearerAuth: [] }];
const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', `The file must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
const notCsv = () =>
  new ApiError(400, 'BAD_REQUEST', "The file is not CSV text: send rounds.csv (UTF-8 text, the export's columns) in a field named file.");

/** Text of an uploaded file: UTF-8 without NUL bytes, else it is no CSV (judged by its bytes, never its name or declared type). */
function csvTextOf(bytes: Buffer): string {
  if (bytes.includes(0)) throw notCsv();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notCsv();
  }
}

/** GET /account/export and POST /rounds/import. */
export const portabilityRoutes: FastifyPluginAsyncZod<PortabilityRoutesOptions> = async (app, { portability, requireUser }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 } });

  app.get('/account/export', {
    onRequest: requireUser,
    // Each export reads the whole account: a few an hour is plenty for taking one's data away.
    preHandler: app.rateLimit({ max: 20, timeWindow: 60 * 60_000, keyGenerator: (request) => `export:${callerOf(request).uid}` }),
    schema: {
      tags: ['account'],
      security,
      summary:
        "The caller's own data as a zip (application/zip, streamed): account.json, events.json, rounds.csv (one row a shot), drills.json, drill_results.csv, notifications.json",
      response: { ...errorResponses(401, 429) },
    },
    handler: async (request, reply) => {
      const { stream, filename } = await portability.exportAccount(callerOf(request));
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      // The zip is bytes, not one of the JSON answers the schema describes.
      return reply.send(stream as never);
    },
  });

  app.post('/rounds/import', {
    onRequest: requireUser,
    preHandler: app.rateLimit({ max: 30, timeWindow: 60 * 60_000, keyGenerator: (request) => `rounds-import:${callerOf(request).uid}` }),
    bodyLimit: MAX_IMPORT_BYTES + 64 * 1024,
    schema: {
      tags: ['events'],
      security,
      summary: `Import rounds from a rounds.csv (multipart, one field \`file\`; at most 5 MB and ${MAX_IMPORT_ROUNDS} rounds): all stored as the caller's rounds, or none, a bad row answered 400 naming its row and column`,
      consumes: ['multipart/form-data'],
      response: { 200: importRoundsResponse, ...errorResponses(400, 401, 413, 415, 429) },
    },
    handler: async (request) => {
      const bytes = await readUploadedFile(request, 'rounds.csv', tooLarge);
      if (bytes.length === 0) throw new ApiError(400, 'BAD_REQUEST', 'The file is empty: it needs the header row and one row a shot.');
      return portability.importRounds(callerOf(request), csvTextOf(bytes));
    },
  });
};
