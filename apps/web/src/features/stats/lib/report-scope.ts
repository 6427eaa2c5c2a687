/**
 * Which rounds a statistics report covers: the rounds the page counts. A player's pages count the
 * Events selection (the user's own pages) narrowed by the quick range (?range=), as useStat does;
 * the report names those rounds, or none (all of the player's rounds) when nothing narrows them.
 */
import { roundsInRange, type RoundRange } from '@holeout/golf';
import { useSession } from '../../../lib/session/use-session.ts';
import { useViewScores } from '../api/stats.ts';
import { playerRounds, usePlayerView } from './player-view.ts';
import { useRoundRange } from './round-range.ts';

/** A report names at most this many rounds (the mailed report's body takes 300, and the statistics count the latest 300). */
export const MAX_REPORT_ROUNDS = 300;

interface ScoredRound {
  event_id: number;
  uid: number;
  start: string;
}

/**
 * The rounds of `uid` among `scores` (the view's rounds: the selection, or all) that `range` keeps,
 * as event ids, the latest MAX_REPORT_ROUNDS; undefined (all of the player's rounds) when neither a
 * selection nor the range narrows them.
 */
export function reportRounds(scores: readonly ScoredRound[], uid: number, range: RoundRange, selection: boolean): number[] | undefined {
  const player = playerRounds(scores, uid);
  const kept = roundsInRange(player, range);
  if (!selection && kept.length === player.length) return undefined;
  return kept.slice(-MAX_REPORT_ROUNDS).map((round) => round.event_id);
}

/** The page's rounds for a report: undefined for all, or the ids; `ready` once the view's rounds have loaded. */
export function useReportRounds(): { rounds: number[] | undefined; ready: boolean } {
  const { uid, other } = usePlayerView();
  const selected = useSession((s) => s.selectedRounds.length);
  const [range] = useRoundRange();
  const view = useViewScores();
  if (!view.data) return { rounds: undefined, ready: false };
  // A coach's view of a player counts every round the player shares: the coach's own selection does not apply.
  return { rounds: reportRounds(view.data.scores, uid, range, other === null && selected > 0), ready: true };
}
