/**
 * What a golfer of each benchmark level does, in the figures golfers know (putts, fairways, greens,
 * up-and-downs), so a diagnosis can put each of the player's figures beside the target's.
 *
 * The amateur levels are read at the handicap their scores correspond to, as the benchmark model
 * does: SCRATCH ~0, EIGHTY ~9, NINETY ~18, HUNDRED ~28. Each figure carries its source. Two kinds:
 * - published: amateur averages by handicap from shot-tracking databases (Shot Scope, Arccos),
 *   interpolated to the level's handicap (extrapolated along the last segment for HUNDRED), and PGA
 *   TOUR / LPGA season averages;
 * - estimate: no public table breaks the figure down this way; the value is set between the
 *   published figures it must sit with (stated per figure), and says so.
 * Where sources disagree (three-putts) the value is the middle of the range the product accepts
 * for the level, which spans them. TOUR putting stands in for LPGA putting where no LPGA figure is
 * published, as in the benchmark model.
 */
import type { BenchmarkLevel } from '../benchmarks.ts';
import { customTargetScore } from '../baselines/baseline.ts';
import type { BenchmarkRef } from '../engine/types.ts';

export interface ReferenceFigures {
  /** Putts per 18 holes. */
  puttsPerRound: number;
  /** Holes with three putts or more, per 18 holes. */
  threePuttsPerRound: number;
  /** Greens in regulation, % of holes. */
  girPct: number;
  /** Drives finishing on the fairway (or the green), %. */
  fairwaysPct: number;
  /** Mean measurable drive, yards. */
  avgDriveYards: number;
  /** Penalty strokes from drives, per 18 holes. */
  teePenaltiesPerRound: number;
  /** Penalty strokes from every shot, per 18 holes. */
  penaltiesPerRound: number;
  /** Putts holed from under 3 ft, %. */
  makePctUnder3: number;
  /** Putts holed from 3 ft up to 6 ft, %. */
  makePct3to6: number;
  /** Putts holed from 6 to 20 ft, %. */
  makePct6to20: number;
  /** Distance left (ft, 0 when holed) after a putt of 30 ft or more. */
  lagLeaveFeet: number;
  /** Approaches (layups apart) finishing on the green or in the hole, % by band: short, mid, long. */
  greensHitShortPct: number;
  greensHitMidPct: number;
  greensHitLongPct: number;
  /** First putt (ft, 0 when holed) after an approach of the band finished on the green. */
  proximityShortFeet: number;
  proximityMidFeet: number;
  proximityLongFeet: number;
  /** Up-and-down chances converted from the fairway and from the rough, %. */
  upAndDownFairwayPct: number;
  upAndDownRoughPct: number;
  /** Sand saves (up and down from a greenside bunker), %. */
  sandSavePct: number;
  /** First putt (ft, 0 when holed) after a chip from the fairway, the rough and a greenside bunker found the green. */
  chipProximityFairwayFeet: number;
  chipProximityRoughFeet: number;
  chipProximitySandFeet: number;
}

