import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Statistics already computed, by a key naming exactly what they were computed from (see
 * modules/stats/stats-cache.ts): the statistic, the definitions' version, the benchmark, the
 * boundaries and every counted round with the time it last changed. A changed, added, deleted or
 * unshared round gives a new key, so a row is never stale, only unused; rows older than a week are
 * pruned (a statistic still asked for is then computed once again).
 */
export const statsCache = pgTable(
  'stats_cache',
  {
    key: text('key').primaryKey(),
    /** The response body as sent (JSON text). */
    body: text('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('stats_cache_created_at_idx').on(table.created_at)],
);

/**
 * The statistics epoch: the sum of `n` over the rows grows with every committed transaction that
 * changes what a statistic can depend on (rounds, events, shares, tags, hides, organisation
 * members, settings). Triggers (migration 0004) add one to the row `shard = txid % 64`, so
 * concurrent writers seldom wait on each other, and a reader sees the sum in the same snapshot as
 * the data. The API remembers a viewer's statistics plan with the epoch it was read at and reuses
 * it while the epoch is unchanged.
 */
export const statsEpoch = pgTable('stats_epoch', {
  shard: integer('shard').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/**
 * Where each golfer's last write ended in the primary's write-ahead log (an LSN as text, for
 * example `0/3000148`), recorded after every successful write when statistics are read from a
 * streaming replica. A statistics read goes to the replica only when it has replayed the reader's
 * position, so a golfer who just saved a round sees it counted (read-your-own-writes); anyone
 * else's writes may reach them a moment later.
 */
export const writePositions = pgTable('write_positions', {
  uid: integer('uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  lsn: text('lsn').notNull(),
  written_at: timestamp('written_at', { withTimezone: true }).notNull(),
});
