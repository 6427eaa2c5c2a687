import { count, eq, inArray } from 'drizzle-orm';
import { SUBSCRIPTION_LEVELS, type BenchmarkLevel, type PlantedWeakness } from '@holeout/golf';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { Database } from './client.ts';
import { seedDemoDrills } from './demo-drills.ts';
import { seedDemoPractice, seedDemoRounds, type DemoGolfer } from './demo-season.ts';
import { notifications, orgMembers, orgs, settings, subscriptions, users } from './schema/index.ts';

export const DEMO_PASSWORD = 'holeout-demo';
export const DEMO_ACCOUNTS = {
  player: 'player@holeout.demo',
  premium: 'premium@holeout.demo',
  coach: 'coach@holeout.demo',
} as const;
export const DEMO_ORG_NAME = 'Holeout Academy';

/** The academy's twelve players: names and the level each plays at. */
export const DEMO_ACADEMY_PLAYERS: ReadonlyArray<{
  first_name: string;
  last_name: string;
  level: 'Mens Amateur' | 'Womens Amateur' | 'Boys Junior' | 'Girls Junior';
  benchmark: BenchmarkLevel;
  /** The one area the AI coach should find, planted in the simulator; the rest of the game is at the level. */
  weakness?: PlantedWeakness;
}> = [
  {
    first_name: 'Alex',
    last_name: 'Hart',
    level: 'Boys Junior',
    benchmark: 'SCRATCH',
    weakness: { category: 'midApproach', strokesPerRound: 0.9 },
  },
  { first_name: 'Bea', last_name: 'Lindqvist', level: 'Girls Junior', benchmark: 'SCRATCH' },
  {
    first_name: 'Caleb',
    last_name: 'Moreno',
    level: 'Mens Amateur',
    benchmark: 'EIGHTY',
    weakness: { category: 'drive', strokesPerRound: 0.9 },
  },
  { first_name: 'Dana', last_name: 'Okafor', level: 'Womens Amateur', benchmark: 'EIGHTY' },
  { first_name: 'Eli', last_name: 'Brennan', level: 'Boys Junior', benchmark: 'EIGHTY' },
  {
    first_name: 'Farah',
    last_name: 'Siddiqui',
    level: 'Girls Junior',
    benchmark: 'EIGHTY',
    weakness: { category: 'shortPutts', strokesPerRound: 0.9 },
  },
  {
    first_name: 'Gus',
    last_name: 'Tanaka',
    level: 'Mens Amateur',
    benchmark: 'NINETY',
    weakness: { category: 'sandChips', strokesPerRound: 1.1 },
  },
  { first_name: 'Hana', last_name: 'Kowalski', level: 'Womens Amateur', benchmark: 'NINETY' },
  { first_name: 'Ivo', last_name: 'Petrov', level: 'Mens Amateur', benchmark: 'NINETY' },
  { first_name: 'Jade', last_name: 'Whitfield', level: 'Girls Junior', benchmark: 'NINETY' },
  { first_name: 'Kofi', last_name: 'Mensah', level: 'Boys Junior', benchmark: 'HUNDRED' },
  { first_name: 'Lena', last_name: 'Fischer', level: 'Womens Amateur', benchmark: 'HUNDRED' },
];

/** Golfer i's season seeds are searched from DEMO_SEASON_BASE + 1000 i, so no two golfers share a season. */
export const DEMO_SEASON_BASE = 20261122;

/** The premium demo player's planted weakness: a weak lag putter (3-putts from long range). */
export const DEMO_PREMIUM_WEAKNESS: PlantedWeakness = { category: 'longPutts', strokesPerRound: 0.8 };

/**
 * The season seed of each demo golfer (the free player, the premium player, then the academy's
 * twelve): for golfer i, the first seed from DEMO_SEASON_BASE + 1000 i on whose 19-40 rounds land
 * inside the published ranges of the golfer's level (demo-realism.ts) and, for a golfer with a
 * planted weakness, whose latest 20 rounds the AI coach's diagnosis names it in; so a coach
 * checking the demo against published averages finds golf at its level, and the AI coach finds
 * what was planted. Picked by `npx tsx apps/api/src/db/pick-demo-seasons.ts`; a test fails
 * when the simulator changes and a season no longer lands inside.
 */
