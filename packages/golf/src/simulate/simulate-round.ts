/**
 * A round simulator for demo data and tests: plays a course hole by hole as a golfer of a benchmark
 * level would, deterministically from a seed, with the shape of that level's game as published
 * (driving distance and fairways by handicap, greens in regulation, make % by distance, proximity).
 *
 * The expectation is the benchmark itself: from a lie and distance a golfer of the level needs E
 * strokes on average, so each shot gains 0 strokes on average against its own level, in every stat
 * category, and a round's score averages the level's expected score of the course. What a shot does
 * is drawn so that both hold:
 * - a drive goes a distance drawn around the level's average (mishits included) into the fairway,
 *   rough, a bunker, a penalty area or out of bounds with the level's chances; the whole distribution
 *   is shifted, per hole length, by the amount that makes the drive gain 0 on average;
 * - an approach or chip draws its quality z (the strokes it gains, with the level's spread); the best
 *   share of shots (the level's chance of finding the green from there) ends on the green and the
 *   rest in the rough, the fairway or a bunker, each at the distance where that lie's E equals the
 *   drawn target, so good shots finish close and poor ones far;
 * - a putt is holed as often as the level holes one from there (the tour's make curve at a longer
 *   distance), and a miss leaves a distance drawn so that E after it averages what the level needs.
 * A planted weakness adds its loss to the category's shots in the same way.
 */
import { getBaseline } from '../baselines/baseline.ts';
import type { BenchmarkLevel } from '../benchmarks.ts';
import type { StatCategory } from '../engine/types.ts';
import { MISS_DIRECTIONS, type EndLie, type Hole, type MissDirection, type Round, type Shot, type StartLie } from '../round.ts';
import { normal, normalQuantile, seededRandom, weightedPick, type Random } from './random.ts';
import { categorise, DEFAULT_CATEGORY_BOUNDARIES } from '../engine/categories.ts';

export interface CourseHole {
  par: number;
  /** From the tee, in yards. */
  length: number;
}

export interface SimulatedCourse {
  name: string;
  holes: CourseHole[];
}

/**
 * The package's reference course (README): 4 par 3s of 160 yd, 10 par 4s of 349 yd and 4 par 5s of
 * 480 yd, 6,050 yd in all, on which the levels' expected scores are calibrated.
 */
export const REFERENCE_COURSE: SimulatedCourse = {
  name: 'Reference course',
  holes: [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5].map((par) => ({ par, length: par === 3 ? 160 : par === 4 ? 349 : 480 })),
};

export interface SimulateRoundOptions {
  seed: number;
  benchmark: BenchmarkLevel;
  course: SimulatedCourse;
  /** Play only the first n holes (a 9-hole round); all by default. */
  holes?: number;
  /**
   * A planted weakness: the shots of this stat category lose about `strokesPerRound` more strokes per
   * 18 holes than the level does (the rest of the game stays at the level).
   */
  weakness?: PlantedWeakness;
}

export interface PlantedWeakness {
  category: StatCategory;
  strokesPerRound: number;
}

/** The longest off-green distance (yards) and putt (feet) a table is inverted over: the longest a round may record. */
const MAX_YARDS = 800;
const MAX_FEET = 200;
/** A hole is picked up (holed on the card) at this many shots, as a scorer would. */
const MAX_SHOTS = 12;

type Expected = (lie: StartLie, distance: number) => number;

/** E as a function of distance, made non-decreasing (the published tables dip in places), for inversion. */
interface Envelope {
  lie: StartLie;
  /** envelope[d] for whole distances d = 1..max (index 0 unused). */
  values: Float64Array;
}

const envelopes = new Map<string, Envelope>();

function envelopeOf(id: string, expected: Expected, lie: StartLie): Envelope {
  const key = `${id}:${lie}`;
  const cached = envelopes.get(key);
  if (cached) return cached;
  const max = lie === 'G' ? MAX_FEET : MAX_YARDS;
  const values = new Float64Array(max + 1);
  let running = -Infinity;
  for (let d = 1; d <= max; d++) {
    running = Math.max(running, expected(lie, d));
    values[d] = running;
  }
  const envelope = { lie, values };
  envelopes.set(key, envelope);
  return envelope;
}

