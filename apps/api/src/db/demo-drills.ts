import { seededRandom } from '@holeout/golf';
import type { DrillBody, DrillField, ResultValues } from '@holeout/contracts';
import type { Database } from './client.ts';
import { drillResults, drills, eventDrills, eventOrgShares, eventUserShares, events, folderOrgShares, folders } from './schema/index.ts';

/**
 * The demo drill library: the premium player's 8 drills in two folders with three months of
 * practice that gets better the way practice does (noisy, slowly), and the academy's team drills,
 * shared with the organisation, that the coach ran with the academy players in team sessions.
 */

type DemoDrill = Omit<DrillBody, 'usershares' | 'orgshares' | 'folder_id'> & {
  fields: DrillField[];
  /** The score at the start of the three months, where it gets to by the end, and how much one attempt wobbles. */
  from: number;
  to: number;
  noise: number;
  /** The other fields' values of one attempt. */
  extras: (random: () => number) => ResultValues;
};

const num = (key: string, label: string, min: number, max: number, step: number, unit: string | null = null): DrillField => ({
  key,
  label,
  type: 'NUMBER',
  min,
  max,
  step,
  unit,
  required: true,
});
const greenSpeed: DrillField = { key: 'green', label: 'Green speed', type: 'SELECT', options: ['slow', 'medium', 'fast'], required: false };
const windy: DrillField = { key: 'windy', label: 'Windy', type: 'TOGGLE', required: false };
const notes: DrillField = { key: 'notes', label: 'Notes', type: 'STRING', max: 500, required: false };
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const PUTTING: DemoDrill[] = [
  {
    title: 'Putting ladder',
    description: 'Ten balls each from 3, 6 and 9 ft. Count the putts holed of 30.',
    category: 'midPutts',
    fields: [num('made', 'Putts holed of 30', 0, 30, 1), greenSpeed, notes],
    score_field: 'made',
    higher_is_better: true,
    from: 16,
    to: 21,
    noise: 2.5,
    extras: (r) => ({ green: pick(r, ['slow', 'medium', 'medium', 'fast']) }),
  },
  {
    title: 'Gate drill',
    description:
      'Two tees a ball and a half apart, a putter length in front of the ball, 4 ft from the hole. Ten putts through the gate and in.',
    category: 'shortPutts',
    fields: [num('made', 'Putts made of 10', 0, 10, 1), greenSpeed],
    score_field: 'made',
    higher_is_better: true,
    from: 6.5,
    to: 8.5,
    noise: 1.2,
    extras: (r) => ({ green: pick(r, ['medium', 'fast']) }),
  },
  {
    title: 'Lag putting circle',
    description: 'Ten putts from 30 to 40 ft. Count those that finish inside a 3 ft circle around the hole.',
    category: 'longPutts',
    fields: [num('inside', 'Finished inside 3 ft, of 10', 0, 10, 1), num('three_putts', 'Three-putts', 0, 10, 1), greenSpeed],
    score_field: 'inside',
    higher_is_better: true,
    from: 4.5,
    to: 6.5,
    noise: 1.3,
    extras: (r) => ({ three_putts: Math.floor(r() * 2), green: pick(r, ['slow', 'medium', 'fast']) }),
  },
  {
    title: 'Clock drill',
    description:
      'Twelve balls round the hole at 3 ft, like the hours of a clock. Start again after a miss; count the holed putts in a row.',
    category: 'shortPutts',
    fields: [
      num('streak', 'Holed in a row (of 12)', 0, 12, 1),
      { key: 'full_clock', label: 'Completed the clock', type: 'TOGGLE', required: false },
    ],
    score_field: 'streak',
    higher_is_better: true,
    from: 7,
    to: 10.5,
    noise: 2,
    extras: () => ({}),
  },
];

