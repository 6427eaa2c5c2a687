import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@holeout/contracts/password-rules';
import type { PasswordStrengthResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import commonPasswords from './common-passwords.json';

/**
 * A new password's strength as the forms show it. The server is the judge (zxcvbn with its full
 * dictionaries, POST /account/password_strength: the rule registration, a reset and a change apply);
 * the device only catches at once what needs no dictionary of note: too short, one of the 2,000 most
 * common passwords with digits before or after it, or two characters or fewer repeated; the owner's
 * own name and address are the server's to judge. Each refusal here is one there too (a test checks it). Offline, that is all there is, and the server judges again when the form is sent.
 */
export interface StrengthVerdict {
  /** 0 (weakest) to 4; null when only the device has looked and found nothing wrong. */
  score: 0 | 1 | 2 | 3 | 4 | null;
  acceptable: boolean;
  message: string;
  /** Who judged: the server, or the device alone (at once, or offline). */
  source: 'server' | 'device';
}

const COMMON = new Set(commonPasswords);
const TOO_EASY = 'This password is too easy to guess.';

/**
 * What the device can tell without the server: a refusal with its reason, or null when it finds
 * nothing (which does not make the password strong: the server decides that).
 */
export function judgeOnDevice(password: string): StrengthVerdict | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { score: 0, acceptable: false, message: `Use at least ${MIN_PASSWORD_LENGTH} characters.`, source: 'device' };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { score: 0, acceptable: false, message: `Use at most ${MAX_PASSWORD_LENGTH} characters.`, source: 'device' };
  }
  const lower = password.toLowerCase();
  const withoutDigits = lower.replace(/^\d+|\d+$/g, '');
  if (COMMON.has(lower) || (withoutDigits.length >= 3 && COMMON.has(withoutDigits))) {
    return {
      score: 0,
      acceptable: false,
      message: `${TOO_EASY} It is one of the most common passwords, or one with digits added.`,
      source: 'device',
    };
  }
  if (new Set(lower).size <= 2) {
    return { score: 0, acceptable: false, message: `${TOO_EASY} Repeated characters are guessed at once.`, source: 'device' };
  }
  return null;
}

/** The server's judgement: the one that counts. Throws when it cannot be asked (offline, or too many checks). */
export async function judgeOnServer(password: string, personal: readonly string[], signal?: AbortSignal): Promise<StrengthVerdict> {
  const answer = await apiClient.post<PasswordStrengthResponse>(
    '/account/password_strength',
    { password, personal: personal.filter(Boolean).slice(0, 5) },
    { auth: false, quiet: true, ...(signal ? { signal } : {}) },
  );
  return { score: answer.score as StrengthVerdict['score'], acceptable: answer.acceptable, message: answer.message, source: 'server' };
}