/**
 * A whole distance up to `limit` whose E is `target` on average: the shortest d with E(d) >= target,
 * or d - 1, with the chances that average to the target (so whole distances bias nothing); with no
 * random source, always d. Null when even `limit` falls short.
 */
function distanceFor(random: Random | null, envelope: Envelope, target: number, limit: number): number | null {
  const top = Math.min(limit, envelope.values.length - 1);
  if (top < 1 || envelope.values[top]! < target) return null;
  let low = 1;
  let high = top;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (envelope.values[mid]! >= target) high = mid;
    else low = mid + 1;
  }
  if (low === 1 || random === null) return low;
  const above = envelope.values[low]!;
  const below = envelope.values[low - 1]!;
  return above === below || random() < (target - below) / (above - below) ? low : low - 1;
}

/** How a level plays: the published shape of its game (averages by handicap; see README). */
interface LevelStyle {
  drive: {
    /** Mean and spread of a struck drive (yards), before the balancing shift. */
    mean: number;
    sd: number;
    /** Chances of each place a drive ends (they add up to 1). */
    fairway: number;
    rough: number;
    sand: number;
    penaltyArea: number;
    outOfBounds: number;
    /** Share of drives mishit (topped, heeled): 45-75 % of a struck drive. */
    mishit: number;
  };
  /** Multiplies the tour's chance of finding the green from a distance and lie. */
  greens: number;
  /** Spread (sd) of the strokes an approach from 125 yd gains, and of a chip's. */
  approachSpread: number;
  chipSpread: number;
  /** Chance a chip or pitch from 50 yd or less finds the green (from a bunker: 0.8 of it). */
  chipGreen: number;
  /** The level holes a putt of d ft as often as the tour holes one of d x puttScale ft. */
  puttScale: number;
}

const STYLES: Record<BenchmarkLevel, LevelStyle> = {
  TOUR: {
    drive: { mean: 292, sd: 18, fairway: 0.6, rough: 0.31, sand: 0.05, penaltyArea: 0.025, outOfBounds: 0.015, mishit: 0.005 },
    greens: 1,
    approachSpread: 0.3,
    chipSpread: 0.25,
    chipGreen: 0.95,
    puttScale: 1,
  },
  LPGA: {
    drive: { mean: 255, sd: 14, fairway: 0.7, rough: 0.23, sand: 0.04, penaltyArea: 0.02, outOfBounds: 0.01, mishit: 0.005 },
    greens: 0.97,
    approachSpread: 0.3,
    chipSpread: 0.25,
    chipGreen: 0.94,
    puttScale: 1.05,
  },
  SCRATCH: {
    drive: { mean: 258, sd: 18, fairway: 0.53, rough: 0.35, sand: 0.06, penaltyArea: 0.04, outOfBounds: 0.02, mishit: 0.01 },
    greens: 0.8,
    approachSpread: 0.13,
    chipSpread: 0.28,
    chipGreen: 0.95,
    puttScale: 1.3,
  },
  EIGHTY: {
    drive: { mean: 232, sd: 18, fairway: 0.47, rough: 0.38, sand: 0.06, penaltyArea: 0.06, outOfBounds: 0.03, mishit: 0.03 },
    greens: 0.57,
    approachSpread: 0.16,
    chipSpread: 0.32,
    chipGreen: 0.93,
    puttScale: 1.5,
  },
  NINETY: {
    drive: { mean: 222, sd: 20, fairway: 0.4, rough: 0.39, sand: 0.06, penaltyArea: 0.11, outOfBounds: 0.045, mishit: 0.07 },
    greens: 0.38,
    approachSpread: 0.33,
    chipSpread: 0.36,
    chipGreen: 0.85,
    puttScale: 1.6,
  },
  HUNDRED: {
    drive: { mean: 212, sd: 22, fairway: 0.33, rough: 0.39, sand: 0.07, penaltyArea: 0.15, outOfBounds: 0.065, mishit: 0.1 },
    greens: 0.24,
    approachSpread: 0.38,
    chipSpread: 0.42,
    chipGreen: 0.78,
    puttScale: 1.9,
  },
};

