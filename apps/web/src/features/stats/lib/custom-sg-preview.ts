/**
 * The live preview of custom-sg-settings: the user's latest rounds scored in the browser by the
 * golf engine against the draft target and distances, exactly as the statistics will read them.
 */
import type { CustomSgSettings } from '@holeout/contracts';
import { computeStat, type PlayerRound } from '@holeout/golf';
import type { RoundSg } from './sg-categories.ts';
import { benchmarkRefOf } from './custom-sg-form.ts';

export interface PreviewRound {
  event_id: number;
  start: string;
  score: number;
  holes: number;
  /** Per 18 holes, as round_sg gives it. */
  sg: RoundSg;
}

/**
 * Each round's strokes gained (per 18 holes) against the settings, newest first. Each round is
 * scored on its own, so a round the engine refuses leaves the others in the preview.
 */
export function previewRounds(rounds: readonly PlayerRound[], custom: CustomSgSettings): PreviewRound[] {
  const benchmark = benchmarkRefOf(custom);
  const scored: PreviewRound[] = [];
  for (const round of rounds) {
    try {
      const [row] = computeStat('round_sg', [round], { benchmark, boundaries: custom.boundaries }).rounds;
      if (row) scored.push({ event_id: row.event_id, start: row.start, score: row.score, holes: row.holes, sg: row.sg });
    } catch {
      // A stored round that breaks the shot rules: the statistics skip it too.
    }
  }
  return scored.sort((a, b) => b.start.localeCompare(a.start) || b.event_id - a.event_id);
}
