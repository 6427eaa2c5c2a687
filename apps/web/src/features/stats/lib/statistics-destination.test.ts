import { describe, expect, it } from 'vitest';
import { noRoundsDestination } from './statistics-destination.ts';

describe('noRoundsDestination', () => {
  it.each([
    [true, '/team-scoring'],
    [false, '/no-stats'],
  ])('is_coach %s goes to %s', (isCoach, path) => {
    expect(noRoundsDestination({ is_coach: isCoach })).toBe(path);
  });
});