/**
 * A poor driver loses strokes the way one does: fewer fairways, more balls in penalty areas and out
 * of bounds (per stroke a round: 8 points of fairways to the rough, 3 to penalty areas, 1.5 out of
 * bounds); the balancing shift then takes the rest of the loss from distance.
 */
function poorDriver(style: LevelStyle, strokes: number): LevelStyle {
  const moved = Math.min(style.drive.fairway - 0.1, 0.08 * strokes);
  return {
    ...style,
    drive: {
      ...style.drive,
      fairway: style.drive.fairway - moved,
      rough: style.drive.rough + (moved * 3.5) / 8,
      penaltyArea: style.drive.penaltyArea + (moved * 3) / 8,
      outOfBounds: style.drive.outOfBounds + (moved * 1.5) / 8,
    },
  };
}

/** The tour's make % by putt length (ft): ShotLink averages as Broadie reports them. */
const TOUR_MAKE: ReadonlyArray<readonly [number, number]> = [
  [1, 1],
  [2, 0.99],
  [3, 0.96],
  [4, 0.88],
  [5, 0.77],
  [6, 0.66],
  [7, 0.58],
  [8, 0.5],
  [9, 0.45],
  [10, 0.4],
  [12, 0.32],
  [15, 0.23],
  [20, 0.15],
  [25, 0.1],
  [30, 0.07],
  [40, 0.04],
  [50, 0.025],
  [60, 0.017],
  [90, 0.008],
  [200, 0.002],
];

function tourMake(feet: number): number {
  if (feet <= 1) return 1;
  for (let i = 1; i < TOUR_MAKE.length; i++) {
    const [d1, p1] = TOUR_MAKE[i]!;
    if (feet <= d1) {
      const [d0, p0] = TOUR_MAKE[i - 1]!;
      return p0 + ((feet - d0) / (d1 - d0)) * (p1 - p0);
    }
  }
  return TOUR_MAKE[TOUR_MAKE.length - 1]![1];
}

/** The tour's chance of finding the green from the fairway at `yards` (ShotLink greens hit by distance), beyond reach 0. */
function tourGreenChance(yards: number): number {
  if (yards > 260) return 0;
  if (yards <= 75) return 0.9;
  if (yards <= 150) return 0.9 - ((yards - 75) / 75) * 0.2;
  return Math.max(0.2, 0.7 - ((yards - 150) / 100) * 0.35);
}

const LIE_GREEN_FACTOR: Record<StartLie, number> = { T: 1, F: 1, R: 0.75, S: 0.7, H: 0.5, G: 1 };

/**
 * A planted weakness's loss per shot: its strokes per round over the shots a round of that level
 * has in the category (shots per 18 holes, measured on 1,000 simulated rounds of each level), at
 * most 1.5 strokes a shot (a round has about one shot of `other`, so that one cannot lose a stroke
 * a round without being absurd).
 */
const SHOTS_PER_18: Record<BenchmarkLevel, Record<StatCategory, number>> = {
  TOUR: {
    drive: 14.2,
    shortApproach: 8.5,
    midApproach: 1.3,
    longApproach: 8.3,
    fwChips: 2.1,
    roughChips: 3.2,
    sandChips: 0.8,
    shortPutts: 13.9,
    midPutts: 10.9,
    longPutts: 4.2,
    other: 0.1,
  },
  LPGA: {
    drive: 14.2,
    shortApproach: 3,
    midApproach: 8.1,
    longApproach: 8.8,
    fwChips: 1.6,
    roughChips: 3.7,
    sandChips: 1,
    shortPutts: 14.2,
    midPutts: 9.9,
    longPutts: 5.7,
    other: 0.1,
  },
  SCRATCH: {
    drive: 14.3,
    shortApproach: 4.9,
    midApproach: 5.6,
    longApproach: 8.3,
    fwChips: 2.5,
    roughChips: 5.1,
    sandChips: 1.4,
    shortPutts: 16.4,
    midPutts: 6,
    longPutts: 8.2,
    other: 0.1,
  },
  EIGHTY: {
    drive: 14.4,
    shortApproach: 2.9,
    midApproach: 8.2,
    longApproach: 9.3,
    fwChips: 3.4,
    roughChips: 6.9,
    sandChips: 2,
    shortPutts: 17.1,
    midPutts: 6.8,
    longPutts: 7.6,
    other: 0.1,
  },
  NINETY: {
    drive: 14.6,
    shortApproach: 3.5,
    midApproach: 8,
    longApproach: 12.9,
    fwChips: 4.1,
    roughChips: 8.8,
    sandChips: 2.7,
    shortPutts: 18.3,
    midPutts: 7.6,
    longPutts: 7.4,
    other: 0.1,
  },
  HUNDRED: {
    drive: 14.9,
    shortApproach: 4.9,
    midApproach: 7.5,
    longApproach: 16,
    fwChips: 4.9,
    roughChips: 10.9,
    sandChips: 3.3,
    shortPutts: 20.1,
    midPutts: 6.9,
    longPutts: 7.8,
    other: 0.1,
  },
};
const MAX_LOSS_PER_SHOT = 1.5;

