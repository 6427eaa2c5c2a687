import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  codes,
  devices,
  events,
  notifications,
  orgMembers,
  orgs,
  settings,
  subscriptions,
  tags,
  tokens,
  users,
  type UserRow,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { CodeWrite, EmailCodeUse } from '../auth/auth.module.ts';

export type SavedSettingsRow = typeof settings.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface ProfileChange {
  first_name: string;
  last_name: string;
  level: string | null;
  benchmark: string;
}

/** The only database code of the account feature: the user's profile, settings, subscription and deletion. */
export class AccountRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /**
   * Saves the profile; with `newEmail`, also records the address waiting for its code and stores
   * that code (replacing an earlier one), in the same transaction. The e-mail itself is unchanged.
   */
  async updateProfile(
    uid: number,
    change: ProfileChange,
    newEmail: { email: string; storeCode: CodeWrite } | null,
  ): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...change, ...(newEmail ? { pending_email: newEmail.email } : {}) })
        .where(eq(users.uid, uid))
        .returning();
      if (row && newEmail) await newEmail.storeCode(tx);
      return row;
    });
  }

  /**
   * Uses an e-mail change code and makes the address it was issued for the account's, in one
   * transaction: the new row; undefined when the code does not match; 'taken' when another account
   * got the address while the code was on the way (then nothing changes and the code stays unused).
   */
  async confirmEmail(uid: number, useCode: EmailCodeUse): Promise<UserRow | 'taken' | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const targetEmail = await useCode(tx);
        if (!targetEmail) return undefined;
        const [row] = await tx.update(users).set({ email: targetEmail, pending_email: null }).where(eq(users.uid, uid)).returning();
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
  }

  async emailTakenByOther(email: string, uid: number): Promise<boolean> {
    const [row] = await this.db
      .select({ uid: users.uid })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.uid, uid)));
    return row !== undefined;
  }

  // --- settings, organisations, subscription --------------------------------------------------

  /** A user's row by id, or undefined when there is no such user (deleted). */
  async findUser(uid: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.uid, uid));
    return row;
  }

  async findSettings(uid: number): Promise<SavedSettingsRow | undefined> {
    const [row] = await this.db.select().from(settings).where(eq(settings.uid, uid));
    return row;
  }

  /** Saves settings; with `endSetup`, the first-run Set up is over too, in the same transaction. */
  async saveSettings(uid: number, endSetup: boolean, change: Partial<Omit<SavedSettingsRow, 'uid'>>): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (endSetup) await tx.update(users).set({ setup_pending: false }).where(eq(users.uid, uid));
      if (Object.keys(change).length === 0) {
        await tx.insert(settings).values({ uid }).onConflictDoNothing();
        return;
      }
      // notify is merged in SQL (the saved types the change leaves out stay), so an unsubscribe at the same moment is not lost.
      const set =
        change.notify === undefined ? change : { ...change, notify: sql`coalesce(${settings.notify}, '{}'::jsonb) || excluded.notify` };
      await tx
        .insert(settings)
        .values({ uid, ...change })
        .onConflictDoUpdate({ target: settings.uid, set });
    });
  }

  /** The seat the user holds in an organisation carrying this subscription, if any. */
  async seatOn(uid: number, subId: number): Promise<'COACH' | 'PREMIUM' | null> {
    const [row] = await this.db
      .select({ seat: orgMembers.seat })
      .from(orgMembers)
      .innerJoin(orgs, eq(orgs.org_id, orgMembers.org_id))
      .where(and(eq(orgMembers.uid, uid), eq(orgs.sub_id, subId), inArray(orgMembers.seat, ['COACH', 'PREMIUM'])))
      .orderBy(orgMembers.seat);
    return row?.seat === 'COACH' || row?.seat === 'PREMIUM' ? row.seat : null;
  }

  async findSubscription(subId: number): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.sub_id, subId));
    return row;
  }

  /**
   * Deletes an account: its devices first (no more pushes to a deleted user), then its events (with
   * their rounds, shares and tags) and tags, its tokens, codes, settings, notifications and
   * memberships, then the user, in one transaction. Rows of other users are never touched;
   * subscriptions and organisations stay for their other members.
   */
  async deleteAccount(uid: number, guard?: (tx: Database, uid: number) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The user row locked first: a purchase landing meanwhile waits, and the guard sees it.
      await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
      await guard?.(tx, uid);
      await tx.delete(devices).where(eq(devices.uid, uid));
      // Their events go with their rounds, shares, tags and links (cascades); then their tags.
      await tx.delete(events).where(eq(events.uid, uid));
      await tx.delete(tags).where(eq(tags.uid, uid));
      await tx.delete(tokens).where(eq(tokens.uid, uid));
      await tx.delete(codes).where(eq(codes.uid, uid));
      await tx.delete(settings).where(eq(settings.uid, uid));
      await tx.delete(notifications).where(eq(notifications.uid, uid));
      await tx.delete(orgMembers).where(eq(orgMembers.uid, uid));
      await tx.delete(users).where(eq(users.uid, uid));
    });
  }
}
