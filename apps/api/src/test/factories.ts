import { and, eq } from 'drizzle-orm';
import { SUBSCRIPTION_LEVELS, type SubscriptionLevel } from '@holeout/golf';
import type { Database } from '../db/client.ts';
import { folderUserShares, folders, notifications, orgMembers, orgs, subscriptions, users } from '../db/schema/index.ts';
import { createPasswordHasher, TEST_PASSWORD_COST } from '../lib/passwords.ts';
import { AuthRepository } from '../modules/auth/auth.module.ts';
import type { TestServer } from './test-server.ts';

const hasher = createPasswordHasher(TEST_PASSWORD_COST);
const hashes = new Map<string, Promise<string>>();
let sequence = 0;

export interface BuiltUser {
  uid: number;
  email: string;
  password: string;
}

/** A user straight in the database: verified, with a password, unless told otherwise. */
export async function buildUser(
  db: Database,
  overrides: Partial<{
    email: string;
    password: string | null;
    first_name: string;
    last_name: string;
    verified: boolean;
    is_coach: boolean;
    sub_id: number | null;
    level: string | null;
    benchmark: string;
  }> = {},
): Promise<BuiltUser> {
  sequence += 1;
  const email = overrides.email ?? `golfer${sequence}-${Date.now()}@example.test`;
  const password = overrides.password === undefined ? 'correct-horse-battery' : overrides.password;
  let passwordHash: string | null = null;
  if (password !== null) {
    if (!hashes.has(password)) hashes.set(password, hasher.hash(password));
    passwordHash = await hashes.get(password)!;
  }
  const [row] = await db
    .insert(users)
    .values({
      email,
      password_hash: passwordHash,
      first_name: overrides.first_name ?? 'Ada',
      last_name: overrides.last_name ?? `Golfer${sequence}`,
      verified_at: overrides.verified === false ? null : new Date(),
      is_coach: overrides.is_coach ?? false,
      sub_id: overrides.sub_id ?? null,
      level: overrides.level ?? null,
      ...(overrides.benchmark ? { benchmark: overrides.benchmark } : {}),
    })
    .returning();
  if (!row) throw new Error('buildUser inserted nothing');
  return { uid: row.uid, email, password: password ?? '' };
}

export async function buildSubscription(
  db: Database,
  values: { purchaser: number; level?: SubscriptionLevel; status?: string; has_branding?: boolean; source?: string },
): Promise<number> {
  const [row] = await db
    .insert(subscriptions)
    .values({ level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'ACTIVE', source: 'STRIPE', ...values })
    .returning({ sub_id: subscriptions.sub_id });
  if (!row) throw new Error('buildSubscription inserted nothing');
  await db.update(users).set({ sub_id: row.sub_id }).where(eq(users.uid, values.purchaser));
  return row.sub_id;
}

export async function buildOrg(
  db: Database,
  values: { name?: string; sub_id?: number | null; members: Array<{ uid: number; is_coach?: boolean; seat?: 'COACH' | 'PREMIUM' | null }> },
): Promise<number> {
  const [row] = await db
    .insert(orgs)
    .values({ name: values.name ?? `Golf Club ${++sequence}`, sub_id: values.sub_id ?? null })
    .returning({ org_id: orgs.org_id });
  if (!row) throw new Error('buildOrg inserted nothing');
  if (values.members.length > 0) {
    await db
      .insert(orgMembers)
      .values(values.members.map((m) => ({ org_id: row.org_id, uid: m.uid, is_coach: m.is_coach ?? false, seat: m.seat ?? null })));
  }
  return row.org_id;
}

export async function buildNotification(db: Database, values: { uid: number; opened?: boolean; title?: string }): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      uid: values.uid,
      type: 'EVENT_SHARED',
      title: values.title ?? 'A lesson was shared with you',
      opened_at: values.opened ? new Date() : null,
    })
    .returning({ notify_id: notifications.notify_id });
  if (!row) throw new Error('buildNotification inserted nothing');
  return row.notify_id;
}

/** Logs a built user in through the API and returns the bearer token. */
export async function loginAs(server: TestServer, user: BuiltUser): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/v4/account/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A live bearer token made straight in the database (for accounts with no password to log in with). */
export async function issueTokenFor(server: TestServer, uid: number, userAgent?: string): Promise<string> {
  return new AuthRepository(server.db, server.clock.now).issueToken(uid, userAgent);
}

/** A built user (first name Ada unless given, last name Golfer), logged in through the API: the user and its bearer token. */
export async function signedInUser(
  server: TestServer,
  over: { first_name?: string; is_coach?: boolean; email?: string } = {},
): Promise<BuiltUser & { token: string }> {
  const user = await buildUser(server.db, {
    first_name: over.first_name ?? 'Ada',
    last_name: 'Golfer',
    is_coach: over.is_coach ?? false,
    ...(over.email ? { email: over.email } : {}),
  });
  return { ...user, token: await loginAs(server, user) };
}

/**
 * Makes `sharer` know each of `others`, as a user may only share with people they know: each of the
 * others shares an empty drill folder with the sharer ("someone who shared with you"). The folder
 * holds no drills, so it changes what nobody sees but the folder list; it only makes the sharer's
 * shares to them legal.
 */
export async function acquaint(db: Database, sharer: number, others: readonly number[]): Promise<void> {
  for (const other of others) {
    if (other === sharer) continue;
    const [folder] = await db
      .insert(folders)
      .values({ uid: other, name: `Acquaintance ${++sequence}` })
      .returning({ folder_id: folders.folder_id });
    if (!folder) throw new Error('acquaint inserted no folder');
    await db.insert(folderUserShares).values({ folder_id: folder.folder_id, uid: sharer, permissions: 0 });
  }
}

/**
 * Runs `share` while `uid` is a member of `orgId`, then deletes that membership row again (unless they
 * were a member already), leaving items shared into an organisation their owner is no longer in, as
 * shares made before sharing needed membership may be. A user may only share into an organisation
 * they belong to; a test whose expectations need the owner outside the organisation when the item is
 * read (SHARE_TEAM and SHARE_COACHES reach the owner's organisations) shares this way. Leaving through
 * GET /orgs/leave is not the same: it also withdraws the leaver's event and tag shares into it.
 */
export async function asFormerMember<T>(db: Database, uid: number, orgId: number, share: () => Promise<T>): Promise<T> {
  const joined = await db.insert(orgMembers).values({ org_id: orgId, uid }).onConflictDoNothing().returning({ uid: orgMembers.uid });
  try {
    return await share();
  } finally {
    if (joined.length > 0) await db.delete(orgMembers).where(and(eq(orgMembers.org_id, orgId), eq(orgMembers.uid, uid)));
  }
}