function lossPerShot(player: Player, category: StatCategory): number {
  const weakness = player.weakness;
  if (!weakness || weakness.category !== category) return 0;
  return Math.min(MAX_LOSS_PER_SHOT, weakness.strokesPerRound / SHOTS_PER_18[player.level][category]);
}

interface Player {
  level: BenchmarkLevel;
  random: Random;
  id: string;
  expected: Expected;
  style: LevelStyle;
  weakness: PlantedWeakness | undefined;
}

function missFor(random: Random, aim: 'fairway' | 'green'): MissDirection | undefined {
  // Most golfers note most misses; some they leave blank.
  if (random() < 0.25) return undefined;
  if (aim === 'fairway') return random() < 0.5 ? 'l' : 'r';
  return MISS_DIRECTIONS[Math.floor(random() * MISS_DIRECTIONS.length)];
}

/** Quantile points of a lognormal of mean 1 (sd of its log LEAVE_SIGMA): how far misses finish, relative to the scale. */
const LEAVE_SIGMA = 0.55;
const LEAVE_POINTS = Array.from({ length: 32 }, (_, j) =>
  Math.exp(LEAVE_SIGMA * normalQuantile((j + 0.5) / 32) - (LEAVE_SIGMA * LEAVE_SIGMA) / 2),
);

/** E on the green at a continuous distance: whole feet are recorded, rounded up or down with the chances that keep E. */
function leaveE(expected: Expected, feet: number): number {
  return expected('G', Math.max(1, feet));
}

interface PuttPlan {
  /** Chance of holing. */
  make: number;
  /** Scale of the leave after a miss (ft). */
  scale: number;
  /** The longest leave (ft). */
  cap: number;
}

const puttPlans = new Map<string, PuttPlan>();

/**
 * How a putt of `feet` goes for this player: holed with the level's make chance; a miss leaves
 * scale x X (X lognormal of mean 1, capped) where the scale is solved so that
 * make x 0 + (1 - make) x E[E(leave)] = E(feet) - 1 + loss, i.e. the putt gains -loss on average.
 * When even the shortest leaves need more than that, the make chance rises; when the longest
 * leaves need less, it falls.
 */
function puttPlan(player: Player, feet: number, loss: number): PuttPlan {
  const key = `${player.id}:${player.style.puttScale}:${feet}:${loss}`;
  const cached = puttPlans.get(key);
  if (cached) return cached;
  const need = player.expected('G', feet) - 1 + loss;
  const cap = Math.max(2, feet * (loss > 0 ? 1 : 0.6));
  const meanLeaveE = (scale: number) =>
    LEAVE_POINTS.reduce((sum, x) => sum + leaveE(player.expected, Math.min(cap, scale * x)), 0) / LEAVE_POINTS.length;
  let make = Math.min(tourMake(feet * player.style.puttScale), 0.999);
  let scale: number;
  const shortest = meanLeaveE(0);
  const longest = meanLeaveE(cap * 4);
  if (need <= (1 - make) * shortest) {
    make = Math.max(0, 1 - need / shortest);
    scale = 0;
  } else if (need >= (1 - make) * longest) {
    make = Math.max(0, 1 - need / longest);
    scale = cap * 4;
  } else {
    const target = need / (1 - make);
    let low = 0;
    let high = cap * 4;
    for (let i = 0; i < 40; i++) {
      const mid = (low + high) / 2;
      if (meanLeaveE(mid) < target) low = mid;
      else high = mid;
    }
    scale = (low + high) / 2;
  }
  const plan = { make, scale, cap };
  puttPlans.set(key, plan);
  return plan;
}