export const DEMO_SEASON_SEEDS: readonly number[] = [
  20261124, 20262122, 20263140, 20264124, 20265180, 20266122, 20267122, 20268123, 20269122, 20270123, 20271124, 20272122, 20273126,
  20274124,
];

/**
 * Who plays the demo season: the free player (a 100 golfer, 25 rounds) and the premium player (an
 * 80 golfer and weak lag putter, 40 rounds), both shared with the academy, and the twelve academy
 * players (19 rounds each at their level, some with a planted weakness), shared with their coaches.
 */
export function demoGolfers(
  playerUid: number,
  premiumUid: number,
  academyUids: readonly number[],
  orgId: number,
  seeds: readonly number[] = DEMO_SEASON_SEEDS,
): DemoGolfer[] {
  const seedOf = (i: number) => seeds[i] ?? DEMO_SEASON_BASE + 1000 * i;
  return [
    { uid: playerUid, level: 'HUNDRED', rounds: 25, share: { orgId }, seasonSeed: seedOf(0) },
    { uid: premiumUid, level: 'EIGHTY', rounds: 40, share: { orgId }, weakness: DEMO_PREMIUM_WEAKNESS, seasonSeed: seedOf(1) },
    ...academyUids.map((uid, i) => {
      const p = DEMO_ACADEMY_PLAYERS[i]!;
      return {
        uid,
        level: p.benchmark,
        rounds: 19,
        share: 'coaches' as const,
        seasonSeed: seedOf(i + 2),
        ...(p.weakness ? { weakness: p.weakness } : {}),
      };
    }),
  ];
}

