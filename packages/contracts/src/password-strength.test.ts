import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength.ts';

describe('judgePassword (zxcvbn with the common and English dictionaries)', () => {
  it('refuses short passwords before asking zxcvbn', () => {
    expect(judgePassword('Tr0ub4dor&3')).toEqual({ score: 0, acceptable: false, message: 'Use at least 12 characters.' });
  });

  it('refuses common passwords, keyboard walks and repeats with a reason', () => {
    for (const weak of ['password1234', 'qwertyuiop12', 'golfgolfgolfgolf', '123456789012', 'iloveyou2026']) {
      const judged = judgePassword(weak);
      expect(judged.acceptable, weak).toBe(false);
      expect(judged.score, weak).toBeLessThan(3);
      expect(judged.message, weak).toMatch(/^This password is too easy to guess\. \S/);
    }
  });

  it('refuses a password made of what the account already says about its owner', () => {
    expect(judgePassword('nia.novak@example.test', ['nia.novak@example.test', 'Nia', 'Novak']).acceptable).toBe(false);
  });

  it('accepts long passphrases and random strings', () => {
    for (const strong of ['fairway-first-2026', 'birdie-eagle-albatross', 'k8#Qz!p2Lw@9', 'correct-horse-battery']) {
      expect(judgePassword(strong).acceptable, strong).toBe(true);
    }
  });
});
