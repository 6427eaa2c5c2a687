import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { codes, tokens, users, type CodePurpose, type UserRow } from '../../db/schema/index.ts';
import { newBearerToken, sha256Hex } from '../../lib/secrets.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_LIFETIME_MS, SESSION_TOUCH_INTERVAL_MS } from './auth.policy.ts';
import type { ResolvedToken, TokenStore } from './caller.ts';

export type SessionRow = Pick<typeof tokens.$inferSelect, 'token_id' | 'created_at' | 'last_used_at' | 'user_agent'>;

/**
 * What a registration did: a new account, a never-verified one given new details, nothing for a
 * verified address, or nothing because a concurrent registration of the same new address won.
 */
export type RegistrationOutcome = 'created' | 'replaced' | 'taken' | 'raced';

/** The longest user agent kept: enough to name a browser and device. */
const USER_AGENT_MAX = 256;

/** A token that may still be used: not revoked, used within 30 days, signed in within 180. */
function liveToken(now: Date) {
  return and(
    isNull(tokens.revoked_at),
    gt(tokens.last_used_at, new Date(now.getTime() - SESSION_IDLE_LIFETIME_MS)),
    gt(tokens.created_at, new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS)),
  );
}

/**
 * The statement behind resolve, built once: it runs on every authenticated request, and building
 * drizzle's SQL each time cost a quarter of the CPU of a simple read. The conditions are liveToken's.
 */
function prepareResolve(db: Database) {
  return db
    .select({ token_id: tokens.token_id, last_used_at: tokens.last_used_at, user: users })
    .from(tokens)
    .innerJoin(users, eq(users.uid, tokens.uid))
    .where(
      and(
        eq(tokens.token_hash, sql.placeholder('hash')),
        isNull(tokens.revoked_at),
        gt(tokens.last_used_at, sql.placeholder('idleSince')),
        gt(tokens.created_at, sql.placeholder('signedInSince')),
      ),
    )
    .prepare('resolve_token');
}

/**
 * The only database code of signing in: bearer tokens and sessions, one-time codes, and the
 * password and verification of a user row (the rest of the row is the account module's).
 */
export class AuthRepository implements TokenStore {
  private readonly resolveStatement: ReturnType<typeof prepareResolve>;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {
    this.resolveStatement = prepareResolve(db);
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row;
  }