/** A whole distance from a continuous one, rounded up with the chance of its fraction (E is linear between whole feet). */
function wholeFeet(random: Random, feet: number): number {
  const floor = Math.floor(feet);
  return Math.max(1, random() < feet - floor ? floor + 1 : floor);
}

function playPutt(player: Player, feet: number, loss: number): { to: 'G' | 'I'; next: number } {
  const plan = puttPlan(player, feet, loss);
  if (player.random() < plan.make) return { to: 'I', next: 0 };
  const x = Math.exp(LEAVE_SIGMA * normal(player.random) - (LEAVE_SIGMA * LEAVE_SIGMA) / 2);
  return { to: 'G', next: wholeFeet(player.random, Math.max(1, Math.min(plan.cap, plan.scale * x))) };
}

interface Outcome {
  to: EndLie;
  next: { from: StartLie; dist: number } | null;
  miss?: MissDirection;
}

type MissLie = 'F' | 'R' | 'S';

const Z_LIMIT = 2.5;

/** Where a shot that misses its target may end, with how likely each is. */
function missLies(yards: number, from: StartLie): Array<readonly [MissLie, number]> {
  if (yards > 260)
    return [
      ['F', 0.55],
      ['R', 0.38],
      ['S', 0.07],
    ];
  if (yards > 50)
    return [
      ['R', 0.55],
      ['F', 0.3],
      ['S', 0.15],
    ];
  return from === 'S'
    ? [
        ['S', 0.35],
        ['R', 0.45],
        ['F', 0.2],
      ]
    : [
        ['R', 0.6],
        ['F', 0.3],
        ['S', 0.1],
      ];
}

/** The level's chance of finding the green from `from` at `yards` (an approach or chip). */
function greenChance(style: LevelStyle, from: StartLie, yards: number): number {
  if (yards <= 50) return style.chipGreen * (from === 'S' ? 0.8 : from === 'H' ? 0.6 : 1);
  return Math.min(0.95, tourGreenChance(yards) * style.greens * LIE_GREEN_FACTOR[from]);
}

