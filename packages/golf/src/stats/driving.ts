/**
 * Driving statistics: driving distances (GET /v4/stats/drives), fairways hit overall
 * (GET /v4/stats/fw_summary) and per round (GET /v4/stats/fw_rounds).
 */
import { roundTo } from '../display.ts';
import type { ScoredHole, ScoredShot } from '../engine/index.ts';
import type { MissDirection } from '../round.ts';
import { roundsByPlayer } from './limits.ts';
import { FEET_PER_YARD } from '../units.ts';
import { average, driveOf, rate, restingDistance } from './hole-walk.ts';
import { PERCENT_FACTOR, PER_TEN_FACTOR, type LimitedBody, type ScoredPlayerRound, type StatsInput } from './types.ts';

/**
 * Driving distance of one drive in yards, or null when it cannot be measured.
 *
 * We only know distances to the hole, so the drive's length is what it gained toward the hole:
 * its start distance minus the next shot's start distance (feet turned into yards when the drive
 * found the green, the whole distance when it was holed). It cannot be measured where the ball's
 * resting place is unknown: after O (the ball is lost) or a drop out of a penalty area. A drive
 * into a penalty area played as it lies is measured. A drive that gained nothing (a whiff, a ball
 * that ended farther away) is no driving distance.
 */
export function driveDistance(drive: ScoredShot): number | null {
  const rest = restingDistance(drive);
  if (rest === null) return null;
  const remaining = drive.to === 'G' ? rest / FEET_PER_YARD : rest;
  const gained = drive.dist - remaining;
  return gained > 0 ? gained : null;
}

/** GET /v4/stats/drives */
export interface DrivesBody extends LimitedBody {
  players: Array<{
    uid: number;
    /** Every measurable driving distance (yards), in play order. */
    drives: number[];
    /** Mean of `drives`; null when there is none. */
    average: number | null;
  }>;
}

/** Driving distances: every measurable drive (tee shot on a par 4 or 5) per player. */
export function drivesStat(input: StatsInput): DrivesBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      const drives: number[] = [];
      let total = 0;
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          const drive = driveOf(hole);
          const distance = drive ? driveDistance(drive) : null;
          if (distance === null) continue;
          drives.push(roundTo(distance));
          total += distance;
        }
      }
      return { uid, drives, average: average(total, drives.length) };
    }),
  };
}

const LEFT_MISSES: ReadonlySet<MissDirection> = new Set(['l', 'lo', 'ls']);
const RIGHT_MISSES: ReadonlySet<MissDirection> = new Set(['r', 'ro', 'rs']);

/** Raw fairway counts. */
export interface FairwayCounts {
  /** Drives counted: every tee shot on a par 4 or 5. */
  drives: number;
  made: number;
  l: number;
  r: number;
}

/** Fairway values, rescaled: made per 100 drives (percent), left and right per 10 drives. */
export interface FairwayRates {
  drives: number;
  /** Fairways hit per 100 drives (factor 100); null with no drives. */
  made: number | null;
  /** Drives missed left per 10 drives (factor 10); null with no drives. */
  l: number | null;
  /** Drives missed right per 10 drives (factor 10); null with no drives. */
  r: number | null;
  counts: FairwayCounts;
}

/**
 * How a drive counts for fairways: made when it finished on the fairway, or better on the green
 * or in the hole (finding the short grass is the point of the statistic, so a driven green is
 * not punished). Otherwise it is a miss left (l, lo, ls) or right (r, ro, rs) by its recorded
 * direction; a miss with no side (none recorded, o, s) counts only as a drive.
 */
function countDrive(counts: FairwayCounts, hole: ScoredHole): void {
  const drive = driveOf(hole);
  if (!drive) return;
  counts.drives += 1;
  if (drive.to === 'F' || drive.to === 'G' || drive.to === 'I') {
    counts.made += 1;
    return;
  }
  if (drive.miss && LEFT_MISSES.has(drive.miss)) counts.l += 1;
  else if (drive.miss && RIGHT_MISSES.has(drive.miss)) counts.r += 1;
}

function fairwayRates(rounds: readonly ScoredPlayerRound[]): FairwayRates {
  const counts: FairwayCounts = { drives: 0, made: 0, l: 0, r: 0 };
  for (const r of rounds) for (const hole of r.scored.holes) countDrive(counts, hole);
  return {
    drives: counts.drives,
    made: rate(counts.made, counts.drives, PERCENT_FACTOR),
    l: rate(counts.l, counts.drives, PER_TEN_FACTOR),
    r: rate(counts.r, counts.drives, PER_TEN_FACTOR),
    counts,
  };
}

/** GET /v4/stats/fw_summary */
export interface FairwaySummaryBody extends LimitedBody {
  players: Array<{ uid: number } & FairwayRates>;
}

/** Fairway summary: fairways hit and missed left / right over all counted rounds, per player. */
export function fairwaySummaryStat(input: StatsInput): FairwaySummaryBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => ({ uid, ...fairwayRates(rounds) })),
  };
}

/** GET /v4/stats/fw_rounds */
export interface FairwayRoundsBody extends LimitedBody {
  rounds: Array<{ event_id: number; uid: number; start: string } & FairwayRates>;
}

/** Fairways per round, oldest first: the same values as the summary, one entry per round. */
export function fairwayRoundsStat(input: StatsInput): FairwayRoundsBody {
  return {
    limited: input.limited,
    rounds: input.rounds.map((r) => ({ event_id: r.event_id, uid: r.uid, start: r.start, ...fairwayRates([r]) })),
  };
}
