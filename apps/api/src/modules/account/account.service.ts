import type { FastifyBaseLogger } from 'fastify';
import {
  BENCHMARK_LEVELS,
  DEFAULT_THEME_INDEX,
  DEFAULT_UNITS,
  PAYMENT_SOURCES,
  PLAYER_LEVELS,
  SUBSCRIPTION_STATUSES,
  UNITS_PAIR_NAMES,
  effectiveDefaultShares,
  type BenchmarkLevel,
  type PlayerLevel,
  type SubscriptionLevel,
  type UnitsPair,
} from '@holeout/golf';
import type {
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
import type { CodePurpose, UserRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { ApiError, tooManyAttempts, unauthorized } from '../../lib/api-error.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimit, RateLimiter } from '../../lib/rate-limiter.ts';
import { codeHash, newSixDigitCode } from '../../lib/secrets.ts';
import type { Caller } from '../../plugins/auth.ts';
import { isUniqueViolation, type AccountRepository, type SavedSettingsRow, type SubscriptionRow } from './account.repository.ts';
import { CODE_LIFETIME_MS, limitKeys, type AccountRateLimits } from './account.policy.ts';

export interface AccountServiceDeps {
  repository: AccountRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AccountRateLimits;
  clock: () => Date;
  log: FastifyBaseLogger;
}

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
  };
}

