import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@holeout/contracts';
import { isConnectionLost } from '../db/client.ts';
import { ApiError } from '../lib/api-error.ts';

interface FieldProblem {
  field: string;
  message: string;
  /** A rule over the whole query or body (no one field): its message stands alone. */
  whole?: boolean;
}

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/** "email: Enter a valid e-mail address; password: ..." — the field named first, as a person reads it. */
function describeProblems(problems: FieldProblem[]): string {
  return problems.map((p) => (p.whole ? p.message : `${p.field}: ${p.message}`)).join('; ');
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'VALIDATION_ERROR';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'REQUEST_TIMEOUT';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 431) return 'HEADERS_TOO_LARGE';
  return 'BAD_REQUEST';
}

/**
 * The one place errors become answers: bad input 400 naming the field, expected failures with their
 * own status and code, a lost database connection 503 DATABASE_UNAVAILABLE, anything else 500 with
 * no internals (the log keeps them, with the request id).
 */
export function registerErrorHandler(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>,
): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = CONTEXT_NAMES[err.validationContext ?? 'body'] ?? 'input';
      const problems: FieldProblem[] = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where,
        message: v.message ?? 'is invalid',
        whole: v.instancePath.replace(/^\//, '') === '',
      }));
      // A rule over the whole query or body ("Cannot specify both drill_id and ced_id") answers in its own
      // words, not prefixed with a field name.
      const body: ErrorBody = {
        error: describeProblems(problems),
        code: 'VALIDATION_ERROR',
        details: problems.map(({ field, message }) => ({ field, message, in: where })),
      };
      return reply.code(400).send(body);
    }
    if (err instanceof ApiError) {
      const body: ErrorBody = { error: err.message, code: err.code, ...(err.details === undefined ? {} : { details: err.details }) };
      return reply.code(err.statusCode).send(body);
    }
    if (isConnectionLost(err)) {
      // The database connection went away under the request (a restart, a failover, an ended backend):
      // the request failed as a whole and may be sent again; the pool opens a new connection for it.
      request.log.warn({ err, reqId: request.id }, 'database connection lost');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: 'The service is briefly unavailable. Try again in a moment.', code: 'DATABASE_UNAVAILABLE' } satisfies ErrorBody);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large, rate limit).
      const message =
        CLIENT_ERROR_MESSAGES[err.code] ??
        (status === 400 && err.code?.startsWith('FST_ERR_CTP') ? `The request body is not valid JSON: ${err.message}` : err.message);
      return reply.code(status).send({ error: message, code: codeForStatus(status) } satisfies ErrorBody);
    }
    request.log.error({ err, reqId: request.id }, 'internal error');
    return reply.code(500).send({ error: 'Internal server error', code: 'INTERNAL_ERROR' } satisfies ErrorBody);
  });
}

/** Fastify's client errors in words a person reads. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
};

/**
 * Errors Node raises before a request reaches Fastify (a header block too large, a malformed
 * request line, a request that did not arrive in time) answer in the API's { error, code } shape,
 * then the connection closes, as Node does.
 */
export function handleClientError(this: { log: FastifyBaseLogger }, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408
      ? 'The request did not arrive in time.'
      : status === 431
        ? 'The request headers are too large.'
        : 'The request is malformed.';
  const body = JSON.stringify({ error: message, code: codeForStatus(status) } satisfies ErrorBody);
  this.log.debug({ code: err.code, status }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The API reads JSON as UTF-8 only (RFC 8259 8.1). A body declared in another charset would be
 * misread, so it is refused with 415 before it is parsed.
 */
export async function requireUtf8Json(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (!type) return;
  const [mediaType, ...params] = type.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return;
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"|"$/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `The body must be JSON in UTF-8, not ${charset}.`);
  }
}
