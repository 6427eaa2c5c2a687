import type { FastifyBaseLogger } from 'fastify';
import {
  REGISTRATION_UID,
  type AccountSession,
  type DeleteAccountBody,
  type LoginBody,
  type LoginResponse,
  type PasswordResetBody,
  type PasswordStrengthBody,
  type PasswordStrengthResponse,
  type UpdatePasswordBody,
  type VerifyResponse,
} from '@holeout/contracts';
import { judgePassword } from '@holeout/contracts/password-strength';
import type { Database } from '../../db/client.ts';
import type { CodePurpose, UserRow } from '../../db/schema/index.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { ApiError, notFound, tooManyAttempts } from '../../lib/api-error.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimit, RateLimiter, Throttle } from '../../lib/rate-limiter.ts';
import { codeHash, newBearerToken, newSixDigitCode, sha256Hex } from '../../lib/secrets.ts';
import { authMails } from './auth.mails.ts';
import { CODE_LIFETIME_MS, KNOWN_ADDRESS_MS, limitKeys, sessionExpiry, type AuthRateLimits } from './auth.policy.ts';
import type { AuthRepository, SessionRow } from './auth.repository.ts';
import type { Caller } from './caller.ts';
import { BackgroundWork } from '../../lib/background-work.ts';

export interface AuthServiceDeps {
  repository: AuthRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AuthRateLimits;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** How long an attempt waits for others in flight before giving up with 429; tests shorten it. */
  maxAttemptWaitMs?: number;
  /** Where mails sent after their answer run (the app waits for them when it closes); a service of its own by default. */
  background?: BackgroundWork;
}

/** The write that stores an issued code, run inside the transaction of the change it confirms. */
export type CodeWrite = (tx: Database) => Promise<void>;

/**
 * The write that uses an e-mail change code, run inside the transaction that moves the address:
 * the address the code was issued for, or undefined when the code is wrong, used or expired.
 */
export type EmailCodeUse = (tx: Database) => Promise<string | undefined>;

/** What the account module needs from signing in: the current password, and the codes that confirm a new e-mail address. */
export interface AccountCredentials {
  /**
   * Checks the caller's current password under the per-account failure limit: 403 WRONG_PASSWORD
   * when it is wrong or the account has none (a 401 would sign the client out), 429 when the
   * limit is used up.
   */
  checkCurrentPassword(caller: Caller, password: string): Promise<void>;
  /** A new code confirming `email` as the user's address: the code to mail, and the write that stores it (earlier e-mail codes stop working). */
  issueEmailCode(uid: number, email: string): { code: string; store: CodeWrite };
  /**
   * Checks an e-mail change code under the per-account failure limit. `confirm` gets the write that
   * uses the code and answers the result, or undefined when the code did not match (400
   * INVALID_CODE, counted as a failure); an error it throws is answered as it is and not counted.
   */
  confirmEmailCode<T>(caller: Caller, code: string, confirm: (useCode: EmailCodeUse) => Promise<T | undefined>): Promise<T>;
  /** Sets the first password of an account without one, with the code mailed for it (see AuthService.setFirstPassword). */
  setFirstPassword(caller: Caller, input: { code: string; password: string }): Promise<void>;
  /**
   * Throws unless the caller may delete their account now: an account without a password proves its
   * owner again with a fresh provider sign-in or a mailed code (see FederatedService.confirmDeletion).
   */
  confirmDeletion(caller: Caller, body: DeleteAccountBody, ip: string): Promise<void>;
}

export type Check = readonly [string, Throttle];
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

const NOT_VERIFIED_MESSAGE = 'Please verify your e-mail address first: enter the 6-digit code we sent you.';
const INVALID_CODE_MESSAGE = 'The code is wrong or has expired. Ask for a new code and try again.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const wrongPassword = () => new ApiError(403, 'WRONG_PASSWORD', 'The current password is wrong.');
const invalidCode = () => new ApiError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE);

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

/**
 * The rules of signing in and proving who one is: registration and its verification code, login and
 * logout, sessions, password reset and change, and the failure limits that guard every password
 * and code check (the e-mail change codes included).
 */
