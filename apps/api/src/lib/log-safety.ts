import type { FastifyRequest } from 'fastify';

/**
 * What the logs may hold (ASVS 7.1): no codes, passwords, tokens or e-mail addresses. Request
 * lines carry the URL with these query values replaced, and errors are written without the
 * parameters of a failed SQL statement (which held e-mails and password hashes) or the details a
 * database adds ("Key (email)=(...) already exists").
 */

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY_KEYS = new Set(['code', 'email', 'password', 'newpassword', 'token', 'push_token', 'idtoken', 'ticket']);
const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw key.
      }
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) && eq >= 0 ? `${rawKey}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** The request as a log line shows it. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Properties of database and library errors that are safe to log (no values, no parameters). */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine', 'errno', 'syscall'] as const;

function isFailedQuery(err: Error): err is Error & { query: string; params: unknown } {
  return 'query' in err && 'params' in err && typeof (err as { query: unknown }).query === 'string';
}

/** The stack frames without the message line(s) on top, which repeat the message. */
function framesOf(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const at = stack.indexOf('\n    at ');
  return at < 0 ? undefined : stack.slice(at + 1);
}

export interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as a log line shows it: type, message, safe fields and stack frames, with its causes. */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const out: SerializedError = {
    type: err.name === 'Error' ? err.constructor.name : err.name,
    // A failed query's message ends with its parameters: keep the SQL, never the values.
    message: isFailedQuery(err) ? `Failed query: ${err.query}` : err.message,
    stack: framesOf(err.stack) ?? '',
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}