export const REFERENCE_FIGURES: Readonly<Record<BenchmarkLevel, Readonly<ReferenceFigures>>> = Object.freeze({
  TOUR: {
    // PGA TOUR season averages: about 29 putts a round and 0.47 three-putts a round (ShotLink, as quoted by Arccos).
    puttsPerRound: 29.0,
    threePuttsPerRound: 0.5,
    // PGA TOUR greens in regulation about 66-67 %, driving accuracy about 60 %, driving distance about 298 yd (recent seasons).
    girPct: 67,
    fairwaysPct: 60,
    avgDriveYards: 298,
    // Estimate: tour players average well under one penalty stroke a round, most of them off the tee.
    teePenaltiesPerRound: 0.2,
    penaltiesPerRound: 0.3,
    // Broadie, "Putts Gained" (2011): holed 99 % at 2 ft, 96 % at 3, 88 % at 4, 77 % at 5 ft.
    makePctUnder3: 99,
    makePct3to6: 87,
    // Broadie's make rates (66 % at 6 ft, 40 % at 10, 23 % at 15, 15 % at 20) averaged over 6-20 ft.
    makePct6to20: 33,
    // Estimate: below Shot Scope's scratch leave of 4.6 ft from 30 ft and more.
    lagLeaveFeet: 3.6,
    // Estimate from ShotLink greens-hit and proximity rates by distance (about 80 % / 17 ft inside 100 yd, 70 % /
    // 22 ft from 100-150 yd, 50 % / 32 ft beyond), all lies together.
    greensHitShortPct: 80,
    greensHitMidPct: 70,
    greensHitLongPct: 50,
    proximityShortFeet: 17,
    proximityMidFeet: 22,
    proximityLongFeet: 32,
    // PGA TOUR scrambling near 60 % and sand saves near 50 %; chips finish about 9 ft away, bunker shots about 10 ft
    // (estimates for the split by lie).
    upAndDownFairwayPct: 65,
    upAndDownRoughPct: 55,
    sandSavePct: 50,
    chipProximityFairwayFeet: 8,
    chipProximityRoughFeet: 10,
    chipProximitySandFeet: 10,
  },
  SCRATCH: {
    // Shot Scope, 0 handicap: 29.9 putts and 0.8 three-putts a round; holed 98 % under 3 ft, 76 % from 3-6 ft.
    puttsPerRound: 29.9,
    threePuttsPerRound: 0.8,
    // Arccos, scratch: 56 % greens, 51 % fairways, 259 yd drives; greens hit finish 26 ft away on average.
    girPct: 56,
    fairwaysPct: 51,
    avgDriveYards: 259,
    // Estimate: about 0.6 penalty strokes a round, two thirds of them off the tee.
    teePenaltiesPerRound: 0.4,
    penaltiesPerRound: 0.6,
    makePctUnder3: 98,
    makePct3to6: 76,
    // Shot Scope, 0 handicap: 49 % from 6-9 ft, 34 % from 9-12 ft, 12 % from 18-24 ft; averaged over 6-20 ft.
    makePct6to20: 29,
    // Shot Scope, 0 handicap: first putts from 30 ft and more finish 4.6 ft away.
    lagLeaveFeet: 4.6,
    // Estimate by band around Arccos' 56 % greens and 26 ft proximity.
    greensHitShortPct: 72,
    greensHitMidPct: 60,
    greensHitLongPct: 40,
    proximityShortFeet: 20,
    proximityMidFeet: 25,
    proximityLongFeet: 33,
    // Arccos, scratch: up and down 57 % inside 25 yd and 35 % from 25-50 yd (chips finish 12 and 20 ft away); from
    // the sand 39 % inside 25 yd and 27 % from 25-50 yd. The split fairway / rough is an estimate.
    upAndDownFairwayPct: 52,
    upAndDownRoughPct: 44,
    sandSavePct: 36,
    chipProximityFairwayFeet: 13,
    chipProximityRoughFeet: 15,
    chipProximitySandFeet: 14,
  },
  EIGHTY: {
    // Shot Scope between the 5 and 10 handicaps (30.3 and 31.2 putts) at 9.
    puttsPerRound: 31.0,
    // Sources differ (Shot Scope 1.2 or 2.4, Arccos 2.6 at 10 handicap): the middle of the product's 1-2.5.
    threePuttsPerRound: 1.8,
    // Arccos between scratch (56 %) and a 12 handicap (31 %) at 9.
    girPct: 37,
    // Arccos between scratch and a 10 handicap (46 %, 233 yd) at 9.
    fairwaysPct: 47,
    avgDriveYards: 236,
    // Estimate.
    teePenaltiesPerRound: 0.7,
    penaltiesPerRound: 1.2,
    // Shot Scope between 0 and 10 handicap (98 / 96 % under 3 ft, 76 / 65 % from 3-6 ft) at 9.
    makePctUnder3: 96,
    makePct3to6: 66,
    // Shot Scope, 10 handicap: 39 % from 6-9 ft, 26 % from 9-12 ft, 10 % from 18-24 ft; averaged over 6-20 ft.
    makePct6to20: 24,
    // Shot Scope between 0 (4.6 ft) and 15 handicap (7.2 ft) at 9.
    lagLeaveFeet: 6.2,
    // Estimate by band around 37 % greens and Arccos' 32 ft proximity at 12 handicap.
    greensHitShortPct: 60,
    greensHitMidPct: 45,
    greensHitLongPct: 25,
    proximityShortFeet: 23,
    proximityMidFeet: 28,
    proximityLongFeet: 36,
    // Estimate between the scratch and 90 figures.
    upAndDownFairwayPct: 40,
    upAndDownRoughPct: 33,
    sandSavePct: 25,
    chipProximityFairwayFeet: 16,
    chipProximityRoughFeet: 18,
    chipProximitySandFeet: 18,
  },
  NINETY: {
    // Shot Scope between the 15 and 20 handicaps (32.1 and 33.4 putts) at 18.
    puttsPerRound: 32.9,
    // Sources differ (Shot Scope 2.0 or 4.3, Arccos 3.7 at 18): the middle of the product's 2-4.
    threePuttsPerRound: 3.0,
    // Estimate below a 12 handicap's 31 % (Arccos).
    girPct: 22,
    // Arccos, 10 and 20 handicaps: 46 % and 41 % of fairways, 233 and 213 yd; at 18.
    fairwaysPct: 42,
    avgDriveYards: 217,
    // Estimate.
    teePenaltiesPerRound: 1.1,
    penaltiesPerRound: 2.0,
    // Shot Scope between 10 and 25 handicap (96 / 88 % under 3 ft, 65 / 48 % from 3-6 ft) at 18.
    makePctUnder3: 92,
    makePct3to6: 56,
    // Shot Scope between 10 and 25 handicap (23 % and 16 % over 6-20 ft) at 18.
    makePct6to20: 19,
    // Shot Scope, 15 handicap: 7.2 ft from 30 ft and more; at 18 along the 0-15 slope.
    lagLeaveFeet: 7.7,
    // Estimate by band around 22 % greens.
    greensHitShortPct: 48,
    greensHitMidPct: 33,
    greensHitLongPct: 15,
    proximityShortFeet: 26,
    proximityMidFeet: 31,
    proximityLongFeet: 39,
    // Estimate.
    upAndDownFairwayPct: 30,
    upAndDownRoughPct: 24,
    sandSavePct: 17,
    chipProximityFairwayFeet: 19,
    chipProximityRoughFeet: 21,
    chipProximitySandFeet: 22,
  },
  HUNDRED: {
    // Shot Scope 25 handicap (34.3 putts) extended to 28.
    puttsPerRound: 34.8,
    // Sources differ (Shot Scope 2.4 or 5.8 at 25): the middle of the product's 3-6.
    threePuttsPerRound: 4.5,
    // Estimate.
    girPct: 11,
    // Arccos' 10-20 handicap slope extended to 28.
    fairwaysPct: 38,
    avgDriveYards: 198,
    // Estimate.
    teePenaltiesPerRound: 1.6,
    penaltiesPerRound: 3.0,
    // Shot Scope 25 handicap (88 % under 3 ft, 48 % from 3-6 ft) extended to 28.
    makePctUnder3: 86,
    makePct3to6: 45,
    makePct6to20: 15,
    // Shot Scope's 0-15 slope extended to 28.
    lagLeaveFeet: 9.4,
    // Estimate.
    greensHitShortPct: 36,
    greensHitMidPct: 22,
    greensHitLongPct: 8,
    proximityShortFeet: 29,
    proximityMidFeet: 34,
    proximityLongFeet: 42,
    upAndDownFairwayPct: 20,
    upAndDownRoughPct: 16,
    sandSavePct: 10,
    chipProximityFairwayFeet: 23,
    chipProximityRoughFeet: 25,
    chipProximitySandFeet: 27,
  },
  LPGA: {
    // LPGA Tour season averages: about 29.8 putts a round, 68 % greens, 72 % fairways, 256 yd drives; the rest
    // as TOUR (no public LPGA table breaks them down), sand saves a little lower (about 45 %).
    puttsPerRound: 29.8,
    threePuttsPerRound: 0.6,
    girPct: 68,
    fairwaysPct: 72,
    avgDriveYards: 256,
    teePenaltiesPerRound: 0.2,
    penaltiesPerRound: 0.3,
    makePctUnder3: 99,
    makePct3to6: 87,
    makePct6to20: 33,
    lagLeaveFeet: 3.6,
    greensHitShortPct: 80,
    greensHitMidPct: 72,
    greensHitLongPct: 48,
    proximityShortFeet: 17,
    proximityMidFeet: 22,
    proximityLongFeet: 32,
    upAndDownFairwayPct: 62,
    upAndDownRoughPct: 52,
    sandSavePct: 45,
    chipProximityFairwayFeet: 8,
    chipProximityRoughFeet: 10,
    chipProximitySandFeet: 11,
  },
});

