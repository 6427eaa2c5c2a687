/**
 * Outside-green misses (GET /v4/stats/og_misses) by the lie they finished in, with the share of
 * approaches and the mean distance left (in the user's long unit) where it is known.
 */
import { toDisplayDistance, type UnitsPair } from '@holeout/golf';
import { percentOf } from './format.ts';

export type MissedLie = 'F' | 'R' | 'S' | 'H' | 'O';
export const MISSED_LIES: readonly MissedLie[] = ['F', 'R', 'S', 'H', 'O'];

export const MISSED_LIE_LABELS: Record<MissedLie, string> = {
  F: 'Fairway',
  R: 'Rough',
  S: 'Sand',
  H: 'Penalty area',
  O: 'Out of bounds',
};

export interface OgMissesPlayer {
  approaches: number;
  layups: number;
  misses: ReadonlyArray<{ to: MissedLie; end_dist: number | null }>;
  to: Record<MissedLie, number>;
}

export interface OgMissRow {
  lie: MissedLie;
  label: string;
  count: number;
  /** Share of the approaches counted (0-100); null with no approaches. */
  percent: number | null;
  /** Mean distance to the hole where the ball came to rest, display unit; null when never known. */
  averageLeft: number | null;
}

export function ogMissRows(player: OgMissesPlayer, units: UnitsPair): OgMissRow[] {
  return MISSED_LIES.map((lie) => {
    const known = player.misses
      .filter((miss) => miss.to === lie && miss.end_dist !== null)
      .map((miss) => toDisplayDistance(miss.end_dist!, 'long', units));
    return {
      lie,
      label: MISSED_LIE_LABELS[lie],
      count: player.to[lie],
      percent: percentOf(player.to[lie], player.approaches),
      averageLeft: known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : null,
    };
  });
}

/** "3 layups, not counted as misses", "1 layup, not counted as a miss". */
export function layupsText(layups: number): string {
  return layups === 1 ? '1 layup, not counted as a miss' : `${layups} layups, not counted as misses`;
}
