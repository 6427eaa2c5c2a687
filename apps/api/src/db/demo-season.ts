import {
  REFERENCE_COURSE,
  scoreRound,
  seededRandom,
  simulateRound,
  type BenchmarkLevel,
  type Hole,
  type PlantedWeakness,
  type SimulatedCourse,
} from '@holeout/golf';
import type { Database } from './client.ts';
import { roundScoreRows, writeRoundScores } from './round-scores.ts';
import { eventOrgShares, eventTags, eventUserShares, events, rounds, tags } from './schema/index.ts';

/**
 * Demo golf that looks like real golf: seasons of rounds played by the round simulator of
 * packages/golf (each golfer at a benchmark level, the same rounds on every first start), and the
 * practice sessions, lessons and notes around them.
 */

/** Four courses with their cards (par, yards); lengths are plausible for each hole's par. */
export const DEMO_COURSES: SimulatedCourse[] = [
  REFERENCE_COURSE,
  card(
    'Ashcombe Heath',
    [4, 5, 3, 4, 4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 4, 5],
    [388, 512, 171, 402, 365, 421, 148, 538, 395, 377, 189, 410, 495, 352, 430, 162, 399, 551],
  ),
  card(
    'Kingsbarrow Links',
    [4, 4, 4, 3, 5, 4, 4, 3, 5, 4, 3, 4, 4, 5, 4, 3, 4, 5],
    [410, 366, 441, 205, 528, 380, 355, 156, 560, 419, 178, 392, 447, 515, 371, 198, 428, 540],
  ),
  card(
    'Millbrook Park',
    [4, 3, 4, 5, 4, 3, 4, 4, 5, 4, 4, 3, 4, 5, 3, 4, 4, 5],
    [342, 138, 361, 470, 318, 152, 377, 335, 488, 351, 329, 144, 368, 476, 161, 340, 356, 492],
  ),
];

function card(name: string, pars: number[], lengths: number[]): SimulatedCourse {
  return { name, holes: pars.map((par, i) => ({ par, length: lengths[i] ?? 380 })) };
}

/** The tees a demo course is played from, with its rating and slope: what the handicap index reads. */
export interface DemoTees {
  tees: string;
  course_rating: number;
  slope: number;
}

/**
 * Ratings and slopes as a rating committee would give these par-72 cards from the tees played:
 * about 40.9 + yards / 220 for the scratch golfer (6,050 yd: 68.4; 6,889 yd: 72.2), the links
 * and the heath rated a little harder than their length for wind and heather, slopes from 118
 * (the short parkland) to 134 (the links).
 */
export const DEMO_TEES: Readonly<Record<string, DemoTees>> = {
  [REFERENCE_COURSE.name]: { tees: 'White', course_rating: 69.1, slope: 123 },
  'Ashcombe Heath': { tees: 'White', course_rating: 71.8, slope: 129 },
  'Kingsbarrow Links': { tees: 'White', course_rating: 72.9, slope: 134 },
  'Millbrook Park': { tees: 'Yellow', course_rating: 68.7, slope: 118 },
};

/**
 * A card's stroke indexes the way clubs allocate them: the odd indexes to the front nine and the
 * even to the back, each nine ranked by how long a hole plays for its par (the longest for its par
 * is the hardest).
 */
export function strokeIndexes(course: SimulatedCourse): number[] {
  const indexes = new Array<number>(course.holes.length).fill(0);
  const expected = (par: number) => (par === 3 ? 170 : par === 4 ? 380 : 510);
  for (const [nine, first] of [
    [0, 1],
    [9, 2],
  ] as const) {
    const ranked = course.holes
      .slice(nine, nine + 9)
      .map((hole, i) => ({ at: nine + i, difficulty: hole.length / expected(hole.par) }))
      .sort((a, b) => b.difficulty - a.difficulty || a.at - b.at);
    ranked.forEach((hole, rank) => (indexes[hole.at] = first + 2 * rank));
  }
  return indexes;
}

export interface DemoGolfer {
  uid: number;
  level: BenchmarkLevel;
  rounds: number;
  /** Who sees the rounds: an organisation (VIEW) or the owner's coaches (scope). */
  share: { orgId: number } | 'coaches';
  /** The one area this golfer is weak in (for the AI coach to find), if any. */
  weakness?: PlantedWeakness;
  /** The seed of this golfer's season (dates, courses and every shot). */
  seasonSeed: number;
}

