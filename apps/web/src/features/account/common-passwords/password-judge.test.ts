import { dictionary } from '@zxcvbn-ts/language-common';
import { judgePassword } from '@holeout/contracts/password-strength';
import { describe, expect, it } from 'vitest';
import commonPasswords from './common-passwords.json';
import { judgeOnDevice } from './password-judge.ts';

describe('the password checks made on the device', () => {
  it('carry the 1,000 most common passwords of the server’s list (run scripts/common-passwords.mjs when it changes)', () => {
    expect(commonPasswords).toEqual(dictionary['passwords-common'].slice(0, 1000));
  });

  it('refuse at once what needs no dictionary of note, saying why', () => {
    const refused: Array<[string, RegExp]> = [
      ['short', /^Use at least 12 characters\.$/],
      ['password1234', /common password/],
      ['Password1234', /common password/],
      ['1234qwerty12', /common password/],
      ['123qweasdzxc', /common password/],
      ['iloveyou2026', /common password/],
      ['aaaaaaaaaaaaaa', /Repeated characters/],
      ['abababababab', /Repeated characters/],
    ];
    for (const [password, why] of refused) {
      const verdict = judgeOnDevice(password);
      expect(verdict, password).toMatchObject({ acceptable: false, score: 0, source: 'device' });
      expect(verdict!.message, password).toMatch(why);
    }
    for (const password of ['fairway-finder-42', 'Tr0ub4dor&3xyz', 'correct horse battery staple', 'annual-birdie-ranch'])
      expect(judgeOnDevice(password), password).toBeNull();
  });

  it('never refuse a password the server would take: every refusal here is one there too', () => {
    const personal = ['sam.lee@example.test', 'Sam', 'Lee'];
    const candidates: string[] = [];
    const common = dictionary['passwords-common'];
    // Common passwords as typed, decorated and doubled, spread over the whole list.
    for (let i = 0; i < common.length; i += 97) {
      const word = common[i]!;
      candidates.push(word, `${word}2026`, `${word}-${word}`, `${word}!!1234`, `${word[0]!.toUpperCase()}${word.slice(1)}.1990`);
    }
    candidates.push('samlee123456', 'Sam.Lee.2024!', 'leesamleesam', 'sam-lee-golf-2026', 'zzzzzzzzzzzzzz', 'hole-in-one-sam');
    let refusedHere = 0;
    for (const password of candidates) {
      const here = judgeOnDevice(password);
      if (!here || here.acceptable) continue;
      refusedHere += 1;
      expect(judgePassword(password, personal).acceptable, password).toBe(false);
    }
    expect(refusedHere).toBeGreaterThan(100);
  });
});
