import type { Database } from '../../db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import {
  BENCHMARK_LEVELS,
  DEFAULT_THEME_INDEX,
  DEFAULT_UNITS,
  PAYMENT_SOURCES,
  PLAYER_LEVELS,
  SEAT_LEVEL_VALUES,
  SUBSCRIPTION_LEVELS,
  SUBSCRIPTION_STATUSES,
  UNITS_PAIR_NAMES,
  effectiveDefaultShares,
  type BenchmarkLevel,
  type Shares,
  type PlayerLevel,
  type SubscriptionLevel,
  type UnitsPair,
} from '@holeout/golf';
import { REGISTRATION_UID, resolveNotify, type Person } from '@holeout/contracts';
import type {
  AccountSession,
  CustomSgSettings,
  LoginBody,
  LoginResponse,
  PasswordResetBody,
  Settings,
  SettingsUpdate,
  SubscriptionBody,
  UpdateAccountBody,
  UpdatePasswordBody,
  User,
} from '@holeout/contracts';
import { judgePassword } from '@holeout/contracts/password-strength';
import type { CodePurpose, UserRow } from '../../db/schema/index.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { ApiError, notFound, tooManyAttempts, unauthorized } from '../../lib/api-error.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimit, RateLimiter } from '../../lib/rate-limiter.ts';
import { codeHash, newSixDigitCode } from '../../lib/secrets.ts';
import type { Caller } from '../../plugins/auth.ts';
import {
  isUniqueViolation,
  type AccountRepository,
  type SavedSettingsRow,
  type SessionRow,
  type SubscriptionRow,
} from './account.repository.ts';
import { accountMails } from './account.mails.ts';
import { CODE_LIFETIME_MS, limitKeys, sessionExpiry, type AccountRateLimits } from './account.policy.ts';

export interface AccountServiceDeps {
  repository: AccountRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AccountRateLimits;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** How long an attempt waits for others in flight before giving up with 429; tests shorten it. */
  maxAttemptWaitMs?: number;
  /** The people the user shares an organisation or an item with (GET /people): a team view's group is chosen from them. */
  knownPeople: (caller: Caller) => Promise<Person[]>;
  /** Refuses a deletion inside its transaction (throws): the purchaser of an active organisation subscription. */
  beforeDelete?: (tx: Database, uid: number) => Promise<void>;
}

type Check = readonly [string, RateLimit];

const includes = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  value !== null && value !== undefined && (list as readonly string[]).includes(value);

/** The user as the API shows it (spec section 3). */
export function toUserBody(row: UserRow): User {
  return {
    uid: row.uid,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    level: includes<PlayerLevel>(PLAYER_LEVELS, row.level) ? row.level : null,
    benchmark: includes<BenchmarkLevel>(BENCHMARK_LEVELS, row.benchmark) ? row.benchmark : 'NINETY',
    is_coach: row.is_coach,
    sub_id: row.sub_id,
    has_password: row.password_hash !== null,
    pending_email: row.pending_email,
  };
}

/** A subscription row as GET /account/subscription answers it (an unknown status reads INVALID, an unknown source OTHER). */
export function toSubscriptionBody(row: SubscriptionRow): SubscriptionBody {
  return {
    sub_id: row.sub_id,
    level: row.level as SubscriptionLevel,
    has_branding: row.has_branding,
    status: includes(SUBSCRIPTION_STATUSES, row.status) ? row.status : 'INVALID',
    purchaser: row.purchaser,
    source: includes(PAYMENT_SOURCES, row.source) ? row.source : 'OTHER',
  };
}

const NOT_VERIFIED_MESSAGE = 'Please verify your e-mail address first: enter the 6-digit code we sent you.';
const INVALID_CODE_MESSAGE = 'The code is wrong or has expired. Ask for a new code and try again.';
const EMAIL_TAKEN_MESSAGE = 'Another account already uses this e-mail address.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 400 that names one body field, in the shape of the schema validation errors. */
function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', `${field}: ${message}`, [{ field, message, in: 'body' }]);
}

function toSessionBody(row: SessionRow, currentTokenId: number): AccountSession {
  return {
    token_id: row.token_id,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    expires_at: sessionExpiry(row.created_at, row.last_used_at).toISOString(),
    user_agent: row.user_agent,
    current: row.token_id === currentTokenId,
  };
}

