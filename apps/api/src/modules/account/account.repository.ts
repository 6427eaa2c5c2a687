import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  codes,
  devices,
  notifications,
  orgMembers,
  settings,
  subscriptions,
  tokens,
  users,
  type CodePurpose,
  type UserRow,
} from '../../db/schema/index.ts';
import { newBearerToken, sha256Hex } from '../../lib/secrets.ts';
import type { Caller } from '../../plugins/auth.ts';

/** A bearer token not used for 90 days stops working (sliding expiry: every use renews it). */
export const TOKEN_IDLE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/** Resolves, issues and revokes bearer tokens. */
export interface TokenStore {
  resolve(token: string): Promise<Caller | null>;
}

/** True when a database error (possibly wrapped by drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && (current as { code: unknown }).code === '23505') return true;
    current = 'cause' in current ? (current as { cause: unknown }).cause : undefined;
  }
  return false;
}

export type SavedSettingsRow = typeof settings.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface ProfileChange {
  email: string;
  first_name: string;
  last_name: string;
  level: string | null;
  benchmark: string;
}

/** The only database code of the account feature. */
export class AccountRepository implements TokenStore {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row;
  }

  async findUserById(uid: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.uid, uid));
    return row;
  }

  async createUser(values: { email: string; password_hash: string; first_name: string; last_name: string }): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    if (!row) throw new Error('insert into users returned no row');
    return row;
  }

  /** Replaces the password and names of a registration that was never verified. */
  async replacePendingRegistration(uid: number, values: { password_hash: string; first_name: string; last_name: string }): Promise<void> {
    await this.db.update(users).set(values).where(and(eq(users.uid, uid), isNull(users.verified_at)));
  }

  async markVerified(uid: number): Promise<void> {
    await this.db.update(users).set({ verified_at: this.clock() }).where(and(eq(users.uid, uid), isNull(users.verified_at)));
  }

  async updateProfile(uid: number, change: ProfileChange): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(change).where(eq(users.uid, uid)).returning();
    return row;
  }

  async emailTakenByOther(email: string, uid: number): Promise<boolean> {
    const [row] = await this.db
      .select({ uid: users.uid })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.uid, uid)));
    return row !== undefined;
  }

  async setPasswordHash(uid: number, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ password_hash: passwordHash }).where(eq(users.uid, uid));
  }

  // --- one-time codes -------------------------------------------------------------------------

  /** Stores a new code; earlier unused codes of the same purpose stop working (only the newest mail counts). */
  async replaceCode(uid: number, purpose: CodePurpose, hash: string, expiresAt: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(codes).where(and(eq(codes.uid, uid), eq(codes.purpose, purpose), isNull(codes.used_at)));
      await tx.insert(codes).values({ uid, purpose, code_hash: hash, created_at: this.clock(), expires_at: expiresAt });
    });
  }

  /**
   * Marks a matching, unexpired, unused code as used, in one statement so two concurrent requests
   * cannot both use it. Returns whether a code was consumed.
   */
  async consumeCode(uid: number, purpose: CodePurpose, hash: string, db: Database = this.db): Promise<boolean> {
    const now = this.clock();
    const used = await db
      .update(codes)
      .set({ used_at: now })
      .where(and(eq(codes.uid, uid), eq(codes.purpose, purpose), eq(codes.code_hash, hash), isNull(codes.used_at), gt(codes.expires_at, now)))
      .returning({ code_id: codes.code_id });
    return used.length > 0;
  }

  /** Completes a password reset atomically: the code, the new password, verification, and revoking every session. */
  async resetPasswordWithCode(uid: number, codeHashValue: string, passwordHash: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const consumed = await this.consumeCode(uid, 'reset', codeHashValue, tx);
      if (!consumed) return false;
      const now = this.clock();
      await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.uid, uid));
      await tx.update(users).set({ verified_at: now }).where(and(eq(users.uid, uid), isNull(users.verified_at)));
      await tx.update(tokens).set({ revoked_at: now }).where(and(eq(tokens.uid, uid), isNull(tokens.revoked_at)));
      return true;
    });
  }

  // --- bearer tokens --------------------------------------------------------------------------

  /** Issues a new token for the user; returns the token itself, which is never stored. */
  async issueToken(uid: number): Promise<string> {
    const token = newBearerToken();
    await this.db.insert(tokens).values({ uid, token_hash: sha256Hex(token), created_at: this.clock() });
    return token;
  }

  /**
   * The caller behind a live token, marking it used. A token left unused for TOKEN_IDLE_LIFETIME_MS
   * is dead: a lost phone or a forgotten browser does not stay signed in for ever.
   */
  async resolve(token: string): Promise<Caller | null> {
    const now = this.clock();
    const idleSince = new Date(now.getTime() - TOKEN_IDLE_LIFETIME_MS);
    const [row] = await this.db
      .update(tokens)
      .set({ last_used_at: now })
      .where(
        and(
          eq(tokens.token_hash, sha256Hex(token)),
          isNull(tokens.revoked_at),
          gt(sql`coalesce(${tokens.last_used_at}, ${tokens.created_at})`, idleSince),
        ),
      )
      .returning({ token_id: tokens.token_id, uid: tokens.uid });
    return row ? { uid: row.uid, tokenId: row.token_id } : null;
  }

  async revokeToken(tokenId: number): Promise<void> {
    await this.db.update(tokens).set({ revoked_at: this.clock() }).where(and(eq(tokens.token_id, tokenId), isNull(tokens.revoked_at)));
  }

  /** Revokes every live token of the user except `keepTokenId`. */
  async revokeOtherTokens(uid: number, keepTokenId: number): Promise<void> {
    await this.db
      .update(tokens)
      .set({ revoked_at: this.clock() })
      .where(and(eq(tokens.uid, uid), isNull(tokens.revoked_at), ne(tokens.token_id, keepTokenId)));
  }

  // --- settings, organisations, subscription --------------------------------------------------

  async findSettings(uid: number): Promise<SavedSettingsRow | undefined> {
    const [row] = await this.db.select().from(settings).where(eq(settings.uid, uid));
    return row;
  }

  async saveSettings(uid: number, change: Partial<Omit<SavedSettingsRow, 'uid'>>): Promise<void> {
    if (Object.keys(change).length === 0) {
      await this.db.insert(settings).values({ uid }).onConflictDoNothing();
      return;
    }
    await this.db
      .insert(settings)
      .values({ uid, ...change })
      .onConflictDoUpdate({ target: settings.uid, set: change });
  }

  async orgIdsOf(uid: number): Promise<number[]> {
    const rows = await this.db.select({ org_id: orgMembers.org_id }).from(orgMembers).where(eq(orgMembers.uid, uid)).orderBy(orgMembers.org_id);
    return rows.map((r) => r.org_id);
  }

  async findSubscription(subId: number): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.sub_id, subId));
    return row;
  }

  /**
   * Deletes an account: its devices first (no more pushes to a deleted user), then its tokens,
   * codes, settings, notifications and memberships, then the user, in one transaction. Rows of
   * other users are never touched; subscriptions and organisations stay for their other members.
   */
  async deleteAccount(uid: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(devices).where(eq(devices.uid, uid));
      await tx.delete(tokens).where(eq(tokens.uid, uid));
      await tx.delete(codes).where(eq(codes.uid, uid));
      await tx.delete(settings).where(eq(settings.uid, uid));
      await tx.delete(notifications).where(eq(notifications.uid, uid));
      await tx.delete(orgMembers).where(eq(orgMembers.uid, uid));
      await tx.delete(users).where(eq(users.uid, uid));
    });
  }
}
