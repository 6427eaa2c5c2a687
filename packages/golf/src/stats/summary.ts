/**
 * The figures a coach reads first (GET /v4/stats/summary), per
 * player, with the PGA TOUR's definitions. Per-round figures are per 18 holes; percentages are
 * 0-100 with 2 decimals, null with no chances.
 */
import { roundTo } from '../display.ts';
import type { CategoryBoundaries, ScoredHole } from '../engine/index.ts';
import { drivesStat, fairwaySummaryStat } from './driving.ts';
import { greenReachedAt, hitGreenInRegulation, isPutt, rate, strokesThrough } from './hole-walk.ts';
import { roundsByPlayer } from './limits.ts';
import { SG_PER_HOLES } from './strokes-gained.ts';
import { PERCENT_FACTOR, type LimitedBody, type StatsInput } from './types.ts';

export interface PlayerSummary {
  uid: number;
  rounds: number;
  holes: number;
  scoring_avg: number | null;
  putts_per_round: number | null;
  putts_per_gir: number | null;
  gir_pct: number | null;
  fairways_pct: number | null;
  scrambling_pct: number | null;
  sand_save_pct: number | null;
  three_putt_avoid_pct: number | null;
  one_putt_pct: number | null;
  avg_drive: number | null;
  birdies_per_round: number | null;
  bogeys_per_round: number | null;
  doubles_per_round: number | null;
  penalties_per_round: number | null;
}

/** GET /v4/stats/summary */
export interface SummaryBody extends LimitedBody {
  players: PlayerSummary[];
}

/**
 * A sand save (PGA TOUR): up and down from a greenside bunker, whatever the score. The chance is
 * every hole on which the ball lay in a bunker within the chip boundary before it first reached
 * the green (so a chip into a bunker and then a save counts, but a putt off the green into one does
 * not); it is saved when the ball was holed in at most two strokes from the first such bunker shot.
 */
export function sandSaveChance(hole: ScoredHole, boundaries: CategoryBoundaries): { saved: boolean } | null {
  const green = greenReachedAt(hole);
  const at = hole.shots.findIndex((shot, i) => shot.from === 'S' && shot.dist <= boundaries.chipMaxYards && (green === -1 || i <= green));
  if (at === -1) return null;
  const strokesFromBunker = hole.score - (at === 0 ? 0 : strokesThrough(hole, at - 1));
  return { saved: strokesFromBunker <= 2 };
}

/** Scrambling (PGA TOUR): par or better on a hole where the green was missed in regulation; null when it was hit. */
export function scramblingChance(hole: ScoredHole): { made: boolean } | null {
  if (hitGreenInRegulation(hole)) return null;
  return { made: hole.score <= hole.par };
}

const per18 = (count: number, holes: number): number | null => (holes === 0 ? null : roundTo((count / holes) * SG_PER_HOLES));

/** The summary figures per player, from the same scored rounds as every other statistic. */
export function summaryStat(input: StatsInput): SummaryBody {
  const fairways = new Map(fairwaySummaryStat(input).players.map((p) => [p.uid, p.made]));
  const drives = new Map(drivesStat(input).players.map((p) => [p.uid, p.average]));
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      const t = {
        holes: 0,
        score: 0,
        putts: 0,
        gir: 0,
        puttsOnGir: 0,
        scrambles: 0,
        scrambled: 0,
        bunkers: 0,
        saves: 0,
        puttedHoles: 0,
        threePutts: 0,
        onePutts: 0,
        birdies: 0,
        bogeys: 0,
        doubles: 0,
        penalties: 0,
      };
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          const putts = hole.shots.filter(isPutt).length;
          t.holes += 1;
          t.score += hole.score;
          t.putts += putts;
          t.penalties += hole.penalties;
          if (hitGreenInRegulation(hole)) {
            t.gir += 1;
            t.puttsOnGir += putts;
          }
          const scramble = scramblingChance(hole);
          if (scramble) {
            t.scrambles += 1;
            if (scramble.made) t.scrambled += 1;
          }
          const bunker = sandSaveChance(hole, input.boundaries);
          if (bunker) {
            t.bunkers += 1;
            if (bunker.saved) t.saves += 1;
          }
          if (putts > 0) {
            t.puttedHoles += 1;
            if (putts >= 3) t.threePutts += 1;
            if (putts === 1) t.onePutts += 1;
          }
          const toPar = hole.score - hole.par;
          if (toPar <= -1) t.birdies += 1;
          else if (toPar === 1) t.bogeys += 1;
          else if (toPar >= 2) t.doubles += 1;
        }
      }
      return {
        uid,
        rounds: rounds.length,
        holes: t.holes,
        scoring_avg: per18(t.score, t.holes),
        putts_per_round: per18(t.putts, t.holes),
        putts_per_gir: t.gir === 0 ? null : roundTo(t.puttsOnGir / t.gir),
        gir_pct: rate(t.gir, t.holes, PERCENT_FACTOR),
        fairways_pct: fairways.get(uid) ?? null,
        scrambling_pct: rate(t.scrambled, t.scrambles, PERCENT_FACTOR),
        sand_save_pct: rate(t.saves, t.bunkers, PERCENT_FACTOR),
        three_putt_avoid_pct: rate(t.puttedHoles - t.threePutts, t.puttedHoles, PERCENT_FACTOR),
        one_putt_pct: rate(t.onePutts, t.puttedHoles, PERCENT_FACTOR),
        avg_drive: drives.get(uid) ?? null,
        birdies_per_round: per18(t.birdies, t.holes),
        bogeys_per_round: per18(t.bogeys, t.holes),
        doubles_per_round: per18(t.doubles, t.holes),
        penalties_per_round: per18(t.penalties, t.holes),
      };
    }),
  };
}
