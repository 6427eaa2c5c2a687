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

  it('reads every distance as Number reads it: decimals, long decimals and exponents', () => {
    for (const dist of [0, 7, 12.5, 156.49999999999997, 0.1 + 0.2, 1e-7, 123456789012.25, 1e21, 3.0000000000000004])
      expect(holesFromShotText(shotText([{ hole: 1, par: 4, shots: [{ from: 'T', dist, to: 'I' }] }]))[0]!.shots[0]!.dist).toBe(dist);
  });

  it('reads the holes of a round with no shots on some holes, and a round of one shot', () => {
    expect(holesFromShotText('1.3:|2.4:G3I|3.5:')).toEqual([
      { hole: 1, par: 3, shots: [] },
      { hole: 2, par: 4, shots: [{ from: 'G', dist: 3, to: 'I' }] },
      { hole: 3, par: 5, shots: [] },
    ]);
  });

  it.each([
    '1.4',
    '1:T412F',
    '.4:T1F',
    '1.4:T412',
    '1.4:TF',
    '1.4:T41x2F',
    'a.4:T1F',
    '1.:T1F',
    '1.4:X12F',
    '1.4:T12Fq',
    '1.4:T12F;',
    '1.4:T12F;|2.4:',
    '1.4:T12F|',
    '1.4:T12F|x',
  ])('refuses malformed text %j', (text) => {
    expect(() => holesFromShotText(text)).toThrow(RangeError);
  });
});
