/**
 * Miss statistics: where putts (GET /v4/stats/putt_misses) and approach shots
 * (GET /v4/stats/app_misses) finish, and where missed greens leave the ball
 * (GET /v4/stats/og_misses).
 */
import { roundTo } from '../display.ts';
import type { ScoredShot, StatCategory } from '../engine/index.ts';
import type { EndLie, MissDirection, StartLie } from '../round.ts';
import { roundsByPlayer } from './limits.ts';
import { isLayup, isPutt, rate, reachedGreen, restingDistance } from './hole-walk.ts';
import { PER_TEN_FACTOR, type LimitedBody, type ScoredPlayerRound, type StatsInput } from './types.ts';

/** A cell of a miss grid: the eight directions around the hole, plus made. */
export type MissCell = MissDirection | 'made';

/** Raw counts behind a grid. */
export type MissCounts = Record<MissCell, number> & { shots: number };

/**
 * A miss grid rescaled with factor 10: each cell is how many of every 10 counted shots finished
 * that way (count / shots * 10). Cells sum to 10 when every miss has a direction; a miss
 * recorded without one counts in `shots` only. Cells are null when no shot was counted.
 */
export type MissGrid = Record<MissCell, number | null> & { shots: number; counts: MissCounts };

function emptyCounts(): MissCounts {
  return { lo: 0, o: 0, ro: 0, r: 0, rs: 0, s: 0, ls: 0, l: 0, made: 0, shots: 0 };
}

function tallyShot(counts: MissCounts, shot: ScoredShot, made: boolean): void {
  counts.shots += 1;
  if (made) counts.made += 1;
  else if (shot.miss) counts[shot.miss] += 1;
}

function toGrid(counts: MissCounts): MissGrid {
  const perTen = (count: number): number | null => rate(count, counts.shots, PER_TEN_FACTOR);
  return {
    lo: perTen(counts.lo),
    o: perTen(counts.o),
    ro: perTen(counts.ro),
    r: perTen(counts.r),
    rs: perTen(counts.rs),
    s: perTen(counts.s),
    ls: perTen(counts.ls),
    l: perTen(counts.l),
    made: perTen(counts.made),
    shots: counts.shots,
    counts,
  };
}

/** A player's grids: every counted shot, and split by the three distance categories. */
export interface MissGrids {
  all: MissGrid;
  short: MissGrid;
  mid: MissGrid;
  long: MissGrid;
}

/** GET /v4/stats/putt_misses and GET /v4/stats/app_misses */
export interface MissGridsBody extends LimitedBody {
  players: Array<{ uid: number } & MissGrids>;
}

type Band = 'short' | 'mid' | 'long';

/** Builds one player's grids from the shots a statistic counts, each with its band and whether it was made. */
function gridsFor(rounds: readonly ScoredPlayerRound[], classify: (shot: ScoredShot) => { band: Band; made: boolean } | null): MissGrids {
  const all = emptyCounts();
  const bands: Record<Band, MissCounts> = { short: emptyCounts(), mid: emptyCounts(), long: emptyCounts() };
  for (const r of rounds) {
    for (const hole of r.scored.holes) {
      for (const shot of hole.shots) {
        const counted = classify(shot);
        if (!counted) continue;
        tallyShot(all, shot, counted.made);
        tallyShot(bands[counted.band], shot, counted.made);
      }
    }
  }
  return { all: toGrid(all), short: toGrid(bands.short), mid: toGrid(bands.mid), long: toGrid(bands.long) };
}

const PUTT_BANDS: Partial<Record<StatCategory, Band>> = { shortPutts: 'short', midPutts: 'mid', longPutts: 'long' };
const APPROACH_BANDS: Partial<Record<StatCategory, Band>> = {
  shortApproach: 'short',
  midApproach: 'mid',
  longApproach: 'long',
};

/**
 * Putt miss grid per player: every putt (stroke from the green). Made is a holed putt; a missed
 * putt counts in the direction it finished from the hole. Split into short, mid and long putts
 * by the category boundaries (6 and 20 feet by default).
 */
export function puttMissesStat(input: StatsInput): MissGridsBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => ({
      uid,
      ...gridsFor(rounds, (shot) => {
        if (!isPutt(shot)) return null;
        return { band: PUTT_BANDS[shot.category] ?? 'long', made: shot.to === 'I' };
      }),
    })),
  };
}

/**
 * Approach miss grid per player: every shot the engine puts in an approach category (short, mid,
 * long approach: off-green shots beyond the chip boundary that are not drives, par-3 tee shots
 * included) except layups (`isLayup`), which were never aimed at the green. Made is a green hit
 * (on the green or holed); a miss counts in its recorded direction.
 */
export function approachMissesStat(input: StatsInput): MissGridsBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => ({
      uid,
      ...gridsFor(rounds, (shot) => {
        const band = APPROACH_BANDS[shot.category];
        return band && !isLayup(shot) ? { band, made: reachedGreen(shot) } : null;
      }),
    })),
  };
}

/** One approach that missed the green: where it was played from and where it finished. */
export interface OutsideGreenMiss {
  from: StartLie;
  /** Start distance (yards). */
  dist: number;
  to: Exclude<EndLie, 'G' | 'I'>;
  /** Distance (yards) to the hole where the ball came to rest; null when unknown (after O, or a drop out of a penalty area). */
  end_dist: number | null;
  miss: MissDirection | null;
}

/** GET /v4/stats/og_misses */
export interface OutsideGreenMissesBody extends LimitedBody {
  players: Array<{
    uid: number;
    /** Approaches counted (the attempts the misses are out of); layups are not among them. */
    approaches: number;
    /** Layups (`isLayup`): reported apart, counted neither as approaches nor as misses. */
    layups: number;
    misses: OutsideGreenMiss[];
    /** Misses per finishing lie. */
    to: Record<Exclude<EndLie, 'G' | 'I'>, number>;
  }>;
}

function isMissedGreen(to: EndLie): to is Exclude<EndLie, 'G' | 'I'> {
  return to !== 'G' && to !== 'I';
}

/**
 * Outside-green misses per player: every approach (shot in an approach category, layups apart)
 * that did not finish on the green or in the hole, from its start lie and distance to the lie it
 * finished in (fairway, rough, sand, hazard or out of bounds) and the distance left. Layups are
 * counted on their own.
 */
export function outsideGreenMissesStat(input: StatsInput): OutsideGreenMissesBody {
  return {
    limited: input.limited,
    players: roundsByPlayer(input.rounds).map(({ uid, rounds }) => {
      let approaches = 0;
      let layups = 0;
      const misses: OutsideGreenMiss[] = [];
      const to = { F: 0, R: 0, S: 0, H: 0, O: 0 };
      for (const r of rounds) {
        for (const hole of r.scored.holes) {
          for (const shot of hole.shots) {
            if (!APPROACH_BANDS[shot.category]) continue;
            if (isLayup(shot)) {
              layups += 1;
              continue;
            }
            approaches += 1;
            if (!isMissedGreen(shot.to)) continue;
            to[shot.to] += 1;
            const rest = restingDistance(shot);
            misses.push({
              from: shot.from,
              dist: roundTo(shot.dist),
              to: shot.to,
              end_dist: rest === null ? null : roundTo(rest),
              miss: shot.miss ?? null,
            });
          }
        }
      }
      return { uid, approaches, layups, misses, to };
    }),
  };
}
