import { sql } from 'drizzle-orm';
import { standardRoundScores, type Round } from '@holeout/golf';
import { definitionsVersion } from '../lib/definitions-version.ts';
import type { Database } from './client.ts';
import { roundScores } from './schema/index.ts';

/** A round's row set of round_scores: its strokes gained against every benchmark level. */
export type RoundScoreRow = typeof roundScores.$inferInsert;

/**
 * The round_scores rows of a round about to be written: none when the engine refuses the round (it
 * breaks a round rule the engine checks), so the statistics score it from its shots, and fail there as
 * they always have, rather than the save failing here.
 */
export function roundScoreRows(eventId: number, round: Pick<Round, 'units' | 'holes'>): RoundScoreRow[] {
  let scores;
  try {
    scores = standardRoundScores(round);
  } catch {
    return [];
  }
  const definitions = definitionsVersion();
  return scores.map((score) => ({ event_id: eventId, definitions, ...score }));
}

/**
 * Writes round_scores rows in one statement (in the caller's transaction when given one). A row of the
 * same round and benchmark is replaced only when it was computed under other definitions: a refresh
 * from shots read before an edit of the round then never overwrites the rows the edit wrote (an edit
 * deletes the round's rows with its holes and writes new ones in its own transaction).
 */
export async function writeRoundScores(db: Pick<Database, 'insert'>, rows: readonly RoundScoreRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(roundScores)
    .values([...rows])
    .onConflictDoUpdate({
      target: [roundScores.event_id, roundScores.benchmark],
      set: {
        definitions: sql`excluded.definitions`,
        holes: sql`excluded.holes`,
        score: sql`excluded.score`,
        sg: sql`excluded.sg`,
      },
      setWhere: sql`${roundScores.definitions} <> excluded.definitions`,
    });
}
