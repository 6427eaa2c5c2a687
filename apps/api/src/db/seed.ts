import { count, eq } from 'drizzle-orm';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import type { PasswordHasher } from '../lib/passwords.ts';
import type { Database } from './client.ts';
import { notifications, orgMembers, orgs, subscriptions, users } from './schema/index.ts';

export const DEMO_PASSWORD = 'holeout-demo';
export const DEMO_ACCOUNTS = {
  player: 'player@holeout.demo',
  premium: 'premium@holeout.demo',
  coach: 'coach@holeout.demo',
} as const;
export const DEMO_ORG_NAME = 'Holeout Academy';

/**
 * Seeds the demo accounts: a free player, a premium player and a coach who bought an active TEAM
 * subscription with branding for the branded org 'Holeout Academy', to which both players belong.
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
      .values({ ...verified, email: DEMO_ACCOUNTS.coach, first_name: 'Casey', last_name: 'Coach', is_coach: true, level: 'Male Pro', benchmark: 'SCRATCH' })
      .returning();
    const [player] = await tx
      .insert(users)
      .values({ ...verified, email: DEMO_ACCOUNTS.player, first_name: 'Pat', last_name: 'Player', level: 'Mens Amateur', benchmark: 'HUNDRED' })
      .returning();
    const [premium] = await tx
      .insert(users)
      .values({ ...verified, email: DEMO_ACCOUNTS.premium, first_name: 'Priya', last_name: 'Premium', level: 'Womens Amateur', benchmark: 'EIGHTY' })
      .returning();
    if (!coach || !player || !premium) throw new Error('seeding the demo users returned no rows');

    const [teamSub] = await tx
      .insert(subscriptions)
      .values({ level: SUBSCRIPTION_LEVELS.TEAM, has_branding: true, status: 'ACTIVE', purchaser: coach.uid, source: 'STRIPE', expires_at: yearFromNow })
      .returning();
    const [premiumSub] = await tx
      .insert(subscriptions)
      .values({ level: SUBSCRIPTION_LEVELS.PREMIUM, has_branding: false, status: 'ACTIVE', purchaser: premium.uid, source: 'STRIPE', expires_at: yearFromNow })
      .returning();
    if (!teamSub || !premiumSub) throw new Error('seeding the demo subscriptions returned no rows');
    await tx.update(users).set({ sub_id: teamSub.sub_id }).where(eqUid(coach.uid));
    await tx.update(users).set({ sub_id: premiumSub.sub_id }).where(eqUid(premium.uid));

    const [academy] = await tx.insert(orgs).values({ name: DEMO_ORG_NAME, sub_id: teamSub.sub_id }).returning();
    if (!academy) throw new Error('seeding the demo org returned no row');
    await tx.insert(orgMembers).values([
      { org_id: academy.org_id, uid: coach.uid, is_coach: true },
      { org_id: academy.org_id, uid: player.uid, is_coach: false },
      { org_id: academy.org_id, uid: premium.uid, is_coach: false },
    ]);

    await tx.insert(notifications).values([
      {
        uid: premium.uid,
        type: 'TEAM_INVITATION',
        title: 'Welcome to Holeout Academy',
        body: 'Casey Coach added you to the team. Your coach can now see the rounds you share.',
        nav_loc: 'notifications',
        created_at: new Date(now.getTime() - 2 * 3600 * 1000),
      },
      {
        uid: premium.uid,
        type: 'EVENT_SHARED',
        title: 'New lesson shared with you',
        body: 'Casey Coach shared "Putting: lag distance control" with you.',
        nav_loc: 'events',
        created_at: new Date(now.getTime() - 3600 * 1000),
      },
    ]);
    return true;
  });
}

const eqUid = (uid: number) => eq(users.uid, uid);