export class AuthService implements Omit<AccountCredentials, 'confirmDeletion'> {
  private readonly background: BackgroundWork;

  constructor(private readonly deps: AuthServiceDeps) {
    this.background = deps.background ?? new BackgroundWork();
  }

  // --- failure limits -------------------------------------------------------------------------

  /**
   * Checks a password or code under failure limits. The attempt holds a place in each limit while
   * it is checked, so a burst of concurrent guesses cannot pass the limit; a limit whose failures
   * are used up answers 429; one filled only by attempts still in flight makes this one wait for
   * them, so a right password or code is never refused because of requests in flight. Only a
   * failed attempt counts.
   */
  async attempt<T>(checks: readonly Check[], run: () => Promise<Outcome<T>>): Promise<T> {
    const giveUpAt = Date.now() + (this.deps.maxAttemptWaitMs ?? 15_000);
    for (let waited = 0; ; waited += 1) {
      const reservation = await this.deps.limiter.reserve(checks);
      if (reservation.kind === 'locked' || (reservation.kind === 'busy' && Date.now() >= giveUpAt)) {
        throw tooManyAttempts(reservation.waitMs);
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

  /** The limits in force, for the checks of federated sign-in. */
  get limits(): AuthRateLimits {
    return this.deps.limits;
  }

  /** Forgets the failures counted under a key (the owner got in). */
  async clearLimit(key: string): Promise<void> {
    await this.deps.limiter.clear(key);
  }

  /** Counts a mail-sending request; refuses once the e-mail or the address has had its share. */
  private async countMailRequest(email: string, ip: string): Promise<void> {
    const { mailsPerAccount, mailsPerAddress } = this.deps.limits;
    for (const [key, limit] of [
      [limitKeys.mailAccount(email), mailsPerAccount],
      [limitKeys.mailAddress(ip), mailsPerAddress],
    ] as const) {
      await this.countRequest(key, limit);
    }
  }

  /** Counts one request under `key`; refuses it (429) once the limit's window has had its share. */
  private async countRequest(key: string, limit: RateLimit): Promise<void> {
    if ((await this.deps.limiter.hit(key, limit)) > limit.max) throw tooManyAttempts(this.deps.limiter.msUntilReset(limit));
  }

  private codeChecks(email: string, ip: string): Check[] {
    return [
      [limitKeys.codeAccount(email), this.deps.limits.failuresPerAccount],
      [limitKeys.codeAddress(ip), this.deps.limits.failuresPerAddress],
    ];
  }

  /**
   * The judgement a new password would get (registration, reset, change), for the forms as the
   * golfer types: the same zxcvbn rule, so the browser need not download its dictionaries. Counted
   * per client address; the password is neither stored nor logged.
   */
  async passwordStrength(body: PasswordStrengthBody, ip: string): Promise<PasswordStrengthResponse> {
    await this.countRequest(limitKeys.strengthAddress(ip), this.deps.limits.strengthChecksPerAddress);
    return judgePassword(body.password, body.personal ?? []);
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
  sendInBackground(message: MailMessage | Promise<MailMessage | null>): void {
    this.background.run(
      async () => {
        const mail = await message;
        if (mail) await this.deps.mailer.send(mail);
      },
      (err) => this.deps.log.error({ err }, 'sending a mail failed'),
    );
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
        return purpose === 'verify' ? authMails.verifyCode(user.email, issued.code) : authMails.resetCode(user.email, issued.code);
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
  async register(
    input: { email: string; password: string; first_name: string; last_name: string },
    ip: string,
  ): Promise<{ uid: number; ticket: string }> {
    this.requireStrongPassword(input.password, 'password', [input.email, input.first_name, input.last_name]);
    await this.countMailRequest(input.email, ip);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const code = newSixDigitCode();
    // Answered for a taken address too (then stored nowhere), so the answer does not tell them apart.
    const ticket = newBearerToken();
    const outcome = await this.deps.repository.registerPending(
      {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        registration_ticket_hash: sha256Hex(ticket),
      },
      (uid) => ({ hash: codeHash(uid, 'verify', code), expiresAt: new Date(this.deps.clock().getTime() + CODE_LIFETIME_MS) }),
    );
    // Two registrations of one new address at once: the other one has it, and mails its own code; answer the same.
    if (outcome !== 'raced') {
      this.sendInBackground(outcome === 'taken' ? authMails.registrationAttempt(input.email) : authMails.verifyCode(input.email, code));
    }
    return { uid: REGISTRATION_UID, ticket };
  }

  /**
   * Confirms the e-mail with the mailed code (single use, 15 minutes, under the failure limits).
   * With the ticket the registration answered, the browser that registered is signed in as by
   * login: only the registrant holds it, so someone who registered another person's address cannot
   * have them signed in to an account whose password they chose. A refused code signs nobody in.
   */
  async verify(
    input: { email: string; code: string; ticket?: string | undefined },
    ip: string,
    userAgent: string | undefined,
  ): Promise<VerifyResponse> {
    return this.attempt(this.codeChecks(input.email, ip), async () => {
      const user = await this.deps.repository.findUserByEmail(input.email);
      const ticketHash = input.ticket === undefined ? undefined : sha256Hex(input.ticket);
      const verified = user
        ? await this.deps.repository.verifyWithCode(user.uid, codeHash(user.uid, 'verify', input.code), ticketHash, userAgent)
        : null;
      if (!user || !verified) return { ok: false, error: invalidCode() };
      return { ok: true, value: verified.token === null ? { uid: user.uid } : { uid: user.uid, token: verified.token } };
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
      if (!user || !done) return { ok: false, error: invalidCode() };
      this.sendInBackground(authMails.passwordChanged(user.email, 'reset'));
      return { ok: true, value: undefined };
    });
  }

  // --- sign-in and sessions -------------------------------------------------------------------

  /** Signs in with e-mail and password and issues a bearer token for this device. */
  async login(input: LoginBody, ip: string, userAgent: string | undefined): Promise<LoginResponse> {
    const { limits, limiter } = this.deps;
    // The owner's usual address is slowed only by its own failures and the address's; an address the
    // account has not signed in from also shares the account's throttle with every other such address.
    const known = await limiter.noted(limitKeys.loginKnown(input.email, ip), KNOWN_ADDRESS_MS);
    const checks: Check[] = [
      [limitKeys.loginPair(input.email, ip), limits.failuresPerPair],
      [limitKeys.loginAddress(ip), limits.failuresPerAddress],
      ...(known ? [] : [[limitKeys.loginAccount(input.email), limits.failuresPerAccount] as const]),
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
    // The owner got in here: their typos from this address no longer slow them, and it is a known address
    // from now on. The account's failures from elsewhere stay: a guesser elsewhere keeps their delays.
    await limiter.clear(limitKeys.loginPair(input.email, ip));
    await limiter.note(limitKeys.loginKnown(input.email, ip), KNOWN_ADDRESS_MS);
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

  // --- passwords and e-mail codes of a signed-in user -----------------------------------------

  async checkCurrentPassword(caller: Caller, password: string): Promise<void> {
    const passwordHash = caller.user.password_hash;
    if (!passwordHash) throw wrongPassword();
    const checks: Check[] = [[limitKeys.passwordAccount(caller.uid), this.deps.limits.failuresPerAccount]];
    await this.attempt(checks, async () =>
      (await this.deps.hasher.verify(passwordHash, password)) ? { ok: true, value: undefined } : { ok: false, error: wrongPassword() },
    );
  }

  /**
   * Changes the password after checking the current one. Other sessions end; the one making the
   * change stays; the owner gets a notice.
   */
  async updatePassword(caller: Caller, input: UpdatePasswordBody): Promise<void> {
    const user = caller.user;
    this.requireStrongPassword(input.newPassword, 'newPassword', [user.email, user.first_name, user.last_name]);
    await this.checkCurrentPassword(caller, input.password);
    await this.deps.repository.replacePassword(caller.uid, await this.deps.hasher.hash(input.newPassword), caller.tokenId);
    this.sendInBackground(authMails.passwordChanged(user.email, 'change'));
  }

  issueEmailCode(uid: number, email: string): { code: string; store: CodeWrite } {
    const issued = this.newCode(uid, 'email');
    return {
      code: issued.code,
      store: (tx) => this.deps.repository.replaceCode(uid, 'email', issued.hash, issued.expiresAt, tx, email),
    };
  }

  async confirmEmailCode<T>(caller: Caller, code: string, confirm: (useCode: EmailCodeUse) => Promise<T | undefined>): Promise<T> {
    const checks: Check[] = [[limitKeys.emailCodeAccount(caller.uid), this.deps.limits.failuresPerAccount]];
    const hash = codeHash(caller.uid, 'email', code);
    return this.attempt(checks, async () => {
      const value = await confirm((tx) => this.deps.repository.consumeEmailCode(caller.uid, hash, tx));
      return value === undefined ? { ok: false, error: invalidCode() } : { ok: true, value };
    });
  }

  // --- codes an account asks for itself -------------------------------------------------------

  /**
   * Mails the caller a code: to set a first password (only for an account without one: 409
   * HAS_PASSWORD otherwise) or to confirm deleting the account. Counted like every mail request;
   * a new code replaces the last of its kind.
   */
  async requestAccountCode(caller: Caller, purpose: 'set_password' | 'delete_account', ip: string): Promise<void> {
    if (purpose === 'set_password' && caller.user.password_hash)
      throw new ApiError(409, 'HAS_PASSWORD', 'This account has a password already: change it under Change password.');
    await this.countMailRequest(caller.user.email, ip);
    const codePurpose = purpose === 'set_password' ? 'password' : 'delete';
    const issued = this.newCode(caller.uid, codePurpose);
    await this.deps.repository.replaceCode(caller.uid, codePurpose, issued.hash, issued.expiresAt);
    const email = caller.user.email;
    this.sendInBackground(
      codePurpose === 'password' ? authMails.setPasswordCode(email, issued.code) : authMails.deleteAccountCode(email, issued.code),
    );
  }

  /** Uses a code mailed by requestAccountCode, under the per-account failure limit: 400 INVALID_CODE when it is wrong, used or expired. */
  async useAccountCode(caller: Caller, purpose: 'password' | 'delete', code: string): Promise<void> {
    const hash = codeHash(caller.uid, purpose, code);
    await this.attempt([[limitKeys.accountCode(caller.uid), this.deps.limits.failuresPerAccount]], async () =>
      (await this.deps.repository.consumeCode(caller.uid, purpose, hash))
        ? { ok: true, value: undefined }
        : { ok: false, error: invalidCode() },
    );
  }

  /**
   * The first password of an account made with a provider, with the code mailed for it: the code
   * and the password are one transaction, other sessions end as after a password change, and the
   * owner gets a notice. An account that has a password is refused (409 HAS_PASSWORD).
   */
  async setFirstPassword(caller: Caller, input: { code: string; password: string }): Promise<void> {
    const user = caller.user;
    if (user.password_hash)
      throw new ApiError(409, 'HAS_PASSWORD', 'This account has a password already: change it under Change password.');
    this.requireStrongPassword(input.password, 'password', [user.email, user.first_name, user.last_name]);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const hash = codeHash(caller.uid, 'password', input.code);
    const outcome = await this.attempt([[limitKeys.accountCode(caller.uid), this.deps.limits.failuresPerAccount]], async () => {
      const result = await this.deps.repository.setFirstPasswordWithCode(caller.uid, hash, passwordHash, caller.tokenId);
      return result === 'bad_code' ? { ok: false, error: invalidCode() } : { ok: true, value: result };
    });
    if (outcome === 'has_password')
      throw new ApiError(409, 'HAS_PASSWORD', 'This account has a password already: change it under Change password.');
    this.sendInBackground(authMails.passwordChanged(user.email, 'change'));
  }
}