function toSubscriptionBody(row: SubscriptionRow): SubscriptionBody {
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

/** The business rules of accounts: registration, verification, sign-in, profile, settings. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  // --- rate-limit helpers ---------------------------------------------------------------------

  /**
   * Takes a place in each limit before the attempt is checked, so a burst of concurrent attempts
   * is counted as it arrives rather than after each one has been judged. Refuses with 429 when a
   * limit is full, giving back the places this attempt already took in the others.
   */
  private async reserveAttempt(checks: Array<[string, RateLimit]>): Promise<void> {
    const taken: Array<[string, RateLimit]> = [];
    for (const [key, limit] of checks) {
      if (await this.deps.limiter.tryHit(key, limit)) {
        taken.push([key, limit]);
        continue;
      }
      await this.releaseAttempt(taken);
      throw tooManyAttempts(Math.max(1, Math.ceil(this.deps.limiter.msUntilReset(limit) / 60_000)));
    }
  }

  /** The attempt succeeded: limits that count failures only give its place back. */
  private async releaseAttempt(checks: Array<[string, RateLimit]>): Promise<void> {
    for (const [key, limit] of checks) await this.deps.limiter.release(key, limit);
  }

  /** Counts a mail-sending request; refuses once the e-mail or the address has had its share. */
  private async countMailRequest(email: string, ip: string): Promise<void> {
    const { mailsPerAccount, mailsPerAddress } = this.deps.limits;
    await this.reserveAttempt([
      [limitKeys.mailAccount(email), mailsPerAccount],
      [limitKeys.mailAddress(ip), mailsPerAddress],
    ]);
  }

  // --- codes and mail -------------------------------------------------------------------------

  private async issueCode(uid: number, purpose: CodePurpose): Promise<string> {
    const code = newSixDigitCode();
    const expiresAt = new Date(this.deps.clock().getTime() + CODE_LIFETIME_MS);
    await this.deps.repository.replaceCode(uid, purpose, codeHash(uid, purpose, code), expiresAt);
    return code;
  }

  private async mailCode(to: string, purpose: CodePurpose, code: string): Promise<void> {
    if (purpose === 'verify') {
      await this.deps.mailer.send({
        to,
        purpose,
        subject: `Your Holeout verification code: ${code}`,
        text: `Welcome to Holeout!\n\nYour verification code is: ${code}\n\nEnter it in the app to confirm your e-mail address. The code expires in 15 minutes.\n\nIf you did not create a Holeout account, ignore this mail.\n`,
      });
      return;
    }
    await this.deps.mailer.send({
      to,
      purpose,
      subject: `Your Holeout password reset code: ${code}`,
      text: `Someone asked to reset the password of your Holeout account.\n\nYour reset code is: ${code}\n\nEnter it in the app together with your new password. The code expires in 15 minutes.\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
    });
  }

  /**
   * Finds the account, issues a code and mails it after the answer has gone: the answer then takes
   * the same time whether or not the e-mail has an account (and whether it is verified). A failure
   * is logged; the user can ask again.
   */
  private mailCodeInBackground(email: string, purpose: CodePurpose, wants: (user: UserRow) => boolean): void {
    const send = async () => {
      const user = await this.deps.repository.findUserByEmail(email);
      if (!user || !wants(user)) return;
      await this.mailCode(user.email, purpose, await this.issueCode(user.uid, purpose));
    };
    send().catch((err: unknown) => this.deps.log.error({ err, purpose }, 'sending a code mail failed'));
  }

  // --- calls ----------------------------------------------------------------------------------

  /**
   * Registers an unverified account and mails a verification code. An e-mail that belongs to a
   * verified account is refused (409). An e-mail with a registration that was never verified is
   * registered again: the new password and names replace the pending ones and only the new code
   * works — so a stranger who registered someone else's address first cannot keep it.
   */
  async register(input: { email: string; password: string; first_name: string; last_name: string }, ip: string): Promise<{ uid: number }> {
    const existing = await this.deps.repository.findUserByEmail(input.email);
    if (existing?.verified_at) throw new ApiError(409, 'EMAIL_TAKEN', 'An account with this e-mail address already exists. Log in or reset your password.');
    await this.countMailRequest(input.email, ip);
    const passwordHash = await this.deps.hasher.hash(input.password);
    let uid: number;
    if (existing) {
      await this.deps.repository.replacePendingRegistration(existing.uid, { password_hash: passwordHash, first_name: input.first_name, last_name: input.last_name });
      uid = existing.uid;
    } else {
      try {
        uid = (await this.deps.repository.createUser({ email: input.email, password_hash: passwordHash, first_name: input.first_name, last_name: input.last_name })).uid;
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(409, 'EMAIL_TAKEN', 'An account with this e-mail address already exists.');
        throw err;
      }
    }
    const code = await this.issueCode(uid, 'verify');
    await this.mailCode(input.email, 'verify', code);
    return { uid };
  }

  /** Confirms the e-mail with the mailed code. */
  async verify(email: string, code: string, ip: string): Promise<{ uid: number }> {
    const checks = this.codeChecks(email, ip);
    await this.reserveAttempt(checks);
    const user = await this.deps.repository.findUserByEmail(email);
    const consumed = user ? await this.deps.repository.consumeCode(user.uid, 'verify', codeHash(user.uid, 'verify', code)) : false;
    if (!user || !consumed) throw new ApiError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE);
    await this.releaseAttempt(checks);
    await this.deps.repository.markVerified(user.uid);
    return { uid: user.uid };
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

  /** Sets a new password with a reset code; proves the e-mail too, and ends every session. */
  async resetPassword(input: PasswordResetBody, ip: string): Promise<void> {
    const checks = this.codeChecks(input.email, ip);
    await this.reserveAttempt(checks);
    const user = await this.deps.repository.findUserByEmail(input.email);
    // Hash before the transaction: argon2 is slow and must not hold database locks.
    const passwordHash = await this.deps.hasher.hash(input.password);
    const done = user ? await this.deps.repository.resetPasswordWithCode(user.uid, codeHash(user.uid, 'reset', input.code), passwordHash) : false;
    if (!done) throw new ApiError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE);
    await this.releaseAttempt(checks);
  }

  private codeChecks(email: string, ip: string): Array<[string, RateLimit]> {
    return [
      [limitKeys.codeAccount(email), this.deps.limits.failuresPerAccount],
      [limitKeys.codeAddress(ip), this.deps.limits.failuresPerAddress],
    ];
  }

  /** Signs in with e-mail and password and issues a bearer token. */
  async login(input: LoginBody, ip: string): Promise<LoginResponse> {
    const checks: Array<[string, RateLimit]> = [
      [limitKeys.loginAccount(input.email), this.deps.limits.failuresPerAccount],
      [limitKeys.loginAddress(ip), this.deps.limits.failuresPerAddress],
    ];
    await this.reserveAttempt(checks);
    const user = await this.deps.repository.findUserByEmail(input.email);
    const matches = user?.password_hash ? await this.deps.hasher.verify(user.password_hash, input.password) : (await this.deps.hasher.verifyNothing(input.password), false);
    if (!user || !matches) throw new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong e-mail address or password.');
    // The right password is no failure, verified or not.
    await this.releaseAttempt(checks);
    // Told only after the right password, so the answer reveals nothing to someone guessing.
    if (!user.verified_at) throw new ApiError(403, 'NOT_VERIFIED', NOT_VERIFIED_MESSAGE);
    // The owner got in: earlier typos on this account no longer count towards its lock-out.
    await this.deps.limiter.clear(limitKeys.loginAccount(input.email));
    return { token: await this.deps.repository.issueToken(user.uid), uid: user.uid };
  }

  async logout(caller: Caller): Promise<void> {
    await this.deps.repository.revokeToken(caller.tokenId);
  }

  async getUser(caller: Caller): Promise<User> {
    const row = await this.deps.repository.findUserById(caller.uid);
    // A token outliving its user (deleted concurrently) is as good as no token.
    if (!row) throw unauthorized();
    return toUserBody(row);
  }

  /** Updates the profile. A changed e-mail must be free; it takes effect at once (the caller is signed in). */
  async updateUser(caller: Caller, change: UpdateAccountBody): Promise<User> {
    if (await this.deps.repository.emailTakenByOther(change.email, caller.uid)) {
      throw new ApiError(409, 'EMAIL_TAKEN', 'Another account already uses this e-mail address.');
    }
    try {
      const row = await this.deps.repository.updateProfile(caller.uid, change);
      if (!row) throw unauthorized();
      return toUserBody(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 'EMAIL_TAKEN', 'Another account already uses this e-mail address.');
      throw err;
    }
  }

  /**
   * Changes the password after checking the current one. A wrong current password is 403, not 401:
   * a 401 would log the client out. Other sessions end; the one making the change stays.
   */
  async updatePassword(caller: Caller, input: UpdatePasswordBody): Promise<void> {
    const checks: Array<[string, RateLimit]> = [[limitKeys.passwordAccount(caller.uid), this.deps.limits.failuresPerAccount]];
    await this.reserveAttempt(checks);
    const user = await this.deps.repository.findUserById(caller.uid);
    if (!user) throw unauthorized();
    const matches = user.password_hash ? await this.deps.hasher.verify(user.password_hash, input.password) : false;
    if (!matches) throw new ApiError(403, 'WRONG_PASSWORD', 'The current password is wrong.');
    await this.releaseAttempt(checks);
    await this.deps.repository.setPasswordHash(caller.uid, await this.deps.hasher.hash(input.newPassword));
    await this.deps.repository.revokeOtherTokens(caller.uid, caller.tokenId);
  }

  async deleteAccount(caller: Caller): Promise<void> {
    await this.deps.repository.deleteAccount(caller.uid);
  }

  /** Settings with defaults filled in (spec sections 3 and 5). */
  async getSettings(caller: Caller): Promise<Settings> {
    const [saved, orgIds] = await Promise.all([this.deps.repository.findSettings(caller.uid), this.deps.repository.orgIdsOf(caller.uid)]);
    const shares = effectiveDefaultShares(caller.uid, orgIds, { usershares: saved?.usershares ?? [], orgshares: saved?.orgshares ?? [] });
    const units: UnitsPair = includes(UNITS_PAIR_NAMES, saved?.units) ? saved.units : DEFAULT_UNITS;
    return { theme: saved?.theme ?? DEFAULT_THEME_INDEX, units, usershares: shares.usershares, orgshares: shares.orgshares };
  }

  /** Saves the given subset of the settings and answers the settings as they now are. */
  async saveSettings(caller: Caller, change: SettingsUpdate): Promise<Settings> {
    await this.deps.repository.saveSettings(caller.uid, {
      ...(change.theme === undefined ? {} : { theme: change.theme }),
      ...(change.units === undefined ? {} : { units: change.units }),
      ...(change.usershares === undefined ? {} : { usershares: change.usershares as NonNullable<SavedSettingsRow['usershares']> }),
      ...(change.orgshares === undefined ? {} : { orgshares: change.orgshares as NonNullable<SavedSettingsRow['orgshares']> }),
    });
    return this.getSettings(caller);
  }

  async getSubscription(caller: Caller): Promise<SubscriptionBody | null> {
    const user = await this.deps.repository.findUserById(caller.uid);
    if (!user) throw unauthorized();
    if (user.sub_id === null) return null;
    const row = await this.deps.repository.findSubscription(user.sub_id);
    return row ? toSubscriptionBody(row) : null;
  }
}
