import { describe, expect, it } from 'vitest';
import type { Hole } from './round.ts';
import { holesFromShotText, shotText } from './shot-text.ts';
import { REFERENCE_COURSE, simulateRound } from './simulate/simulate-round.ts';

/** What the statistics read of a hole: number, par and each shot's from, dist, to and miss. */
const statsView = (holes: readonly Hole[]): Hole[] =>
  holes.map((hole) => ({
    hole: hole.hole,
    par: hole.par,
    shots: hole.shots.map((shot) => ({ from: shot.from, dist: shot.dist, to: shot.to, ...(shot.miss ? { miss: shot.miss } : {}) })),
  }));

describe('shot text', () => {
  it('writes a hand-made round as the grammar says and reads it back', () => {
    const holes: Hole[] = [
      {
        hole: 1,
        par: 4,
        stroke_index: 7,
        pin: { lat: 51.5, lon: -0.12 },
        shots: [
          { from: 'T', dist: 412, to: 'R', miss: 'l', lat: 51.5, lon: -0.13 },
          { from: 'R', dist: 156.5, to: 'S', miss: 'rs' },
          { from: 'S', dist: 12, to: 'G' },
          { from: 'G', dist: 24, to: 'G', miss: 'lo' },
          { from: 'G', dist: 2, to: 'I' },
        ],
      },
      {
        hole: 2,
        par: 3,
        shots: [
          { from: 'T', dist: 165, to: 'O', miss: 'r' },
          { from: 'T', dist: 165, to: 'H' },
          { from: 'H', dist: 40, to: 'F' },
        ],
      },
      { hole: 3, par: 5, shots: [] },
    ];
    const text = shotText(holes);
    expect(text).toBe('1.4:T412Rl;R156.5Srs;S12G;G24Glo;G2I|2.3:T165Or;T165H;H40F|3.5:');
    expect(holesFromShotText(text)).toEqual(statsView(holes));
  });

  it('reads back what the statistics read of 200 simulated rounds of every level, 9 holes and 18', () => {
    for (const benchmark of ['SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED'] as const)
      for (let seed = 0; seed < 50; seed += 1) {
        const round = simulateRound({ seed, benchmark, course: REFERENCE_COURSE, ...(seed % 5 === 0 ? { holes: 9 } : {}) });
        expect(holesFromShotText(shotText(round.holes))).toEqual(statsView(round.holes));
      }
  });

  it('is empty for no holes', () => {
    expect(shotText([])).toBe('');
    expect(holesFromShotText('')).toEqual([]);
  });

  it.each(['1.4', '1:T412F', '.4:T1F', '1.4:T412', '1.4:TF', '1.4:T41x2F', 'a.4:T1F'])('refuses malformed text %j', (text) => {
    expect(() => holesFromShotText(text)).toThrow(RangeError);
  });
});
