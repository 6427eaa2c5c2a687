import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE } from './password-rules.ts';

/**
 * Password strength (ASVS 2.1): zxcvbn's estimate with its common-password and English
 * dictionaries. Kept apart from the schemas because the dictionaries are large: the API loads it
 * once, the web app loads it lazily on the forms that set a password.
 */

export { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE };

export interface PasswordStrength {
  /** zxcvbn's score, 0 to 4. */
  score: 0 | 1 | 2 | 3 | 4;
  /** Whether the password may be used. */
  acceptable: boolean;
  /** Why not, or how to do better, in words a person reads; empty when there is nothing to say. */
  message: string;
}

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return factory;
}

/**
 * Judges a password. `personal` holds what the account already says about its owner (e-mail,
 * names, the product's name), which an attacker tries first.
 */
export function judgePassword(password: string, personal: readonly string[] = []): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { score: 0, acceptable: false, message: `Use at least ${MIN_PASSWORD_LENGTH} characters.` };
  }
  const words = personal.flatMap((p) => [p.toLowerCase(), ...p.toLowerCase().split(/[@.\s_+-]+/)]);
  const inputs = ['holeout', 'golf', ...words.filter((word) => word.length >= 3)];
  const result = estimator().check(password, inputs);
  const score = result.score as PasswordStrength['score'];
  const hints = [result.feedback.warning, ...result.feedback.suggestions].filter((h): h is string => Boolean(h));
  if (score >= MIN_PASSWORD_SCORE) return { score, acceptable: true, message: hints.join(' ') };
  const why = hints.length > 0 ? hints.join(' ') : 'It would be guessed quickly.';
  return { score, acceptable: false, message: `This password is too easy to guess. ${why}` };
}
