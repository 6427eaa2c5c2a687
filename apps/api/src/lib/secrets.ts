import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A new bearer token: 256 random bits, base64url. Only its hash is ever stored. */
export function newBearerToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit one-time code, leading zeros kept. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The stored form of a one-time code. Salted with the account and purpose so equal codes of two
 * accounts differ; the small code space is defended by expiry, single use and rate limits.
 */
export function codeHash(uid: number, purpose: string, code: string): string {
  return sha256Hex(`${uid}:${purpose}:${code}`);
}
