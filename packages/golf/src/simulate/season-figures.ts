/**
 * The figures a golf coach checks first to tell whether a season of golf looks real, computed from
 * scored rounds with the statistics' own definitions (PGA TOUR's GIR and fairways, driving distance
 * as in drives, putts from the green): the simulator's calibration test reads these against
 * published averages by handicap.
 */
import type { ScoredRound } from '../engine/types.ts';
import { driveDistance } from '../stats/driving.ts';
import { driveOf, hitGreenInRegulation, isPutt } from '../stats/hole-walk.ts';

/** Putt distance bands (feet, lower bound inclusive) in which make % must fall with distance. */
export const MAKE_BANDS = [
  { label: '3-6 ft', from: 3, to: 6 },
  { label: '6-10 ft', from: 6, to: 10 },
  { label: '10-15 ft', from: 10, to: 15 },
  { label: '15-20 ft', from: 15, to: 20 },
  { label: '20-30 ft', from: 20, to: 30 },
  { label: '30+ ft', from: 30, to: Infinity },
] as const;

export interface SeasonFigures {
  rounds: number;
  holes: number;
  /** Per 18 holes. */
  score: number;
  putts: number;
  threePutts: number;
  /** Percentages, 0-100. */
  girPct: number;
  fairwaysPct: number;
  /** Mean measurable drive (yards), the share over 300 yd and the longest. */
  averageDrive: number;
  drivesOver300Pct: number;
  longestDrive: number;
  /** Make % by band (MAKE_BANDS order), with the number of putts in each. */
  makePct: number[];
  puttsInBand: number[];
  /** Share of first putts of 30 ft and more. */
  firstPutts30PlusPct: number;
  /** Mean first putt (ft) after a fairway approach from 100-150 yd that found the green (not holed). */
  firstPuttAfterFairway100to150: number;
  /** Mean first putt (ft) after any approach from 50-100 yd that found the green. */
  firstPuttAfter50to100: number;
  /**
   * Mean first putt (ft) after the shot that reached the green from 100-150 yd, from any lie (tee shots
   * on par 3s included): what GET /stats/first_putt gives, whose entries carry no lie.
   */
  firstPuttAfter100to150AnyLie: number;
}

const mean = (total: number, count: number) => (count === 0 ? NaN : total / count);

export function seasonFigures(rounds: readonly ScoredRound[]): SeasonFigures {
  let holes = 0;
  let score = 0;
  let putts = 0;
  let threePutts = 0;
  let gir = 0;
  let fairwayChances = 0;
  let fairways = 0;
  let driveTotal = 0;
  let drives = 0;
  let over300 = 0;
  let longest = 0;
  const made = MAKE_BANDS.map(() => 0);
  const tried = MAKE_BANDS.map(() => 0);
  let firstPutts = 0;
  let firstPutts30 = 0;
  const after100to150 = { total: 0, count: 0 };
  const after50to100 = { total: 0, count: 0 };
  const after100to150AnyLie = { total: 0, count: 0 };
  for (const round of rounds) {
    for (const hole of round.holes) {
      holes += 1;
      score += hole.score;
      const holePutts = hole.shots.filter(isPutt);
      putts += holePutts.length;
      if (holePutts.length >= 3) threePutts += 1;
      if (hitGreenInRegulation(hole)) gir += 1;
      const drive = driveOf(hole);
      if (drive) {
        fairwayChances += 1;
        // As the fairway statistics count it: the fairway, or better, the green.
        if (drive.to === 'F' || drive.to === 'G' || drive.to === 'I') fairways += 1;
        const distance = driveDistance(drive);
        if (distance !== null) {
          drives += 1;
          driveTotal += distance;
          if (distance > 300) over300 += 1;
          longest = Math.max(longest, distance);
        }
      }
      const first = holePutts[0];
      if (first) {
        firstPutts += 1;
        if (first.dist >= 30) firstPutts30 += 1;
      }
      for (const putt of holePutts) {
        const band = MAKE_BANDS.findIndex((b) => putt.dist >= b.from && putt.dist < b.to);
        if (band === -1) continue;
        tried[band]! += 1;
        if (putt.to === 'I') made[band]! += 1;
      }
      hole.shots.forEach((shot, i) => {
        const next = hole.shots[i + 1];
        if (shot.from === 'G' || shot.to !== 'G' || !next || next.from !== 'G') return;
        if (shot.from === 'F' && shot.dist >= 100 && shot.dist <= 150) {
          after100to150.total += next.dist;
          after100to150.count += 1;
        }
        if (shot.dist >= 100 && shot.dist <= 150) {
          after100to150AnyLie.total += next.dist;
          after100to150AnyLie.count += 1;
        }
        if (shot.from !== 'T' && shot.dist > 50 && shot.dist <= 100) {
          after50to100.total += next.dist;
          after50to100.count += 1;
        }
      });
    }
  }
  const per18 = (count: number) => (count / holes) * 18;
  return {
    rounds: rounds.length,
    holes,
    score: per18(score),
    putts: per18(putts),
    threePutts: per18(threePutts),
    girPct: (100 * gir) / holes,
    fairwaysPct: (100 * fairways) / fairwayChances,
    averageDrive: mean(driveTotal, drives),
    drivesOver300Pct: (100 * over300) / drives,
    longestDrive: longest,
    makePct: made.map((m, i) => (100 * m) / tried[i]!),
    puttsInBand: tried,
    firstPutts30PlusPct: (100 * firstPutts30) / firstPutts,
    firstPuttAfterFairway100to150: mean(after100to150.total, after100to150.count),
    firstPuttAfter50to100: mean(after50to100.total, after50to100.count),
    firstPuttAfter100to150AnyLie: mean(after100to150AnyLie.total, after100to150AnyLie.count),
  };
}
