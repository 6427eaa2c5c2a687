import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, commentBody, commentLength } from './comments.ts';

describe('commentBody', () => {
  it('keeps line breaks and tabs, trims the ends, and counts an emoji once', () => {
    expect(commentBody.parse({ body: '  Good round.\n\tPutting next.  ' })).toEqual({ body: 'Good round.\n\tPutting next.' });
    const emoji = '⛳'.repeat(COMMENT_MAX_LENGTH);
    expect(commentBody.safeParse({ body: emoji }).success).toBe(true);
    expect(commentLength(`  ${emoji}  `)).toBe(COMMENT_MAX_LENGTH);
    expect(commentBody.safeParse({ body: '🏌️' }).success).toBe(true);
  });

  const refused: Array<[string, unknown]> = [
    ['empty', { body: '' }],
    ['whitespace only', { body: ' \n\t ' }],
    ['2,001 characters', { body: 'a'.repeat(COMMENT_MAX_LENGTH + 1) }],
    ['2,001 characters after trimming', { body: ` ${'a'.repeat(COMMENT_MAX_LENGTH + 1)} ` }],
    ['a NUL', { body: 'a\u0000b' }],
    ['a bell', { body: 'a\u0007b' }],
    ['an escape', { body: 'a\u001b[31mb' }],
    ['a carriage return', { body: 'a\r\nb' }],
    ['a C1 control', { body: 'a\u0085b' }],
    ['a right-to-left override', { body: 'a\u202eb' }],
    ['a zero-width space', { body: 'a\u200bb' }],
    ['a lone surrogate', { body: 'a\ud800b' }],
    ['no body', {}],
    ['a number', { body: 5 }],
    ['null', { body: null }],
    ['an extra key', { body: 'Nice', uid: 3 }],
  ];
  for (const [what, input] of refused) {
    it(`refuses ${what}`, () => {
      const parsed = commentBody.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.length).toBeGreaterThan(0);
    });
  }

  it('takes exactly 2,000 characters after trimming', () => {
    expect(commentBody.safeParse({ body: ` ${'a'.repeat(COMMENT_MAX_LENGTH)}\n` }).success).toBe(true);
  });
});