/**
 * The score each level's figures stand for: the benchmark model's (TOUR at 68.5, where its
 * amateur scale starts; the amateur levels at their names' scores).
 */
const LEVEL_SCORES: ReadonlyArray<readonly [number, BenchmarkLevel]> = [
  [68.5, 'TOUR'],
  [74, 'SCRATCH'],
  [80, 'EIGHTY'],
  [90, 'NINETY'],
  [100, 'HUNDRED'],
];

/**
 * The reference figures of a benchmark: a named level's from the table; a custom target's (a target
 * score, or CR + HI x slope / 113) interpolated linearly by score between the two levels around it
 * (TOUR 68.5, SCRATCH 74, EIGHTY 80, NINETY 90, HUNDRED 100), held at TOUR below 68.5 and at HUNDRED
 * beyond 100 (a percentage extended past the table could leave 0-100). Throws RangeError for a custom
 * target out of range, like the engine.
 */
export function referenceFiguresFor(ref: BenchmarkRef): ReferenceFigures {
  if (typeof ref === 'string') {
    const figures = REFERENCE_FIGURES[ref];
    if (!figures) throw new RangeError(`Unknown benchmark level '${String(ref)}'`);
    return { ...figures };
  }
  return referenceFiguresForScore(customTargetScore(ref));
}

/** The reference figures of a golfer who shoots `score` (see referenceFiguresFor). */
export function referenceFiguresForScore(score: number): ReferenceFigures {
  const first = LEVEL_SCORES[0]!;
  const last = LEVEL_SCORES[LEVEL_SCORES.length - 1]!;
  if (score <= first[0]) return { ...REFERENCE_FIGURES[first[1]] };
  if (score >= last[0]) return { ...REFERENCE_FIGURES[last[1]] };
  const upper = LEVEL_SCORES.findIndex(([knot]) => knot >= score);
  const [highScore, highLevel] = LEVEL_SCORES[upper]!;
  const [lowScore, lowLevel] = LEVEL_SCORES[upper - 1]!;
  const t = (score - lowScore) / (highScore - lowScore);
  const low = REFERENCE_FIGURES[lowLevel];
  const high = REFERENCE_FIGURES[highLevel];
  const figures = { ...low };
  for (const key of Object.keys(figures) as (keyof ReferenceFigures)[]) figures[key] = low[key] + t * (high[key] - low[key]);
  return figures;
}
