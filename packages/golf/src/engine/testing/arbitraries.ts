/**
 * fast-check arbitraries for valid rounds under the round rules (O replayed from the same
 * spot, H played as it lies or dropped anywhere), every units pair, 1 to 18 holes, and benchmarks.
 * Shared by the engine's and the statistics' property tests.
 */
import fc from 'fast-check';
import type { Hole, Round, Shot, StartLie } from '../../round.ts';
import { UNITS_PAIR_NAMES } from '../../units-pairs.ts';
import type { BenchmarkRef } from '../types.ts';

/** How the previous shot ended and where the next one starts. */
type Step = { kind: 'normal' | 'ob' | 'hazardPlay' | 'hazardDrop'; lie: StartLie; dist: number };

const offGreenLie = fc.constantFrom<StartLie>('F', 'R', 'S', 'H');
// Off the green up to 320 and on it up to 60, within the round rules' bounds in every unit (800 yd or 730 m
// off the green, 200 ft or 61 m on it).
const arbStep: fc.Arbitrary<Step> = fc
  .record({
    kind: fc.constantFrom<Step['kind']>('normal', 'normal', 'normal', 'ob', 'hazardPlay', 'hazardDrop'),
    lie: fc.oneof(offGreenLie, fc.constant<StartLie>('G')),
    dist: fc.double({ min: 0.5, max: 320, noNaN: true }),
  })
  .map((step) => (step.lie === 'G' || (step.kind === 'normal' && step.lie === 'H') ? { ...step, dist: Math.min(step.dist, 60) } : step));

/** A valid hole from steps: a tee shot, then each step decides how the previous shot ended and where the next starts. */
export const arbHole = (holeNumber: number): fc.Arbitrary<Hole> =>
  fc
    .record({
      par: fc.integer({ min: 3, max: 6 }),
      teeDist: fc.double({ min: 80, max: 650, noNaN: true }),
      steps: fc.array(arbStep, { maxLength: 8 }),
    })
    .map(({ par, teeDist, steps }) => {
      const shots: Shot[] = [{ from: 'T', dist: teeDist, to: 'I' }];
      for (const step of steps) {
        const previous = shots[shots.length - 1]!;
        if (step.kind === 'ob') {
          previous.to = 'O';
          shots.push({ from: previous.from, dist: previous.dist, to: 'I' });
        } else if (step.kind === 'hazardPlay') {
          previous.to = 'H';
          shots.push({ from: 'H', dist: step.dist, to: 'I' });
        } else if (step.kind === 'hazardDrop') {
          previous.to = 'H';
          shots.push({ from: step.lie === 'H' ? 'R' : step.lie, dist: step.dist, to: 'I' });
        } else {
          // Step lies are F, R, S, H or G; a plain shot into H is covered by the hazard kinds.
          const lie = step.lie === 'H' || step.lie === 'T' ? 'G' : step.lie;
          previous.to = lie;
          shots.push({ from: lie, dist: step.dist, to: 'I' });
        }
      }
      return { hole: holeNumber, par, shots };
    });

/** A valid round of 1 to 18 holes in any units pair. */
export const arbRound: fc.Arbitrary<Round> = fc
  .record({ count: fc.integer({ min: 1, max: 18 }), units: fc.constantFrom(...UNITS_PAIR_NAMES) })
  .chain(({ count, units }) => fc.tuple(...Array.from({ length: count }, (_, i) => arbHole(i + 1))).map((holes) => ({ units, holes })));

/** A named benchmark level or a custom target score. */
export const arbRef: fc.Arbitrary<BenchmarkRef> = fc.oneof(
  fc.constantFrom('TOUR', 'SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED', 'LPGA' as const),
  fc.record({ targetScore: fc.double({ min: 60, max: 140, noNaN: true }) }),
);