/**
 * Seeds the demo accounts: a free player, a premium player and a coach who bought an active TEAM
 * subscription with branding for the branded org 'Holeout Academy', to which both players belong,
 * with twelve more academy players (academy1..12@holeout.demo). Then a season of golf: about 25
 * rounds for the player (HUNDRED level), 40 for the premium player (EIGHTY), 19 for each academy
 * player at their level, shared with the coach, and practice sessions, lessons and notes; the
 * premium player's drill library with three months of results and the academy's team drills (demo-drills.ts).
 * Runs only on an empty users table, in one transaction, so running it twice changes nothing.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Database, hasher: PasswordHasher, now: Date = new Date()): Promise<boolean> {
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const yearFromNow = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ users: count() }).from(users);
    if ((existing?.users ?? 0) > 0) return false;
    const verified = { password_hash: passwordHash, verified_at: now, benchmark: 'NINETY' };

    const [coach] = await tx
      .insert(users)
      .values({
        ...verified,
        email: DEMO_ACCOUNTS.coach,
        first_name: 'Casey',
        last_name: 'Coach',
        is_coach: true,
        level: 'Male Pro',
        benchmark: 'SCRATCH',
      })
      .returning();
    const [player] = await tx
      .insert(users)
      .values({
        ...verified,
        email: DEMO_ACCOUNTS.player,
        first_name: 'Pat',
        last_name: 'Player',
        level: 'Mens Amateur',
        benchmark: 'HUNDRED',
      })
      .returning();
    const [premium] = await tx
      .insert(users)
      .values({
        ...verified,
        email: DEMO_ACCOUNTS.premium,
        first_name: 'Priya',
        last_name: 'Premium',
        level: 'Womens Amateur',
        benchmark: 'EIGHTY',
      })
      .returning();
    if (!coach || !player || !premium) throw new Error('seeding the demo users returned no rows');

    const [teamSub] = await tx
      .insert(subscriptions)
      // Given, not bought (source OTHER): no provider stands behind the demo's own plans; the demo checkout makes real ones.
      .values({
        level: SUBSCRIPTION_LEVELS.TEAM,
        has_branding: true,
        status: 'ACTIVE',
        purchaser: coach.uid,
        source: 'OTHER',
        expires_at: yearFromNow,
        plan_index: 7,
      })
      .returning();
    const [premiumSub] = await tx
      .insert(subscriptions)
      .values({
        level: SUBSCRIPTION_LEVELS.PREMIUM,
        has_branding: false,
        status: 'ACTIVE',
        purchaser: premium.uid,
        source: 'OTHER',
        expires_at: yearFromNow,
        plan_index: 3,
      })
      .returning();
    if (!teamSub || !premiumSub) throw new Error('seeding the demo subscriptions returned no rows');
    await tx.update(users).set({ sub_id: teamSub.sub_id }).where(eqUid(coach.uid));
    await tx.update(users).set({ sub_id: premiumSub.sub_id }).where(eqUid(premium.uid));

    const [academy] = await tx.insert(orgs).values({ name: DEMO_ORG_NAME, colour: '#1f5f4a', sub_id: teamSub.sub_id }).returning();
    if (!academy) throw new Error('seeding the demo org returned no row');
    await tx.insert(orgMembers).values([
      { org_id: academy.org_id, uid: coach.uid, is_coach: true, seat: 'COACH' },
      { org_id: academy.org_id, uid: player.uid, is_coach: false },
      { org_id: academy.org_id, uid: premium.uid, is_coach: false },
    ]);

    const academy12 = await tx
      .insert(users)
      .values(
        DEMO_ACADEMY_PLAYERS.map((p, i) => ({
          ...verified,
          email: `academy${i + 1}@holeout.demo`,
          first_name: p.first_name,
          last_name: p.last_name,
          level: p.level,
          benchmark: p.benchmark,
        })),
      )
      .returning({ uid: users.uid });
    // The first three academy players hold premium seats of the TEAM plan (3 of its 10), so Org. Management shows seats in use.
    await tx
      .insert(orgMembers)
      .values(academy12.map((p, i) => ({ org_id: academy.org_id, uid: p.uid, is_coach: false, seat: i < 3 ? 'PREMIUM' : null })));
    await tx
      .update(users)
      .set({ sub_id: teamSub.sub_id })
      .where(
        inArray(
          users.uid,
          academy12.slice(0, 3).map((p) => p.uid),
        ),
      );
    const golfers = demoGolfers(
      player.uid,
      premium.uid,
      academy12.map((p) => p.uid),
      academy.org_id,
    );
    await seedDemoRounds(tx, golfers, now);
    // The coach's team views show the academy's players from the first login (14 of the 15 a group may hold).
    await tx.insert(settings).values({ uid: coach.uid, team_group: golfers.map((g) => g.uid) });
    for (const golfer of [player, premium]) await seedDemoPractice(tx, { uid: golfer.uid, orgId: academy.org_id }, coach.uid, now);
    await seedDemoDrills(
      tx,
      { premium: premium.uid, coach: coach.uid, orgId: academy.org_id, teamPlayers: [premium.uid, ...academy12.map((p) => p.uid)] },
      now,
      20261123,
    );

    await tx.insert(notifications).values([
      {
        uid: premium.uid,
        type: 'TEAM_INVITATION',
        title: 'Welcome to Holeout Academy',
        body: 'Casey Coach added you to the team. Your coach can now see the rounds you share.',
        nav_loc: 'notifications',
        created_at: new Date(now.getTime() - 2 * 3600 * 1000),
        email_state: 'skipped',
      },
      {
        uid: premium.uid,
        type: 'EVENT_SHARED',
        title: 'New lesson shared with you',
        body: 'Casey Coach shared "Putting: lag distance control" with you.',
        nav_loc: 'events',
        created_at: new Date(now.getTime() - 3600 * 1000),
        email_state: 'skipped',
      },
    ]);
    return true;
  });
}

const eqUid = (uid: number) => eq(users.uid, uid);