const SHORT_GAME: DemoDrill[] = [
  {
    title: 'Up-and-down challenge',
    description: 'Nine balls round the green, three each from fairway, rough and sand. Count the up-and-downs.',
    category: 'fwChips',
    fields: [
      num('saves', 'Up-and-downs of 9', 0, 9, 1),
      { key: 'lie', label: 'Hardest lie today', type: 'SELECT', options: ['fairway', 'rough', 'sand'], required: false },
    ],
    score_field: 'saves',
    higher_is_better: true,
    from: 3.5,
    to: 5.5,
    noise: 1.1,
    extras: (r) => ({ lie: pick(r, ['rough', 'sand', 'sand']) }),
  },
  {
    title: 'Wedge distance control',
    description: 'Five balls each to 40, 60 and 80 yd. Step off how far each finishes from the target; note the average.',
    category: 'shortApproach',
    fields: [num('miss_ft', 'Average distance from target', 0, 120, 0.5, 'ft'), windy],
    score_field: 'miss_ft',
    higher_is_better: false,
    from: 24,
    to: 16,
    noise: 3,
    extras: (r) => ({ windy: r() < 0.3 }),
  },
  {
    title: 'Bunker escapes',
    description: 'Ten balls from a greenside bunker. Count those out first time that finish on the green.',
    category: 'sandChips',
    fields: [num('on_green', 'On the green, of 10', 0, 10, 1)],
    score_field: 'on_green',
    higher_is_better: true,
    from: 5,
    to: 7.5,
    noise: 1.4,
    extras: () => ({}),
  },
  {
    title: 'Fairway finder',
    description: 'Fourteen drives on the range between two flags 30 yd apart, as if each were a tee shot on the course.',
    category: 'drive',
    fields: [num('fairways', 'Fairways of 14', 0, 14, 1), windy, notes],
    score_field: 'fairways',
    higher_is_better: true,
    from: 7,
    to: 9,
    noise: 1.5,
    extras: (r) => ({ windy: r() < 0.25 }),
  },
];

const TEAM: DemoDrill[] = [
  {
    title: 'Academy 50-putt test',
    description: 'Ten putts each from 3, 6, 10, 15 and 20 ft. Count the putts holed of 50. Every player, every team session.',
    category: 'midPutts',
    fields: [num('holed', 'Putts holed of 50', 0, 50, 1), greenSpeed],
    score_field: 'holed',
    higher_is_better: true,
    from: 24,
    to: 28,
    noise: 3,
    extras: (r) => ({ green: pick(r, ['medium', 'fast']) }),
  },
  {
    title: 'Par-18 short game test',
    description: 'Nine stations round the green, each played out as a par 2. Write down the strokes taken.',
    category: 'fwChips',
    fields: [num('strokes', 'Strokes for nine stations', 9, 40, 1)],
    score_field: 'strokes',
    higher_is_better: false,
    from: 23,
    to: 21,
    noise: 1.8,
    extras: () => ({}),
  },
];

const DAY_MS = 86_400_000;

/** A score on the way from `from` to `to` after `progress` (0..1) of the three months, with the drill's wobble, within its field's bounds and step. */
function attemptScore(drill: DemoDrill, progress: number, skill: number, random: () => number): number {
  const field = drill.fields.find((f) => f.key === drill.score_field) as Extract<DrillField, { type: 'NUMBER' }>;
  const raw = drill.from + (drill.to - drill.from) * progress + skill + (random() + random() + random() - 1.5) * drill.noise;
  const step = field.step ?? 1;
  const stepped = Math.round(raw / step) * step;
  return Math.min(field.max ?? stepped, Math.max(field.min ?? stepped, stepped));
}

async function insertDrills(tx: Database, owner: number, folderId: number, list: readonly DemoDrill[], now: Date) {
  const rows = await tx
    .insert(drills)
    .values(
      list.map((d) => ({
        uid: owner,
        folder_id: folderId,
        title: d.title,
        description: d.description ?? '',
        category: d.category ?? null,
        fields: d.fields,
        score_field: d.score_field ?? null,
        higher_is_better: d.higher_is_better ?? true,
        created_at: new Date(now.getTime() - 100 * DAY_MS),
        updated_at: new Date(now.getTime() - 100 * DAY_MS),
      })),
    )
    .returning({ drill_id: drills.drill_id });
  return rows.map((r, i) => ({ ...list[i]!, drill_id: r.drill_id }));
}

interface Session {
  owner: number;
  title: string;
  start: Date;
  drills: Array<{ drill: DemoDrill & { drill_id: number }; attempts: number }>;
  recordedBy: number;
  share: { orgId: number } | { coach: number };
  skill: number;
}

