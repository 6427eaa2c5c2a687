/**
 * A round simulator for demo data and tests: plays a course hole by hole as a golfer of a benchmark
 * level would, deterministically from a seed.
 *
 * The model is the benchmark itself. From a lie and distance the level expects E strokes to hole
 * out; a golfer of that level gains 0 strokes a shot on average. So each shot draws how many strokes
 * it gains, z, and finds a realistic place where E is E(start) - 1 - z: first where the ball ends
 * (fairway, rough, sand, green, by how likely each is from there), then the distance at which that
 * lie's E is the target. Where no distance can give the target (better than the shortest putt), the
 * ball is holed with the probability that keeps the expectation exact. Putts draw a leave distance
 * and hole out with the probability that makes E(after) = E(before) - 1 on average. Penalties (out
 * of bounds, a penalty area) cost their strokes, and the other shots of that kind gain a little on
 * average in return. The round's strokes gained against its own level therefore average zero, and
 * its score averages the level's expected score of the course.
 */
import { getBaseline } from '../baselines/baseline.ts';
import type { BenchmarkLevel } from '../benchmarks.ts';
import type { StatCategory } from '../engine/types.ts';
import { MISS_DIRECTIONS, type EndLie, type Hole, type MissDirection, type Round, type Shot, type StartLie } from '../round.ts';
import { normal, seededRandom, weightedPick, type Random } from './random.ts';

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

interface Situation {
  /** Where a shot that goes as planned may end, with how likely each is. */
  lies: Array<readonly [Exclude<EndLie, 'I' | 'O' | 'H'>, number]>;
  /** Chances of out of bounds and of a penalty area. */
  outOfBounds: number;
  penaltyArea: number;
  /** Spread of the strokes a shot gains (sd of z). */
  spread: number;
  /** The shot aims at the fairway (a drive) or the green. */
  aim: 'fairway' | 'green';
}

function situationOf(from: StartLie, yards: number, par: number): Situation {
  if (from === 'T' && par >= 4) {
    return {
      lies: [['F', 0.55], ['R', 0.3], ['S', 0.07], ...(yards <= 320 ? ([['G', 0.08]] as const) : [])],
      outOfBounds: 0.025,
      penaltyArea: 0.035,
      spread: 0.3,
      aim: 'fairway',
    };
  }
  if (yards > 50) {
    // Out of reach the green is no target: the shot advances the ball.
    const green = yards > 260 ? 0 : Math.min(0.85, Math.max(0.15, 0.9 - (yards - 50) / 250));
    const miss = 1 - green;
    return {
      lies: [
        ['G', green],
        ['R', miss * 0.55],
        ['F', miss * 0.3],
        ['S', miss * 0.15],
      ],
      outOfBounds: yards > 150 ? 0.008 : 0.002,
      penaltyArea: yards > 100 ? 0.015 : 0.005,
      spread: 0.4,
      aim: 'green',
    };
  }
  return {
    lies: [
      ['G', 0.86],
      ['R', 0.07],
      ['F', 0.04],
      ['S', 0.03],
    ],
    outOfBounds: 0,
    penaltyArea: 0,
    spread: 0.3,
    aim: 'green',
  };
}

function missFor(random: Random, aim: 'fairway' | 'green'): MissDirection | undefined {
  // Most golfers note most misses; some they leave blank.
  if (random() < 0.25) return undefined;
  if (aim === 'fairway') return random() < 0.5 ? 'l' : 'r';
  return MISS_DIRECTIONS[Math.floor(random() * MISS_DIRECTIONS.length)];
}

/** A putt: leave it near the hole, holing it with the probability that keeps E exact on average. */
function playPutt(random: Random, id: string, expected: Expected, feet: number): { to: 'G' | 'I'; next: number } {
  const before = expected('G', feet);
  // A lag from far away cannot finish closer than where two more putts are expected: E(leave) >= E(before) - 1.
  const lagFloor = distanceFor(null, envelopeOf(id, expected, 'G'), before - 1, MAX_FEET) ?? 1;
  const leave = Math.max(1, lagFloor, Math.min(Math.round(feet - 1), Math.round(1 + feet * (0.04 + 0.1 * random()))));
  const leaveE = expected('G', leave);
  const holeChance = Math.min(1, Math.max(0, 1 - (before - 1) / leaveE));
  return random() < holeChance ? { to: 'I', next: 0 } : { to: 'G', next: leave };
}

