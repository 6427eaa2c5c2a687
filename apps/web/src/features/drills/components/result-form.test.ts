import { describe, expect, it } from 'vitest';
import { defaultAttemptTime } from './result-form.tsx';

describe('defaultAttemptTime', () => {
  const now = new Date('2026-11-22T18:00:00Z');
  it('is now for an attempt at an event of the same half day, or with no event', () => {
    expect(defaultAttemptTime('2026-11-22T16:00:00Z', now)).toBe(now);
    expect(defaultAttemptTime('2026-11-23T05:00:00Z', now)).toBe(now);
    expect(defaultAttemptTime(undefined, now)).toBe(now);
  });
  it("is the event's start when the results are entered on another day", () => {
    expect(defaultAttemptTime('2026-11-15T17:00:00Z', now).toISOString()).toBe('2026-11-15T17:00:00.000Z');
    expect(defaultAttemptTime('2026-11-24T09:00:00Z', now).toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });
});
