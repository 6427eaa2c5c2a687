import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@holeout/contracts';
import { ApiError } from '../lib/api-error.ts';

interface FieldProblem {
  field: string;
  message: string;
}

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/** "email: Enter a valid e-mail address; password: ..." — the field named first, as a person reads it. */
function describeProblems(problems: FieldProblem[]): string {
  return problems.map((p) => `${p.field}: ${p.message}`).join('; ');
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'VALIDATION_ERROR';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/**
 * The one place errors become answers: bad input 400 naming the field, expected failures with their
 * own status and code, anything else 500 with no internals (the log keeps them, with the request id).
 */
export function registerErrorHandler(app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = CONTEXT_NAMES[err.validationContext ?? 'body'] ?? 'input';
      const problems: FieldProblem[] = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where,
        message: v.message ?? 'is invalid',
      }));
      const body: ErrorBody = { error: describeProblems(problems), code: 'VALIDATION_ERROR', details: problems.map((p) => ({ ...p, in: where })) };
      return reply.code(400).send(body);
    }
    if (err instanceof ApiError) {
      const body: ErrorBody = { error: err.message, code: err.code, ...(err.details === undefined ? {} : { details: err.details }) };
      return reply.code(err.statusCode).send(body);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large, rate limit).
      const message = status === 400 && err.code?.startsWith('FST_ERR_CTP') ? `The request body is not valid JSON: ${err.message}` : err.message;
      return reply.code(status).send({ error: message, code: codeForStatus(status) } satisfies ErrorBody);
    }
    request.log.error({ err, reqId: request.id }, 'internal error');
    return reply.code(500).send({ error: 'Internal server error', code: 'INTERNAL_ERROR' } satisfies ErrorBody);
  });
}
