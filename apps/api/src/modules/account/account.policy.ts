import type { RateLimit } from '../../lib/rate-limiter.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The rate limits of the account calls. Failures count; mails count every request. */
export interface AccountRateLimits {
  /** Failed logins / code checks / current-password checks per account. */
  failuresPerAccount: RateLimit;
  /** Failed logins / code checks per client address. */
  failuresPerAddress: RateLimit;
  /** Mails (registration, new code, reset) per e-mail address. */
  mailsPerAccount: RateLimit;
  /** Mails per client address. */
  mailsPerAddress: RateLimit;
}

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  failuresPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  failuresPerAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
  mailsPerAccount: { max: 5, windowMs: FIFTEEN_MINUTES },
  mailsPerAddress: { max: 20, windowMs: FIFTEEN_MINUTES },
};

/** How long a mailed code stays valid. */
export const CODE_LIFETIME_MS = 15 * 60 * 1000;

/** Rate-limit keys: per account (the e-mail as typed, lower-cased, or the uid) and per client address. */
export const limitKeys = {
  loginAccount: (email: string) => `login:account:${email}`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  codeAccount: (email: string) => `code:account:${email}`,
  codeAddress: (ip: string) => `code:address:${ip}`,
  passwordAccount: (uid: number) => `password:account:${uid}`,
  mailAccount: (email: string) => `mail:account:${email}`,
  mailAddress: (ip: string) => `mail:address:${ip}`,
};
