import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';

/**
 * The `Idempotency-Key` header a write route may accept: a retry of the same write (a phone on a
 * weak signal) sends the same key, 1 to 100 printable characters. Spread into a route's
 * `schema.headers`.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable characters')
    .optional(),
});

/** What one keyed write is: who sent it, the key, and the request it stands for. */
export interface KeyedWrite {
  uid: number;
  key: string | undefined;
  /** The request as sent (hashed): the same key with another request is a conflict. */
  request: unknown;
}

/**
 * Idempotent writes for any route: the same key from the same user within 24 hours answers the
 * first answer and does nothing again; the same key with a different request is a 409. The key is
 * claimed in the write's own transaction, so the write and its stored answer commit together and a
 * concurrent retry waits for the first to finish.
 */
export class Idempotency {
  private readonly repository: IdempotencyRepository;

  constructor(clock: () => Date) {
    this.repository = new IdempotencyRepository(clock);
  }

  /** Runs `write` inside `tx` once per key; a repeat answers what the first answered. Without a key it simply runs. */
  async once<T>(tx: Database, keyed: KeyedWrite, write: () => Promise<T>): Promise<T> {
    const { uid, key } = keyed;
    if (!key) return write();
    const requestHash = createHash('sha256').update(JSON.stringify(keyed.request)).digest('hex');
    const claim = await this.repository.claim(tx, uid, key, requestHash);
    if (!claim.claimed) {
      if (claim.requestHash !== requestHash)
        throw new ApiError(409, 'CONFLICT', 'This Idempotency-Key was already used for a different request.');
      if (claim.response !== null) return claim.response as T;
    }
    const answer = await write();
    await this.repository.storeAnswer(tx, uid, key, 200, answer);
    return answer;
  }
}