export interface PlannedRound {
  golfer: DemoGolfer;
  start: Date;
  course: SimulatedCourse;
  holes: Hole[];
  units: 'FEET_YARDS';
  score: number;
  par: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * One golfer's season: rounds spread over the last 180 days (a 9-hole round now and then), played
 * at the golfer's level with their planted weakness, deterministic from the golfer's season seed.
 */
export function planSeason(golfer: DemoGolfer, now: Date): PlannedRound[] {
  const random = seededRandom(golfer.seasonSeed);
  const planned: PlannedRound[] = [];
  for (let i = 0; i < golfer.rounds; i++) {
    const daysAgo = Math.floor((180 * (i + random())) / golfer.rounds);
    const start = new Date(now.getTime() - daysAgo * DAY_MS);
    start.setUTCHours(7 + Math.floor(random() * 8), random() < 0.5 ? 0 : 30, 0, 0);
    const course = DEMO_COURSES[Math.floor(random() * DEMO_COURSES.length)]!;
    const round = simulateRound({
      seed: Math.floor(random() * 2 ** 31),
      benchmark: golfer.level,
      course,
      holes: random() < 0.12 ? 9 : 18,
      ...(golfer.weakness ? { weakness: golfer.weakness } : {}),
    });
    const scored = scoreRound(round, golfer.level);
    const indexes = strokeIndexes(course);
    const holes = round.holes.map((hole) => ({ ...hole, stroke_index: indexes[hole.hole - 1]! }));
    planned.push({ golfer, start, course, holes, units: 'FEET_YARDS', score: scored.score, par: scored.par });
  }
  return planned;
}

export function planDemoRounds(golfers: readonly DemoGolfer[], now: Date): PlannedRound[] {
  return golfers.flatMap((golfer) => planSeason(golfer, now));
}

/** Inserts each golfer's season (planDemoRounds): multi-row inserts inside the caller's transaction. */
export async function seedDemoRounds(tx: Database, golfers: readonly DemoGolfer[], now: Date): Promise<number> {
  const planned = planDemoRounds(golfers, now);
  if (planned.length === 0) return 0;
  const inserted = await tx
    .insert(events)
    .values(
      planned.map((p) => ({
        uid: p.golfer.uid,
        event_type: 'ROUND',
        title: p.holes.length === 9 ? `Nine holes at ${p.course.name}` : `Round at ${p.course.name}`,
        start: p.start,
        share: p.golfer.share === 'coaches' ? 'SHARE_COACHES' : 'SHARE_SELECTED',
        created_at: p.start,
        updated_at: p.start,
      })),
    )
    .returning({ event_id: events.event_id });
  await tx.insert(rounds).values(
    planned.map((p, i) => ({
      event_id: inserted[i]!.event_id,
      course: p.course.name,
      ...DEMO_TEES[p.course.name],
      units: p.units,
      holes: p.holes,
      hole_count: p.holes.length,
      score: p.score,
      par: p.par,
    })),
  );
  await writeRoundScores(
    tx,
    planned.flatMap((p, i) => roundScoreRows(inserted[i]!.event_id, p)),
  );
  const orgShares = planned.flatMap((p, i) =>
    typeof p.golfer.share === 'object' ? [{ event_id: inserted[i]!.event_id, org_id: p.golfer.share.orgId, permissions: 0 }] : [],
  );
  if (orgShares.length > 0) await tx.insert(eventOrgShares).values(orgShares);
  return planned.length;
}

/** Practice sessions, lessons with the coach and a note, for a player of the academy. */
export async function seedDemoPractice(tx: Database, player: { uid: number; orgId: number }, coachUid: number, now: Date): Promise<void> {
  const at = (daysAgo: number, hour: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour));
  const own = [
    {
      event_type: 'PRACTICE',
      title: 'Putting ladder',
      notes: '3, 6 and 9 ft, ten balls each. Made 9, 6 and 4.',
      start: at(2, 17),
      end: at(2, 18),
      tag: 'putting',
    },
    {
      event_type: 'PRACTICE',
      title: 'Wedges to 40, 60 and 80 yd',
      notes: 'Half the balls inside 15 ft from 60 yd.',
      start: at(9, 16),
      end: at(9, 17),
      tag: 'short game',
    },
    { event_type: 'WORKOUT', title: 'Mobility and rotation', notes: '', start: at(12, 7), end: at(12, 8), tag: null },
    {
      event_type: 'NOTE',
      title: 'Driver feels',
      notes: 'Ball forward, finish high. Misses right when I rush the transition.',
      start: at(20, 20),
      end: null,
      tag: null,
    },
  ] as const;
  const ownIds = await tx
    .insert(events)
    .values(
      own.map((e) => ({
        uid: player.uid,
        event_type: e.event_type,
        title: e.title,
        notes: e.notes,
        start: e.start,
        end: e.end,
        created_at: e.start,
        updated_at: e.start,
      })),
    )
    .returning({ event_id: events.event_id });
  await tx.insert(eventOrgShares).values(ownIds.map((e) => ({ event_id: e.event_id, org_id: player.orgId, permissions: 0 })));
  const tagNames = [...new Set(own.flatMap((e) => (e.tag ? [e.tag] : [])))];
  const tagRows = await tx
    .insert(tags)
    .values(tagNames.map((name) => ({ uid: player.uid, name })))
    .returning({ tag_id: tags.tag_id, name: tags.name });
  await tx.insert(eventTags).values(
    own.flatMap((e, i) => {
      const tag = tagRows.find((t) => t.name === e.tag);
      return tag ? [{ event_id: ownIds[i]!.event_id, tag_id: tag.tag_id }] : [];
    }),
  );
  const lessons = await tx
    .insert(events)
    .values([
      {
        uid: coachUid,
        event_type: 'LESSON',
        title: 'Putting: lag distance control',
        notes: 'Ladder drill from 20, 30 and 40 ft; stop the ball within a putter length.',
        start: at(5, 15),
        end: at(5, 16),
        created_at: at(5, 15),
        updated_at: at(5, 15),
      },
      {
        uid: coachUid,
        event_type: 'LESSON',
        title: 'Approach: start line with mid irons',
        notes: 'Alignment stick 3 ft ahead; 7-iron to 150.',
        start: at(26, 15),
        end: at(26, 16),
        created_at: at(26, 15),
        updated_at: at(26, 15),
      },
    ])
    .returning({ event_id: events.event_id });
  await tx.insert(eventUserShares).values(lessons.map((l) => ({ event_id: l.event_id, uid: player.uid, permissions: 1 })));
}
