import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/api-error.ts';

/** Who is calling: resolved from the bearer token, with the user row read in the same query. */
export interface Caller {
  uid: number;
  tokenId: number;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** What the requireUser hook needs from the token store. */
export interface TokenStore {
  resolve(token: string): Promise<ResolvedToken | null>;
  touch(tokenId: number): Promise<void>;
}

/** A live token's caller, and whether its last_used_at is old enough to be rewritten. */
export interface ResolvedToken {
  caller: Caller;
  stale: boolean;
}

/** An onRequest hook that puts the caller on the request or answers 401. */
export type RequireUser = (request: FastifyRequest) => Promise<void>;

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/**
 * An onRequest hook for routes that need a user: resolves the bearer token to its account with one
 * SELECT or answers 401 UNAUTHORIZED. A 401 makes the client sign out, so it means only "no live
 * token", never "not allowed". Runs before body parsing, so an anonymous caller learns nothing about
 * the input rules. The token's last use is recorded at most every 10 minutes, after the answer is
 * under way, never before it.
 */
export function createRequireUser(tokens: TokenStore): RequireUser {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const resolved = await tokens.resolve(token);
    if (!resolved) throw unauthorized();
    request.caller = resolved.caller;
    if (resolved.stale) {
      void tokens.touch(resolved.caller.tokenId).catch((err: unknown) => request.log.warn({ err }, 'recording a session use failed'));
    }
  };
}

/** The caller of a route guarded by requireUser. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