/** An approach or chip from `from` at `yards` (not a drive). */
function playToGreen(player: Player, from: StartLie, yards: number, par: number): Outcome {
  const { random, id, expected, style } = player;
  const start = expected(from, yards);
  const category = categorise(from, yards, par, DEFAULT_CATEGORY_BOUNDARIES);
  const loss = lossPerShot(player, category);
  const far = yards > 50;
  const outOfBounds = far ? (yards > 150 ? 0.008 : 0.002) : 0;
  const penaltyArea = far ? (yards > 100 ? 0.015 : 0.005) : 0;
  const roll = random();
  if (roll < outOfBounds) return { to: 'O', next: { from, dist: yards }, miss: missFor(random, 'green') ?? 'r' };
  if (roll < outOfBounds + penaltyArea) {
    // In a penalty area the shot costs about a stroke: played as it lies, or dropped with a penalty.
    const asItLies = random() < 0.4;
    const lie: StartLie = asItLies ? 'H' : 'R';
    const target = asItLies ? start : start - 1;
    const dist = distanceFor(random, envelopeOf(id, expected, lie), target, yards + 20) ?? yards;
    return { to: 'H', next: { from: lie, dist }, miss: missFor(random, 'green') ?? 'l' };
  }
  // Penalties cost 2 and about 1 stroke: the other shots of this kind gain that back on average.
  const clean = 1 - outOfBounds - penaltyArea;
  const meanGain = (2 * outOfBounds + penaltyArea) / clean - loss;
  const u = Math.min(Math.max(random(), 1e-9), 1 - 1e-9);
  // Dispersion grows with distance: an approach's spread is the level's at 125 yd scaled by (yd / 125)^1.5, within 0.6 and 1.5 of it.
  const spread = far ? style.approachSpread * Math.min(1.5, Math.max(0.6, (yards / 125) ** 1.5)) : style.chipSpread;
  // z is held within +-2.5 (symmetrically, so its mean stays 0): a worse target than that may lie
  // beyond any place the ball can end, and cutting only that tail would make the level too good.
  const z = Math.min(Z_LIMIT, Math.max(-Z_LIMIT, normalQuantile(u)));
  const target = start - 1 - (meanGain + spread * z);

  const green = envelopeOf(id, expected, 'G');
  const onGreen = u > 1 - greenChance(style, from, yards) && green.values[MAX_FEET]! >= target;
  if (onGreen) {
    const shortest = expected('G', 1);
    if (target < shortest) {
      // Better than the shortest putt: holed, with the chance that keeps the expectation exact.
      const holeChance = Math.min(1, Math.max(0, 1 - target / shortest));
      return random() < holeChance ? { to: 'I', next: null } : { to: 'G', next: { from: 'G', dist: 1 } };
    }
    return { to: 'G', next: { from: 'G', dist: distanceFor(random, green, target, MAX_FEET)! } };
  }
  const reach = Math.min(yards + 10, MAX_YARDS);
  const reachable = missLies(yards, from).filter(([lie]) => {
    const envelope = envelopeOf(id, expected, lie);
    return envelope.values[1]! <= target && envelope.values[reach]! >= target;
  });
  if (reachable.length > 0) {
    const lie = weightedPick(random, reachable);
    const dist = distanceFor(random, envelopeOf(id, expected, lie), target, reach)!;
    const aimedAtGreen = yards <= 260;
    const miss = aimedAtGreen ? missFor(random, 'green') : undefined;
    return { to: lie, next: { from: lie, dist }, ...(miss ? { miss } : {}) };
  }
  if (target <= green.values[MAX_FEET]!) {
    // Better than any miss could be: on the green after all.
    return { to: 'G', next: { from: 'G', dist: Math.max(1, distanceFor(random, green, target, MAX_FEET) ?? 1) } };
  }
  // Worse than anywhere it could plausibly end: the rough, as far back as it started.
  return { to: 'R', next: { from: 'R', dist: Math.max(1, Math.round(yards)) }, miss: 's' };
}

/** Gauss-Hermite-like quantile points of a standard normal, for the drive's balancing sums. */
const NORMAL_POINTS = Array.from({ length: 40 }, (_, j) => normalQuantile((j + 0.5) / 40));
const MISHIT_POINTS = [0.45, 0.55, 0.65, 0.75];
/** Drives into the rough and bunkers run a little shorter, into the fairway a little longer. */
const DRIVE_LIE_OFFSET = { F: 4, R: -6, S: -8, H: -4, O: 0 } as const;

type DriveLie = keyof typeof DRIVE_LIE_OFFSET;

const driveShifts = new Map<string, number>();

/** Where a drive of `yards` leaves the ball on a hole of `length`: at least 10 yd from the hole. */
const remainingAfter = (length: number, yards: number) => Math.max(10, length - Math.max(30, yards));

/**
 * The shift (yards) of the level's drive distances on a hole of `length` that makes a drive gain
 * -loss on average against the level: E(T, length) - E(lie, left) - 1 - penalty, averaged over the
 * drive's distance (normal, mishits included) and where it ends (a penalty area: half played as it
 * lies, half dropped with a stroke; out of bounds: exactly -2).
 */
function driveShift(player: Player, length: number, loss: number): number {
  const key = `${player.id}:${JSON.stringify(player.style.drive)}:${length}:${loss}`;
  const cached = driveShifts.get(key);
  if (cached !== undefined) return cached;
  const { expected, style } = player;
  const d = style.drive;
  const start = expected('T', length);
  const meanGain = (shift: number) => {
    let total = 0;
    const lies: Array<[Exclude<DriveLie, 'O'>, number]> = [
      ['F', d.fairway],
      ['R', d.rough],
      ['S', d.sand],
      ['H', d.penaltyArea],
    ];
    for (const [lie, chance] of lies) {
      let sum = 0;
      for (const z of NORMAL_POINTS) {
        const struck = d.mean + shift + DRIVE_LIE_OFFSET[lie] + d.sd * z;
        const gains = (yards: number) => {
          const left = remainingAfter(length, yards);
          if (lie === 'H') return start - (expected('H', left) + expected('R', left) + 1) / 2 - 1;
          return start - expected(lie, left) - 1;
        };
        sum +=
          (1 - d.mishit) * gains(struck) + (d.mishit * MISHIT_POINTS.reduce((s, f) => s + gains(struck * f), 0)) / MISHIT_POINTS.length;
      }
      total += (chance * sum) / NORMAL_POINTS.length;
    }
    return total - 2 * d.outOfBounds;
  };
  let low = -150;
  let high = 150;
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (meanGain(mid) < -loss) low = mid;
    else high = mid;
  }
  const shift = (low + high) / 2;
  driveShifts.set(key, shift);
  return shift;
}

