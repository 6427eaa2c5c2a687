// The account's rate limits became the auth module's (every limited call signs in or checks a
// password or code). app.ts still imports them from here under their old names; this file goes
// when it imports DEFAULT_AUTH_RATE_LIMITS and AuthRateLimits from the auth module.
export { DEFAULT_AUTH_RATE_LIMITS as DEFAULT_ACCOUNT_RATE_LIMITS, type AuthRateLimits as AccountRateLimits } from '../auth/auth.module.ts';
