import type { RateLimit, Throttle } from '../../lib/rate-limiter.ts';

const MINUTE = 60 * 1000;
const FIFTEEN_MINUTES = 15 * MINUTE;
const HOUR = 60 * MINUTE;

/**
 * The limits of signing up, signing in and proving a password or code. Wrong passwords and codes
 * are throttled with growing delays on sliding windows (ASVS 2.2.1); mails count every request in
 * fixed windows.
 */
export interface AuthRateLimits {
  /** Failed logins on one account from one address: the guesser at one address slows down, nobody else does. */
  failuresPerPair: Throttle;
  /**
   * Failed logins on one account from addresses it has not signed in from lately, together (many
   * addresses guessing one account); failed code checks, current-password checks and e-mail change
   * codes per account; failed provider tokens per subject.
   */
  failuresPerAccount: Throttle;
  /** Failed logins and code checks from one client address, across accounts. */
  failuresPerAddress: Throttle;
  /** Mails (registration, new code, reset) per e-mail address. */
  mailsPerAccount: RateLimit;
  /** Mails per client address. */
  mailsPerAddress: RateLimit;
  /** Password strength checks (as a new password is typed) per client address. */
  strengthChecksPerAddress: RateLimit;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  // 5 tries at once, then 1, 2, 4 ... minutes after each failure, at most an hour, counted over a day.
  failuresPerPair: { windowMs: 24 * HOUR, free: 5, firstDelayMs: MINUTE, maxDelayMs: HOUR },
  failuresPerAccount: { windowMs: 24 * HOUR, free: 5, firstDelayMs: MINUTE, maxDelayMs: HOUR },
  // A shared address (a club's wifi) gets 20 tries an hour before its delays start.
  failuresPerAddress: { windowMs: HOUR, free: 20, firstDelayMs: 30_000, maxDelayMs: FIFTEEN_MINUTES },
  mailsPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  mailsPerAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
  // The form asks once typing pauses (about a third of a second): a person typing and retyping stays far below.
  strengthChecksPerAddress: { max: 120, windowMs: MINUTE },
};

/**
 * An address an account signed in from within this time is the owner's usual one: failures from
 * elsewhere on the account do not slow logins from it.
 */
export const KNOWN_ADDRESS_MS = 90 * 24 * HOUR;

/** How long a mailed code stays valid. */
export const CODE_LIFETIME_MS = 15 * 60 * 1000;
/** CODE_LIFETIME_MS as the mails say it. */
export const CODE_LIFETIME_WORDS = '15 minutes';

/** Rate-limit keys: per account (the e-mail as typed, lower-cased, or the uid) and per client address. */
export const limitKeys = {
  loginAccount: (email: string) => `login:account:${email}`,
  /** One account from one address: the throttle of a guesser at that address. */
  loginPair: (email: string, ip: string) => `login:pair:${email}|${ip}`,
  /** An address the account signed in from (noted at each sign-in). */
  loginKnown: (email: string, ip: string) => `login:known:${email}|${ip}`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  codeAccount: (email: string) => `code:account:${email}`,
  codeAddress: (ip: string) => `code:address:${ip}`,
  passwordAccount: (uid: number) => `password:account:${uid}`,
  strengthAddress: (ip: string) => `strength:address:${ip}`,
  emailCodeAccount: (uid: number) => `email-code:account:${uid}`,
  /** The codes a signed-in account asks for itself (a first password, deleting the account). */
  accountCode: (uid: number) => `account-code:account:${uid}`,
  /** A provider's subject as a token names it (provider id and sub), checked or not. */
  federatedSubject: (subject: string) => `federated:subject:${subject}`,
  mailAccount: (email: string) => `mail:account:${email}`,
  mailAddress: (ip: string) => `mail:address:${ip}`,
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused for 30 days ends (ASVS 3.3.2: idle timeout). */
export const SESSION_IDLE_LIFETIME_MS = 30 * DAY_MS;
/** No session outlives 180 days after sign-in, however much it is used (absolute timeout). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 180 * DAY_MS;
/** last_used_at is rewritten only when older than this, so reads do not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;

/** When a session ends unless it is used again: 30 idle days, never past 180 days after sign-in. */
export function sessionExpiry(createdAt: Date, lastUsedAt: Date): Date {
  return new Date(Math.min(lastUsedAt.getTime() + SESSION_IDLE_LIFETIME_MS, createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS));
}