function playDrive(player: Player, length: number): Outcome {
  const { random, style } = player;
  const d = style.drive;
  const shift = driveShift(player, length, lossPerShot(player, 'drive'));
  const lie = weightedPick<DriveLie>(random, [
    ['F', d.fairway],
    ['R', d.rough],
    ['S', d.sand],
    ['H', d.penaltyArea],
    ['O', d.outOfBounds],
  ]);
  const miss = lie === 'F' ? undefined : missFor(random, 'fairway');
  if (lie === 'O') return { to: 'O', next: { from: 'T', dist: length }, miss: miss ?? 'r' };
  let yards = d.mean + shift + DRIVE_LIE_OFFSET[lie] + d.sd * normal(random);
  if (random() < d.mishit) yards *= MISHIT_POINTS[Math.floor(random() * MISHIT_POINTS.length)]!;
  const left = Math.round(remainingAfter(length, yards));
  if (lie === 'H') {
    const asItLies = random() < 0.5;
    return { to: 'H', next: { from: asItLies ? 'H' : 'R', dist: left }, miss: miss ?? 'l' };
  }
  return { to: lie, next: { from: lie, dist: left }, ...(miss ? { miss } : {}) };
}

function playHole(player: Player, number: number, hole: CourseHole): Hole {
  const shots: Shot[] = [];
  let from: StartLie = 'T';
  let dist = hole.length;
  for (let n = 1; ; n++) {
    if (n >= MAX_SHOTS) {
      shots.push({ from, dist, to: 'I' });
      break;
    }
    if (from === 'G') {
      const putt = playPutt(player, dist, lossPerShot(player, categorise('G', dist, hole.par, DEFAULT_CATEGORY_BOUNDARIES)));
      const shot: Shot = { from, dist, to: putt.to };
      const miss = putt.to === 'G' ? missFor(player.random, 'green') : undefined;
      if (miss) shot.miss = miss;
      shots.push(shot);
      if (putt.to === 'I') break;
      dist = putt.next;
      continue;
    }
    const outcome: Outcome = from === 'T' && hole.par >= 4 ? playDrive(player, dist) : playToGreen(player, from, dist, hole.par);
    const shot: Shot = { from, dist, to: outcome.to };
    if (outcome.miss) shot.miss = outcome.miss;
    shots.push(shot);
    if (!outcome.next) break;
    from = outcome.next.from;
    dist = outcome.next.dist;
  }
  return { hole: number, par: hole.par, shots };
}

/**
 * One round of `course` for a golfer of `benchmark`, in FEET_YARDS with whole distances. The same
 * options give the same round. Valid by the round rules (every hole from T, distances in bounds).
 */
export function simulateRound(options: SimulateRoundOptions): Round {
  const baseline = getBaseline(options.benchmark);
  const random = seededRandom(options.seed);
  const count = Math.min(options.holes ?? options.course.holes.length, options.course.holes.length);
  const weak = options.weakness?.category === 'drive' ? options.weakness.strokesPerRound : 0;
  const player: Player = {
    level: options.benchmark,
    random,
    id: baseline.id,
    expected: baseline.expected,
    style: weak > 0 ? poorDriver(STYLES[options.benchmark], weak) : STYLES[options.benchmark],
    weakness: options.weakness,
  };
  const holes = options.course.holes.slice(0, count).map((hole, i) => playHole(player, i + 1, hole));
  return { course: options.course.name, units: 'FEET_YARDS', holes };
}
