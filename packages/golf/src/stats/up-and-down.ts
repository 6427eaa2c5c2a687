/**
 * Up-and-down percentages (GET /v4/stats/ud): overall and from the rough, fairway and sand.
 */
import type { CategoryBoundaries, ScoredHole } from '../engine/index.ts';
import { roundsByPlayer } from './limits.ts';
import { greenReachedAt, hitGreenInRegulation, rate, strokesThrough } from './hole-walk.ts';
import { PERCENT_FACTOR, type LimitedBody, type StatsInput } from './types.ts';

/** Up-and-downs from one kind of lie. */
export interface UpAndDownRate {
  /** Holes with an up-and-down chance from this lie. */
  chances: number;
  /** Chances converted: holed in at most two strokes from the chip. */
  made: number;
  /** made / chances * 100 (factor 100); null with no chances. */
  percent: number | null;
}

export interface PlayerUpAndDown {
  uid: number;
  /** Every chance, from any lie off the green (fairway, rough, sand, hazard). */
  overall: UpAndDownRate;
  rough: UpAndDownRate;
  fairway: UpAndDownRate;
  sand: UpAndDownRate;
}

/** GET /v4/stats/ud */
export interface UpAndDownBody extends LimitedBody {
  players: PlayerUpAndDown[];
}

type Tally = { chances: number; made: number };
type LieKey = 'fairway' | 'rough' | 'sand' | 'hazard';
const LIE_KEYS = { F: 'fairway', R: 'rough', S: 'sand', H: 'hazard' } as const;

/**
 * The up-and-down chance of a hole and whether it was converted, or null when the hole had none.
 *
 * Golf statisticians call it "getting up and down": from off the green, one chip or pitch and
 * one putt (or a chip-in). There is a chance only on a hole where the green was missed in
 * regulation (a par 5 laid up to 40 yd, wedged on in three and two-putted is no chance). The
 * chance is the first shot of the hole played from the fairway,
 * rough, sand or a penalty area (never the tee, never the green) from at most the chip boundary
 * (50 yards by default), before the ball has first reached the green. It is converted when the ball is holed in at most two strokes counting
 * that shot and any penalty stroke from it on. One chance per hole at most, like scrambling and
 * sand saves: a duffed chip followed by another chip is one failed chance, not two.
 */
export function upAndDownChance(hole: ScoredHole, boundaries: CategoryBoundaries): { lie: LieKey; made: boolean } | null {
  if (hitGreenInRegulation(hole)) return null;
  const at = hole.shots.findIndex((shot) => shot.from !== 'T' && shot.from !== 'G' && shot.dist <= boundaries.chipMaxYards);
  const chip = hole.shots[at];
  if (!chip || chip.from === 'T' || chip.from === 'G') return null;
  // Up and down is recovering from a missed green: a ball putted off a green it had already found
  // and played back on is no chance (else a putt into a bunker would count as a sand save).
  const green = greenReachedAt(hole);
  if (green !== -1 && at > green) return null;
  const strokesFromChip = hole.score - (at === 0 ? 0 : strokesThrough(hole, at - 1));
  return { lie: LIE_KEYS[chip.from], made: strokesFromChip <= 2 };
}

function toRate(tally: Tally): UpAndDownRate {
  return { chances: tally.chances, made: tally.made, percent: rate(tally.made, tally.chances, PERCENT_FACTOR) };
}

/** Up-and-down percentages per player, overall and by the lie of the chance (see `upAndDownChance`). */
export function upAndDownStat(input: StatsInput): UpAndDownBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      const tallies: Record<LieKey, Tally> = {
        fairway: { chances: 0, made: 0 },
        rough: { chances: 0, made: 0 },
        sand: { chances: 0, made: 0 },
        hazard: { chances: 0, made: 0 },
      };
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          const chance = upAndDownChance(hole, input.boundaries);
          if (!chance) continue;
          tallies[chance.lie].chances += 1;
          if (chance.made) tallies[chance.lie].made += 1;
        }
      }
      const overall = Object.values(tallies).reduce<Tally>((sum, t) => ({ chances: sum.chances + t.chances, made: sum.made + t.made }), {
        chances: 0,
        made: 0,
      });
      return {
        uid,
        overall: toRate(overall),
        rough: toRate(tallies.rough),
        fairway: toRate(tallies.fairway),
        sand: toRate(tallies.sand),
      };
    }),
  };
}