  /**
   * A registration in one transaction: a new unverified user with its code; or, for an address
   * whose registration was never verified, the new password and names with a new code (earlier
   * codes stop working); or nothing, for an address that belongs to a verified account ('taken').
   * The row of an existing address is locked, so two registrations of it run one after the other;
   * two of a new address at once insert the same e-mail, and the one that loses writes nothing ('raced').
   */
  async registerPending(
    values: { email: string; password_hash: string; first_name: string; last_name: string; registration_ticket_hash: string },
    codeFor: (uid: number) => { hash: string; expiresAt: Date },
  ): Promise<RegistrationOutcome> {
    try {
      return await this.db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${values.email.toLowerCase()}`)
          .for('update');
        if (existing?.verified_at) return 'taken';
        let uid: number;
        if (existing) {
          await tx
            .update(users)
            .set({
              password_hash: values.password_hash,
              first_name: values.first_name,
              last_name: values.last_name,
              registration_ticket_hash: values.registration_ticket_hash,
              setup_pending: true,
            })
            .where(eq(users.uid, existing.uid));
          uid = existing.uid;
        } else {
          // A new account is asked for its level, benchmark and units once, after verification.
          const [created] = await tx
            .insert(users)
            .values({ ...values, setup_pending: true })
            .returning({ uid: users.uid });
          if (!created) throw new Error('insert into users returned no row');
          uid = created.uid;
        }
        const code = codeFor(uid);
        await this.replaceCode(uid, 'verify', code.hash, code.expiresAt, tx);
        return existing ? 'replaced' : 'created';
      });
    } catch (err) {
      if (isUniqueViolation(err)) return 'raced';
      throw err;
    }
  }

  /**
   * Uses a verification code and marks the account verified, in one transaction. With the ticket
   * of the registration the code belongs to (its hash), it also issues a session for that browser;
   * the ticket is then spent, so it signs in once. Answers null when the code is wrong, used or
   * expired (nothing changes), otherwise the token, or null token when no ticket matched.
   */
  async verifyWithCode(
    uid: number,
    hash: string,
    ticketHash: string | undefined,
    userAgent: string | undefined,
  ): Promise<{ token: string | null } | null> {
    return this.db.transaction(async (tx) => {
      if (!(await this.consumeCode(uid, 'verify', hash, tx))) return null;
      const [row] = await tx.select({ ticket: users.registration_ticket_hash }).from(users).where(eq(users.uid, uid)).for('update');
      await tx
        .update(users)
        .set({ verified_at: sql`coalesce(${users.verified_at}, ${this.clock()})`, registration_ticket_hash: null })
        .where(eq(users.uid, uid));
      const matches = ticketHash !== undefined && typeof row?.ticket === 'string' && row.ticket === ticketHash;
      return { token: matches ? await this.issueToken(uid, userAgent, tx) : null };
    });
  }

  /** Sets a new password and ends every other session of the user, in one transaction. */
  async replacePassword(uid: number, passwordHash: string, keepTokenId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.uid, uid));
      await tx
        .update(tokens)
        .set({ revoked_at: this.clock() })
        .where(and(eq(tokens.uid, uid), isNull(tokens.revoked_at), ne(tokens.token_id, keepTokenId)));
    });
  }

  // --- one-time codes -------------------------------------------------------------------------

  /**
   * Stores a new code; earlier unused codes of the same purpose stop working (only the newest mail
   * counts). With `db`, inside that transaction; otherwise in a transaction of its own.
   */
  async replaceCode(uid: number, purpose: CodePurpose, hash: string, expiresAt: Date, db?: Database, targetEmail?: string): Promise<void> {
    const write = async (tx: Database) => {
      await tx.delete(codes).where(and(eq(codes.uid, uid), eq(codes.purpose, purpose), isNull(codes.used_at)));
      await tx
        .insert(codes)
        .values({ uid, purpose, code_hash: hash, target_email: targetEmail ?? null, created_at: this.clock(), expires_at: expiresAt });
    };
    await (db ? write(db) : this.db.transaction(write));
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
      .where(
        and(eq(codes.uid, uid), eq(codes.purpose, purpose), eq(codes.code_hash, hash), isNull(codes.used_at), gt(codes.expires_at, now)),
      )
      .returning({ code_id: codes.code_id });
    return used.length > 0;
  }

  /**
   * Uses a matching, unexpired, unused e-mail change code in one statement, inside the caller's
   * transaction: the address it was issued for, or undefined when the code does not match.
   */
  async consumeEmailCode(uid: number, hash: string, db: Database): Promise<string | undefined> {
    const now = this.clock();
    const [used] = await db
      .update(codes)
      .set({ used_at: now })
      .where(
        and(eq(codes.uid, uid), eq(codes.purpose, 'email'), eq(codes.code_hash, hash), isNull(codes.used_at), gt(codes.expires_at, now)),
      )
      .returning({ target_email: codes.target_email });
    return used?.target_email ? used.target_email : undefined;
  }

  /**
   * Sets the first password of an account that has none with a 'password' code, in one
   * transaction: the code is used, the password set, and every other session ended. 'bad_code' when
   * the code is wrong, used or expired (nothing changes); 'has_password' when a password was set
   * meanwhile (the code is not used).
   */
  async setFirstPasswordWithCode(
    uid: number,
    hash: string,
    passwordHash: string,
    keepTokenId: number,
  ): Promise<'set' | 'bad_code' | 'has_password'> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select({ password_hash: users.password_hash }).from(users).where(eq(users.uid, uid)).for('update');
      if (user?.password_hash) return 'has_password';
      if (!(await this.consumeCode(uid, 'password', hash, tx))) return 'bad_code';
      await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.uid, uid));
      await tx
        .update(tokens)
        .set({ revoked_at: this.clock() })
        .where(and(eq(tokens.uid, uid), isNull(tokens.revoked_at), ne(tokens.token_id, keepTokenId)));
      return 'set';
    });
  }

  /** Completes a password reset atomically: the code, the new password, verification, and revoking every session. */
  async resetPasswordWithCode(uid: number, codeHashValue: string, passwordHash: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const consumed = await this.consumeCode(uid, 'reset', codeHashValue, tx);
      if (!consumed) return false;
      const now = this.clock();
      await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.uid, uid));
      await tx
        .update(users)
        .set({ verified_at: now })
        .where(and(eq(users.uid, uid), isNull(users.verified_at)));
      await tx
        .update(tokens)
        .set({ revoked_at: now })
        .where(and(eq(tokens.uid, uid), isNull(tokens.revoked_at)));
      return true;
    });
  }

  // --- bearer tokens and sessions -------------------------------------------------------------

  /** Issues a new token for the user on this device; returns the token itself, which is never stored. */
  async issueToken(uid: number, userAgent?: string, db: Database = this.db): Promise<string> {
    const token = newBearerToken();
    const now = this.clock();
    await db.insert(tokens).values({
      uid,
      token_hash: sha256Hex(token),
      created_at: now,
      last_used_at: now,
      user_agent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    return token;
  }

  /**
   * The caller behind a live token, with the user row, in one SELECT: a read never writes. The
   * token is stale when its last use was recorded more than 10 minutes ago; the auth hook then
   * touches it without waiting.
   */
  async resolve(token: string): Promise<ResolvedToken | null> {
    const now = this.clock();
    const [row] = await this.resolveStatement.execute({
      hash: sha256Hex(token),
      idleSince: new Date(now.getTime() - SESSION_IDLE_LIFETIME_MS),
      signedInSince: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
    });
    if (!row) return null;
    return {
      caller: { uid: row.user.uid, tokenId: row.token_id, user: row.user },
      stale: now.getTime() - row.last_used_at.getTime() > SESSION_TOUCH_INTERVAL_MS,
    };
  }

  /** Records a use of the token (idle expiry counts from here); a no-op when another request just did. */
  async touch(tokenId: number): Promise<void> {
    const now = this.clock();
    await this.db
      .update(tokens)
      .set({ last_used_at: now })
      .where(and(eq(tokens.token_id, tokenId), lt(tokens.last_used_at, new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS))));
  }

  /** The user's live sessions, most recently used first. */
  async liveSessions(uid: number): Promise<SessionRow[]> {
    return this.db
      .select({
        token_id: tokens.token_id,
        created_at: tokens.created_at,
        last_used_at: tokens.last_used_at,
        user_agent: tokens.user_agent,
      })
      .from(tokens)
      .where(and(eq(tokens.uid, uid), liveToken(this.clock())))
      .orderBy(desc(tokens.last_used_at), desc(tokens.token_id));
  }

  /** Ends one live session of the user; false when it is not theirs or already over. */
  async revokeSession(uid: number, tokenId: number): Promise<boolean> {
    const ended = await this.db
      .update(tokens)
      .set({ revoked_at: this.clock() })
      .where(and(eq(tokens.token_id, tokenId), eq(tokens.uid, uid), liveToken(this.clock())))
      .returning({ token_id: tokens.token_id });
    return ended.length > 0;
  }

  async revokeToken(tokenId: number): Promise<void> {
    await this.db
      .update(tokens)
      .set({ revoked_at: this.clock() })
      .where(and(eq(tokens.token_id, tokenId), isNull(tokens.revoked_at)));
  }
}