/** The business rules of accounts: registration, verification, sign-in, sessions, profile, settings. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  // --- failure limits -------------------------------------------------------------------------

  /**
   * Checks a password or code under failure limits. The attempt holds a place in each limit while
   * it is checked, so a burst of concurrent guesses cannot pass the limit; a limit whose failures
   * are used up answers 429; one filled only by attempts still in flight makes this one wait for
   * them, so a right password or code is never refused because of requests in flight. Only a
   * failed attempt counts.
   */
  private async attempt<T>(
    checks: readonly Check[],
    run: () => Promise<{ ok: true; value: T } | { ok: false; error: ApiError }>,
  ): Promise<T> {
    const giveUpAt = Date.now() + (this.deps.maxAttemptWaitMs ?? 15_000);
    for (let waited = 0; ; waited += 1) {
      const reservation = await this.deps.limiter.reserve(checks);
      if (reservation.kind === 'locked' || (reservation.kind === 'busy' && Date.now() >= giveUpAt)) {
        throw tooManyAttempts(Math.max(1, Math.ceil(this.deps.limiter.msUntilReset(reservation.limit) / 60_000)));
      }
      if (reservation.kind === 'busy') {
        // Back off (15 ms doubling to 250 ms, jittered): waiters polling every few milliseconds kept
        // the embedded database so busy that the attempts they waited for could not finish.
        await sleep(Math.min(250, 15 * 2 ** waited) * (0.5 + Math.random()));
        continue;
      }
      let failed = false;
      try {
        const outcome = await run();
        if (outcome.ok) return outcome.value;
        failed = true;
        throw outcome.error;
      } finally {
        await this.deps.limiter.settle(reservation.holdIds, checks, failed);
      }
    }
  }

  /** Counts a mail-sending request; refuses once the e-mail or the address has had its share. */
  private async countMailRequest(email: string, ip: string): Promise<void> {
    const { mailsPerAccount, mailsPerAddress } = this.deps.limits;
    for (const [key, limit] of [
      [limitKeys.mailAccount(email), mailsPerAccount],
      [limitKeys.mailAddress(ip), mailsPerAddress],
    ] as const) {
      if ((await this.deps.limiter.hit(key, limit)) > limit.max) {
        throw tooManyAttempts(Math.max(1, Math.ceil(this.deps.limiter.msUntilReset(limit) / 60_000)));
      }
    }
  }

  private codeChecks(email: string, ip: string): Check[] {
    return [
      [limitKeys.codeAccount(email), this.deps.limits.failuresPerAccount],
      [limitKeys.codeAddress(ip), this.deps.limits.failuresPerAddress],
    ];
  }

  /** Refuses a new password that is short or easy to guess (zxcvbn score below 3), saying why. */
  private requireStrongPassword(password: string, field: string, personal: readonly string[]): void {
    const strength = judgePassword(password, personal);
    if (!strength.acceptable) throw fieldError(field, strength.message);
  }

  // --- mail -----------------------------------------------------------------------------------

  private newCode(uid: number, purpose: CodePurpose): { code: string; hash: string; expiresAt: Date } {
    const code = newSixDigitCode();
    return { code, hash: codeHash(uid, purpose, code), expiresAt: new Date(this.deps.clock().getTime() + CODE_LIFETIME_MS) };
  }

  /**
   * Sends after the answer has gone, so the answer's timing does not depend on the mail server (nor
   * on what the mail says). A failure is logged without the address; the user can ask again.
   */
  private sendInBackground(message: MailMessage | Promise<MailMessage | null>): void {
    void (async () => {
      const mail = await message;
      if (mail) await this.deps.mailer.send(mail);
    })().catch((err: unknown) => this.deps.log.error({ err }, 'sending a mail failed'));
  }

  /**
   * Finds the account, issues a code and mails it after the answer has gone: the answer then takes
   * the same time whether or not the e-mail has an account (and whether it is verified).
   */
  private mailCodeInBackground(email: string, purpose: 'verify' | 'reset', wants: (user: UserRow) => boolean): void {
    this.sendInBackground(
      (async () => {
        const user = await this.deps.repository.findUserByEmail(email);
        if (!user || !wants(user)) return null;
        const issued = this.newCode(user.uid, purpose);
        await this.deps.repository.replaceCode(user.uid, purpose, issued.hash, issued.expiresAt);
        return purpose === 'verify' ? accountMails.verifyCode(user.email, issued.code) : accountMails.resetCode(user.email, issued.code);
      })(),
    );
  }

  // --- registration and codes -----------------------------------------------------------------

  /**
   * Registers an unverified account and mails a verification code, in one transaction (the user
   * and its code, or neither). The answer is the same, in the same time, whether or not the
   * address is free: the password is hashed either way, the mail goes after the answer, and the
   * owner of a verified address gets a mail saying someone tried to register it. An address with
   * a registration that was never verified is registered again: the new password and names
   * replace the pending ones and only the new code works, so whoever registered someone else's
   * address first cannot keep it.
   */
  async register(input: { email: string; password: string; first_name: string; last_name: string }, ip: string): Promise<{ uid: number }> {
    this.requireStrongPassword(input.password, 'password', [input.email, input.first_name, input.last_name]);
    await this.countMailRequest(input.email, ip);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const code = newSixDigitCode();
    try {
      const outcome = await this.deps.repository.registerPending(
        { email: input.email, password_hash: passwordHash, first_name: input.first_name, last_name: input.last_name },
        (uid) => ({ hash: codeHash(uid, 'verify', code), expiresAt: new Date(this.deps.clock().getTime() + CODE_LIFETIME_MS) }),
      );
      this.sendInBackground(
        outcome === 'taken' ? accountMails.registrationAttempt(input.email) : accountMails.verifyCode(input.email, code),
      );
    } catch (err) {
      // Two registrations of one new address at once: the other one has it; answer the same.
      if (!isUniqueViolation(err)) throw err;
    }
    return { uid: REGISTRATION_UID };
  }

  /** Confirms the e-mail with the mailed code. */
  async verify(email: string, code: string, ip: string): Promise<{ uid: number }> {
    return this.attempt(this.codeChecks(email, ip), async () => {
      const user = await this.deps.repository.findUserByEmail(email);
      const verified = user ? await this.deps.repository.verifyWithCode(user.uid, codeHash(user.uid, 'verify', code)) : false;
      if (!user || !verified) return { ok: false, error: new ApiError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE) };
      return { ok: true, value: { uid: user.uid } };
    });
  }

  /** Mails a fresh verification code to an unverified account; the answer is the same for any e-mail. */
  async regenerateCode(email: string, ip: string): Promise<void> {
    await this.countMailRequest(email, ip);
    this.mailCodeInBackground(email, 'verify', (user) => !user.verified_at);
  }

  /** Mails a password reset code; the answer is the same for any e-mail. */
  async forgotPassword(email: string, ip: string): Promise<void> {
    await this.countMailRequest(email, ip);
    this.mailCodeInBackground(email, 'reset', () => true);
  }

  /** Sets a new password with a reset code; proves the e-mail too, ends every session, and mails a notice. */
  async resetPassword(input: PasswordResetBody, ip: string): Promise<void> {
    this.requireStrongPassword(input.password, 'password', [input.email]);
    await this.attempt(this.codeChecks(input.email, ip), async () => {
      // Inside the limit, so a locked-out guesser cannot make the server hash for nothing; before the
      // transaction, because argon2 is slow and must not hold database locks.
      const passwordHash = await this.deps.hasher.hash(input.password);
      const user = await this.deps.repository.findUserByEmail(input.email);
      const done = user
        ? await this.deps.repository.resetPasswordWithCode(user.uid, codeHash(user.uid, 'reset', input.code), passwordHash)
        : false;
      if (!user || !done) return { ok: false, error: new ApiError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE) };
      this.sendInBackground(accountMails.passwordChanged(user.email, 'reset'));
      return { ok: true, value: undefined };
    });
  }

  // --- sign-in and sessions -------------------------------------------------------------------

  /** Signs in with e-mail and password and issues a bearer token for this device. */
  async login(input: LoginBody, ip: string, userAgent: string | undefined): Promise<LoginResponse> {
    const checks: Check[] = [
      [limitKeys.loginAccount(input.email), this.deps.limits.failuresPerAccount],
      [limitKeys.loginAddress(ip), this.deps.limits.failuresPerAddress],
    ];
    const user = await this.attempt(checks, async () => {
      const found = await this.deps.repository.findUserByEmail(input.email);
      const matches = found?.password_hash
        ? await this.deps.hasher.verify(found.password_hash, input.password)
        : (await this.deps.hasher.verifyNothing(input.password), false);
      if (!found || !matches) return { ok: false, error: new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong e-mail address or password.') };
      return { ok: true, value: found };
    });
    // Told only after the right password, so the answer reveals nothing to someone guessing.
    if (!user.verified_at) throw new ApiError(403, 'NOT_VERIFIED', NOT_VERIFIED_MESSAGE);
    // The owner got in: earlier typos on this account no longer count towards its lock-out.
    await this.deps.limiter.clear(limitKeys.loginAccount(input.email));
    return { token: await this.deps.repository.issueToken(user.uid, userAgent), uid: user.uid };
  }

  async logout(caller: Caller): Promise<void> {
    await this.deps.repository.revokeToken(caller.tokenId);
  }

  /** The caller's live sessions, most recently used first (ASVS 3.3.4). */
  async listSessions(caller: Caller): Promise<AccountSession[]> {
    const rows = await this.deps.repository.liveSessions(caller.uid);
    return rows.map((row) => toSessionBody(row, caller.tokenId));
  }

  /** Ends one of the caller's live sessions; anything else is 404. */
  async endSession(caller: Caller, tokenId: number): Promise<void> {
    if (!(await this.deps.repository.revokeSession(caller.uid, tokenId))) throw notFound('No such session');
  }

  // --- profile --------------------------------------------------------------------------------

  getUser(caller: Caller): User {
    return toUserBody(caller.user);
  }

  /**
   * Updates the profile. A new e-mail address takes effect only when the code mailed to it is
   * entered (confirmEmail); asking for it needs the current password when the account has one, and
   * the old address gets a notice (ASVS 2.5.5 / 3.7.1).
   */
  async updateUser(caller: Caller, change: UpdateAccountBody): Promise<User> {
    const current = caller.user;
    const profile = { first_name: change.first_name, last_name: change.last_name, level: change.level, benchmark: change.benchmark };
    if (change.email === current.email.toLowerCase())
      return toUserBody(await this.profileOrGone(this.deps.repository.updateProfile(caller.uid, profile, null)));

    if (current.password_hash) {
      const currentPassword = change.password;
      if (!currentPassword) throw fieldError('password', 'Enter your current password to change your e-mail address.');
      await this.checkCurrentPassword(caller.uid, current.password_hash, currentPassword);
    }
    if (await this.deps.repository.emailTakenByOther(change.email, caller.uid)) throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    const issued = this.newCode(caller.uid, 'email');
    const row = await this.profileOrGone(
      this.deps.repository.updateProfile(caller.uid, profile, { email: change.email, codeHash: issued.hash, expiresAt: issued.expiresAt }),
    );
    await this.deps.mailer.send(accountMails.emailChangeCode(change.email, issued.code));
    this.sendInBackground(accountMails.emailChangeNotice(current.email, change.email));
    return toUserBody(row);
  }

  /** Completes an e-mail change with the code mailed to the new address. */
  async confirmEmail(caller: Caller, code: string): Promise<User> {
    const checks: Check[] = [[limitKeys.emailCodeAccount(caller.uid), this.deps.limits.failuresPerAccount]];
    return this.attempt(checks, async () => {
      try {
        const row = await this.deps.repository.confirmEmailWithCode(caller.uid, codeHash(caller.uid, 'email', code));
        if (!row) return { ok: false, error: new ApiError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE) };
        return { ok: true, value: toUserBody(row) };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
        throw err;
      }
    });
  }

  private async profileOrGone(update: Promise<UserRow | undefined>): Promise<UserRow> {
    const row = await update;
    // A token outliving its user (deleted concurrently) is as good as no token.
    if (!row) throw unauthorized();
    return row;
  }

  /** The current password, under the per-account failure limit; a wrong one is 403 (a 401 would log the client out). */
  private async checkCurrentPassword(uid: number, passwordHash: string, password: string): Promise<void> {
    const checks: Check[] = [[limitKeys.passwordAccount(uid), this.deps.limits.failuresPerAccount]];
    await this.attempt(checks, async () =>
      (await this.deps.hasher.verify(passwordHash, password))
        ? { ok: true, value: undefined }
        : { ok: false, error: new ApiError(403, 'WRONG_PASSWORD', 'The current password is wrong.') },
    );
  }

  /**
   * Changes the password after checking the current one. Other sessions end; the one making the
   * change stays; the owner gets a notice.
   */
  async updatePassword(caller: Caller, input: UpdatePasswordBody): Promise<void> {
    const user = caller.user;
    this.requireStrongPassword(input.newPassword, 'newPassword', [user.email, user.first_name, user.last_name]);
    if (!user.password_hash) throw new ApiError(403, 'WRONG_PASSWORD', 'The current password is wrong.');
    await this.checkCurrentPassword(caller.uid, user.password_hash, input.password);
    await this.deps.repository.replacePassword(caller.uid, await this.deps.hasher.hash(input.newPassword), caller.tokenId);
    this.sendInBackground(accountMails.passwordChanged(user.email, 'change'));
  }

  async deleteAccount(caller: Caller): Promise<void> {
    await this.deps.repository.deleteAccount(caller.uid, this.deps.beforeDelete);
  }

  /** The shares new items take (spec section 5): saved ones, or OWNER for the user and VIEW for each organisation. */
  async defaultShares(caller: Caller): Promise<Shares> {
    return (await this.savedSettings(caller)).shares;
  }

  private async savedSettings(caller: Caller): Promise<{ saved: SavedSettingsRow | undefined; shares: Shares }> {
    const [saved, orgIds] = await Promise.all([this.deps.repository.findSettings(caller.uid), this.deps.repository.orgIdsOf(caller.uid)]);
    return {
      saved,
      shares: effectiveDefaultShares(caller.uid, orgIds, { usershares: saved?.usershares ?? [], orgshares: saved?.orgshares ?? [] }),
    };
  }

  /** Settings with defaults filled in (spec sections 3 and 5). */
  async getSettings(caller: Caller): Promise<Settings> {
    const { saved, shares } = await this.savedSettings(caller);
    const units: UnitsPair = includes(UNITS_PAIR_NAMES, saved?.units) ? saved.units : DEFAULT_UNITS;
    return {
      theme: saved?.theme ?? DEFAULT_THEME_INDEX,
      units,
      usershares: shares.usershares,
      orgshares: shares.orgshares,
      custom_sg: saved?.custom_sg ?? null,
      notify: resolveNotify(saved?.notify),
      group: saved?.team_group ?? [],
    };
  }

  /** Saves the given subset of the settings and answers the settings as they now are. */
  async saveSettings(caller: Caller, change: SettingsUpdate): Promise<Settings> {
    if (change.group !== undefined && change.group.length > 0) {
      const known = new Set((await this.deps.knownPeople(caller)).map((p) => p.uid));
      const unknown = change.group.find((uid) => uid !== caller.uid && !known.has(uid));
      if (unknown !== undefined) throw fieldError('group', `user ${unknown} is not someone you share an organisation or an item with`);
    }
    await this.deps.repository.saveSettings(caller.uid, {
      ...(change.notify === undefined ? {} : { notify: change.notify }),
      ...(change.group === undefined ? {} : { team_group: [...new Set(change.group)] }),
      ...(change.theme === undefined ? {} : { theme: change.theme }),
      ...(change.units === undefined ? {} : { units: change.units }),
      ...(change.usershares === undefined ? {} : { usershares: change.usershares as NonNullable<SavedSettingsRow['usershares']> }),
      ...(change.orgshares === undefined ? {} : { orgshares: change.orgshares as NonNullable<SavedSettingsRow['orgshares']> }),
      ...(change.custom_sg === undefined ? {} : { custom_sg: change.custom_sg }),
    });
    return this.getSettings(caller);
  }

  /**
   * The subscription the user's access comes from: their own purchase, or an organisation's, whose
   * seat gives them the seat's level (COACH or PREMIUM), not the plan's.
   */
  async getSubscription(caller: Caller): Promise<SubscriptionBody | null> {
    if (caller.user.sub_id === null) return null;
    const row = await this.deps.repository.findSubscription(caller.user.sub_id);
    if (!row) return null;
    if (row.purchaser === caller.uid) return toSubscriptionBody(row);
    if (row.level < SUBSCRIPTION_LEVELS.COACH) return null;
    const seat = await this.deps.repository.seatOn(caller.uid, row.sub_id);
    return seat ? { ...toSubscriptionBody(row), level: SEAT_LEVEL_VALUES[seat] } : null;
  }
}
