import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

/** How long a key's answer is kept: a phone on a weak signal retries within minutes, not days. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

export type KeyClaim = { claimed: true } | { claimed: false; requestHash: string; status: number | null; response: unknown };

/** The only database code of Idempotency-Key answers. */
export class IdempotencyRepository {
  constructor(private readonly clock: () => Date) {}

  /**
   * Claims a key inside the caller's transaction. A concurrent claim of the same key waits on the
   * unique index until this transaction ends, then finds the row; an expired row is replaced.
   */
  async claim(tx: Database, uid: number, key: string, requestHash: string): Promise<KeyClaim> {
    const now = this.clock();
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.uid, uid),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.created_at, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
        ),
      );
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ uid, key, request_hash: requestHash, created_at: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { claimed: true };
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key)));
    return { claimed: false, requestHash: row?.request_hash ?? '', status: row?.status ?? null, response: row?.response ?? null };
  }

  async storeAnswer(tx: Database, uid: number, key: string, status: number, response: unknown): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ status, response })
      .where(and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key)));
  }
}