interface Outcome {
  to: EndLie;
  next: { from: StartLie; dist: number } | null;
  miss?: MissDirection;
}

/** An off-green shot from `from` at `yards`. */
function playFullShot(random: Random, id: string, expected: Expected, from: StartLie, yards: number, par: number): Outcome {
  const situation = situationOf(from, yards, par);
  const start = expected(from, yards);
  const roll = random();
  if (roll < situation.outOfBounds) return { to: 'O', next: { from, dist: yards }, miss: missFor(random, situation.aim) ?? 'r' };
  if (roll < situation.outOfBounds + situation.penaltyArea) {
    // In a penalty area the shot costs about a stroke: played as it lies, or dropped with a penalty.
    const asItLies = random() < 0.4;
    const lie: StartLie = asItLies ? 'H' : 'R';
    const target = asItLies ? start : start - 1;
    const dist = distanceFor(random, envelopeOf(id, expected, lie), target, yards + 20) ?? yards;
    return { to: 'H', next: { from: lie, dist }, miss: missFor(random, situation.aim) ?? 'l' };
  }
  // Penalties cost 2 and about 1 stroke: the other shots of this kind gain that back on average.
  const clean = 1 - situation.outOfBounds - situation.penaltyArea;
  const meanGain = (2 * situation.outOfBounds + situation.penaltyArea) / clean;
  const target = start - 1 - (meanGain + situation.spread * normal(random));

  const reachable = situation.lies.filter(([lie, weight]) => {
    if (weight <= 0) return false;
    const envelope = envelopeOf(id, expected, lie);
    return (
      envelope.values[1]! <= target && envelope.values[Math.min(lie === 'G' ? MAX_FEET : yards + 10, envelope.values.length - 1)]! >= target
    );
  });
  if (reachable.length > 0) {
    const lie = weightedPick(random, reachable);
    const dist = distanceFor(random, envelopeOf(id, expected, lie), target, lie === 'G' ? MAX_FEET : yards + 10)!;
    const missed = situation.aim === 'fairway' ? lie !== 'F' && lie !== 'G' : lie !== 'G';
    const miss = missed ? missFor(random, situation.aim) : undefined;
    return { to: lie, next: { from: lie, dist }, ...(miss ? { miss } : {}) };
  }
  const shortest = expected('G', 1);
  if (target < shortest) {
    // Better than the shortest putt: holed, with the chance that keeps the expectation exact.
    const holeChance = Math.min(1, Math.max(0, 1 - target / shortest));
    return random() < holeChance ? { to: 'I', next: null } : { to: 'G', next: { from: 'G', dist: 1 } };
  }
  // Worse than anywhere it could plausibly end: the rough, as far back as it started.
  return {
    to: 'R',
    next: { from: 'R', dist: Math.max(1, Math.round(yards)) },
    ...(situation.aim === 'green' ? { miss: 's' as const } : {}),
  };
}

function playHole(random: Random, id: string, expected: Expected, number: number, hole: CourseHole): Hole {
  const shots: Shot[] = [];
  let from: StartLie = 'T';
  let dist = hole.length;
  for (let n = 1; ; n++) {
    if (n >= MAX_SHOTS) {
      shots.push({ from, dist, to: 'I' });
      break;
    }
    if (from === 'G') {
      const putt = playPutt(random, id, expected, dist);
      const shot: Shot = { from, dist, to: putt.to };
      const miss = putt.to === 'G' ? missFor(random, 'green') : undefined;
      if (miss) shot.miss = miss;
      shots.push(shot);
      if (putt.to === 'I') break;
      dist = putt.next;
      continue;
    }
    const outcome = playFullShot(random, id, expected, from, dist, hole.par);
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
  const holes = options.course.holes.slice(0, count).map((hole, i) => playHole(random, baseline.id, baseline.expected, i + 1, hole));
  return { course: options.course.name, units: 'FEET_YARDS', holes };
}