/** Inserts practice events with their drills and results; the results' progress follows the session's date over 90 days. */
async function insertSessions(tx: Database, sessions: readonly Session[], now: Date, random: () => number): Promise<void> {
  if (sessions.length === 0) return;
  const ids = await tx
    .insert(events)
    .values(
      sessions.map((s) => ({
        uid: s.owner,
        event_type: 'PRACTICE',
        title: s.title,
        start: s.start,
        end: new Date(s.start.getTime() + 3600_000),
        created_at: s.start,
        updated_at: s.start,
      })),
    )
    .returning({ event_id: events.event_id });
  const orgShares = sessions.flatMap((s, i) =>
    'orgId' in s.share ? [{ event_id: ids[i]!.event_id, org_id: s.share.orgId, permissions: 0 }] : [],
  );
  if (orgShares.length > 0) await tx.insert(eventOrgShares).values(orgShares);
  // Team sessions: the coach may add results (ADD), as they ran the session.
  const coachShares = sessions.flatMap((s, i) =>
    'coach' in s.share ? [{ event_id: ids[i]!.event_id, uid: s.share.coach, permissions: 1 }] : [],
  );
  if (coachShares.length > 0) await tx.insert(eventUserShares).values(coachShares);
  const placed = await tx
    .insert(eventDrills)
    .values(
      sessions.flatMap((s, i) => s.drills.map((d, position) => ({ event_id: ids[i]!.event_id, drill_id: d.drill.drill_id, position }))),
    )
    .returning({ ced_id: eventDrills.ced_id });
  let next = 0;
  const results = sessions.flatMap((s) =>
    s.drills.flatMap((d) => {
      const ced = placed[next++]!.ced_id;
      const progress = Math.max(0, Math.min(1, 1 - (now.getTime() - s.start.getTime()) / (90 * DAY_MS)));
      return Array.from({ length: d.attempts }, (_, attempt) => ({
        ced_id: ced,
        uid: s.owner,
        recorded_by: s.recordedBy,
        time: new Date(s.start.getTime() + (attempt + 1) * 12 * 60_000),
        values: { [d.drill.score_field!]: attemptScore(d.drill, progress, s.skill, random), ...d.drill.extras(random) } as ResultValues,
        created_at: s.start,
      }));
    }),
  );
  for (let i = 0; i < results.length; i += 500) await tx.insert(drillResults).values(results.slice(i, i + 500));
}

/**
 * Seeds the library: the premium player's folders "Putting" and "Short game and driving" (8 drills)
 * with two or three practices a week for 90 days, and the coach's "Academy team drills" folder,
 * shared with the organisation, run in a team session every two weeks with each of `teamPlayers`.
 */
export async function seedDemoDrills(
  tx: Database,
  people: { premium: number; coach: number; orgId: number; teamPlayers: readonly number[] },
  now: Date,
  seed: number,
): Promise<void> {
  const random = seededRandom(seed);
  const [putting, shortGame, team] = await tx
    .insert(folders)
    .values([
      { uid: people.premium, name: 'Putting', created_at: new Date(now.getTime() - 100 * DAY_MS) },
      { uid: people.premium, name: 'Short game and driving', created_at: new Date(now.getTime() - 100 * DAY_MS) },
      { uid: people.coach, name: 'Academy team drills', created_at: new Date(now.getTime() - 100 * DAY_MS) },
    ])
    .returning({ folder_id: folders.folder_id });
  await tx.insert(folderOrgShares).values({ folder_id: team!.folder_id, org_id: people.orgId, permissions: 0 });
  const puttingDrills = await insertDrills(tx, people.premium, putting!.folder_id, PUTTING, now);
  const shortGameDrills = await insertDrills(tx, people.premium, shortGame!.folder_id, SHORT_GAME, now);
  const teamDrills = await insertDrills(tx, people.coach, team!.folder_id, TEAM, now);

  const sessions: Session[] = [];
  const day = (daysAgo: number, hour: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour));
  // The premium player: alternating putting and short-game practices, two or three a week.
  for (let daysAgo = 89, n = 0; daysAgo >= 1; daysAgo -= 2 + Math.floor(random() * 2), n++) {
    const isPutting = n % 2 === 0;
    const list = isPutting ? puttingDrills : shortGameDrills;
    const chosen = [...list].sort(() => random() - 0.5).slice(0, 2 + Math.floor(random() * 2));
    sessions.push({
      owner: people.premium,
      title: isPutting ? 'Putting practice' : 'Short game practice',
      start: day(daysAgo, 16 + Math.floor(random() * 3)),
      drills: chosen.map((drill) => ({ drill, attempts: 1 + Math.floor(random() * 2) })),
      recordedBy: people.premium,
      share: { orgId: people.orgId },
      skill: 0,
    });
  }
  // Team sessions every two weeks: the coach entered each player's test results.
  for (const [index, uid] of people.teamPlayers.entries()) {
    const skill = ((index % 5) - 2) * 1.2;
    for (let daysAgo = 84; daysAgo >= 0; daysAgo -= 14) {
      sessions.push({
        owner: uid,
        title: 'Academy team session',
        start: day(daysAgo + 1, 10),
        drills: teamDrills.map((drill) => ({ drill, attempts: 1 })),
        recordedBy: people.coach,
        share: { coach: people.coach },
        skill,
      });
    }
  }
  await insertSessions(tx, sessions, now, random);
}
