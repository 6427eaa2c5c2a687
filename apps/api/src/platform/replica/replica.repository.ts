import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, writePositions } from '../../db/schema/index.ts';

/** The write-ahead-log positions that decide whether a streaming replica may answer a reader. */
export class WritePositionsRepository {
  constructor(private readonly primary: Database) {}

  /**
   * Records that `uid` has just written: the primary's WAL insert position now is at or past the end
   * of every transaction of theirs that has committed. Two writes racing keep the later position.
   */
  async recordWrite(uid: number, now: Date): Promise<void> {
    // Through users: a write that deleted the account leaves nobody to record.
    await this.primary.execute(sql`
      INSERT INTO ${writePositions} (uid, lsn, written_at)
      SELECT ${users.uid}, pg_current_wal_insert_lsn()::text, ${now} FROM ${users} WHERE ${users.uid} = ${uid}
      ON CONFLICT (uid) DO UPDATE
        SET lsn = greatest(${writePositions.lsn}::pg_lsn, excluded.lsn::pg_lsn)::text,
            written_at = excluded.written_at`);
  }

  /** Where `uid`'s last recorded write ended, or null when none is recorded. */
  async lastWrite(uid: number): Promise<string | null> {
    const [row] = await this.primary
      .select({ lsn: writePositions.lsn })
      .from(writePositions)
      .where(sql`${writePositions.uid} = ${uid}`);
    return row?.lsn ?? null;
  }
}

/** Questions asked of the replica itself. */
export class ReplicaStateRepository {
  constructor(private readonly replica: Database) {}

  /**
   * True when the replica has replayed the primary's log up to `lsn`. A server that is not replaying
   * (a primary given as the replica, or a standby that has not started replay) is never caught up.
   */
  async replayedPast(lsn: string): Promise<boolean> {
    const result = (await this.replica.execute(
      sql`SELECT coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) AS caught_up`,
    )) as unknown as { rows: Array<{ caught_up: boolean }> };
    return result.rows[0]?.caught_up === true;
  }
}
