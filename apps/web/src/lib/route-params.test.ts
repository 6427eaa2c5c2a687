import { describe, expect, it } from 'vitest';
import { positiveId } from './route-params.ts';

describe('positiveId', () => {
  it('reads a positive whole number and nothing else', () => {
    expect(positiveId('12')).toBe(12);
    expect(positiveId('007')).toBe(7);
    for (const value of [null, '', '0', '-3', '1.5', '4e2', ' 4', 'abc', '9007199254740993'])
      expect(positiveId(value), String(value)).toBeNull();
  });
});
