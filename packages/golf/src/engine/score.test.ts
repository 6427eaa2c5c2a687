import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hole, Round, Shot, StartLie } from '../round.ts';
import { expectedStrokes } from '../baselines/baseline.ts';
import {
  addSgBreakdown,
  categorise,
  DEFAULT_CATEGORY_BOUNDARIES,
  emptySgBreakdown,
  mapSgBreakdown,
  scaleSgBreakdown,
  sgBreakdownOf,
  validateCategoryBoundaries,
} from './categories.ts';
import { normaliseRound, scoreRound } from './score.ts';
import type { SgBreakdown } from './types.ts';
import { RoundError, validateRound } from './validate.ts';
import { arbRef, arbRound } from './testing/arbitraries.ts';

const round = (holes: Hole[], units: Round['units'] = 'FEET_YARDS'): Round => ({ units, holes });
const shot = (from: StartLie, dist: number, to: Shot['to'], miss?: Shot['miss']): Shot =>
  miss ? { from, dist, to, miss } : { from, dist, to };

/** Broadie's putting example: a par 4 reached in two, then putts from 33 ft. */
const puttsFrom33 = (putts: Shot[]): Round =>
  round([{ hole: 1, par: 4, shots: [shot('T', 402, 'F'), shot('F', 148, 'G', 's'), ...putts] }]);

const sumCategories = (sg: SgBreakdown) => sg.tee + sg.approach.overall + sg.chip.overall + sg.putt.overall;

describe('worked examples', () => {
  it('a 33 ft two-putt gains 0.004 against TOUR (~0.00); a three-putt loses 0.996 (~1.00)', () => {
    const two = scoreRound(puttsFrom33([shot('G', 33, 'G'), shot('G', 3, 'I')]), 'TOUR');
    const twoPutts = two.holes[0]!.shots.slice(2);
    expect(twoPutts[0]!.sg).toBeCloseTo(2.004 - 1.05 - 1, 12);
    expect(twoPutts[1]!.sg).toBeCloseTo(0.05, 12);
    expect(twoPutts[0]!.sg + twoPutts[1]!.sg).toBeCloseTo(0.004, 12);
    expect(two.sg.putt.overall).toBeCloseTo(0.004, 12);

    const three = scoreRound(puttsFrom33([shot('G', 33, 'G'), shot('G', 6, 'G'), shot('G', 2, 'I')]), 'TOUR');
    expect(three.sg.putt.overall).toBeCloseTo(-0.996, 12);
    expect(three.sg.putt.long).toBeCloseTo(2.004 - 1.34 - 1, 12);
    expect(three.sg.putt.mid).toBeCloseTo(1.34 - 1.01 - 1, 12);
    expect(three.sg.putt.short).toBeCloseTo(0.01, 12);
  });

  it('scores an example par 4 shot by shot (TOUR)', () => {
    const scored = scoreRound(
      round([{ hole: 1, par: 4, shots: [shot('T', 402, 'F'), shot('F', 148, 'G', 's'), shot('G', 24, 'G', 'lo'), shot('G', 3, 'I')] }]),
      'TOUR',
    );
    const [drive, approach, lag, tapIn] = scored.holes[0]!.shots;
    const e = (lie: StartLie, d: number) => expectedStrokes('TOUR', lie, d);
    expect(drive).toMatchObject({ category: 'drive', penalty: 0, endDist: 148, dist: 402 });
    expect(drive!.sg).toBeCloseTo(e('T', 402) - e('F', 148) - 1, 12);
    expect(approach).toMatchObject({ category: 'midApproach', endDist: 24, miss: 's' });
    expect(approach!.sg).toBeCloseTo(2.938 - 1.914 - 1, 12);
    expect(lag).toMatchObject({ category: 'longPutts', endDist: 3 });
    expect(tapIn).toMatchObject({ category: 'shortPutts', endDist: 0, sg: 1.05 - 1 });
    expect(scored.holes[0]!.sg).toBeCloseTo(e('T', 402) - 4, 12);
    expect(scored).toMatchObject({ benchmark: 'TOUR', score: 4, par: 4 });
  });

  it('out of bounds replayed from the same spot costs exactly 2.00', () => {
    for (const ref of ['TOUR', 'NINETY', 'LPGA', { targetScore: 83 }] as const) {
      const scored = scoreRound(
        round([
          {
            hole: 7,
            par: 4,
            shots: [shot('T', 410, 'O', 'r'), shot('T', 410, 'F'), shot('F', 150, 'G'), shot('G', 10, 'G'), shot('G', 1, 'I')],
          },
        ]),
        ref,
      );
      const hole = scored.holes[0]!;
      expect(hole.shots[0]).toMatchObject({ sg: -2, penalty: 1, endDist: null, category: 'drive' });
      expect(hole.score).toBe(6);
      expect(hole.penalties).toBe(1);
      expect(hole.sg).toBeCloseTo(expectedStrokes(ref, 'T', 410) - 6, 12);
    }
  });

  it('a ball in a penalty area played as it lies costs nothing extra; a drop costs one stroke', () => {
    const asItLies = scoreRound(round([{ hole: 2, par: 3, shots: [shot('T', 170, 'H'), shot('H', 20, 'G'), shot('G', 4, 'I')] }]), 'TOUR');
    expect(asItLies.holes[0]!.shots[0]).toMatchObject({ penalty: 0, endDist: 20, category: 'longApproach' });
    expect(asItLies.holes[0]!.shots[1]).toMatchObject({ category: 'other', penalty: 0 });
    expect(asItLies.holes[0]!.score).toBe(3);
    expect(asItLies.sg.chip.other).toBeCloseTo(3.51 - 1.14 - 1, 12);

    const dropped = scoreRound(round([{ hole: 2, par: 3, shots: [shot('T', 170, 'H'), shot('R', 40, 'G'), shot('G', 4, 'I')] }]), 'TOUR');
    const teeShot = dropped.holes[0]!.shots[0]!;
    expect(teeShot.penalty).toBe(1);
    expect(teeShot.sg).toBeCloseTo(expectedStrokes('TOUR', 'T', 170) - 2.78 - 2, 12);
    expect(dropped.holes[0]).toMatchObject({ score: 4, penalties: 1 });
    expect(dropped.sg.approach.long).toBeCloseTo(teeShot.sg, 12); // the penalty stays in the shot's category
  });

  it('adds holes into the round and keeps categories summing to overall', () => {
    const scored = scoreRound(
      round([
        { hole: 1, par: 4, shots: [shot('T', 380, 'R'), shot('R', 160, 'S'), shot('S', 25, 'G'), shot('G', 12, 'I')] },
        { hole: 2, par: 5, shots: [shot('T', 520, 'F'), shot('F', 240, 'F'), shot('F', 45, 'G'), shot('G', 5, 'I')] },
        { hole: 3, par: 3, shots: [shot('T', 45, 'G'), shot('G', 30, 'G'), shot('G', 2, 'I')] },
      ]),
      'EIGHTY',
    );
    expect(scored.score).toBe(11);
    expect(scored.par).toBe(12);
    expect(scored.holes[2]!.shots[0]!.category).toBe('other'); // par-3 tee shot within chip range
    const holeSum = scored.holes.reduce((sum, hole) => sum + hole.sg, 0);
    expect(scored.sg.overall).toBeCloseTo(holeSum, 12);
    expect(sumCategories(scored.sg)).toBeCloseTo(scored.sg.overall, 12);
    expect(scored.sg.chip.sand).toBeCloseTo(expectedStrokes('EIGHTY', 'S', 25) - expectedStrokes('EIGHTY', 'G', 12) - 1, 12);
    expect(scored.sg.chip.fairway).toBeCloseTo(expectedStrokes('EIGHTY', 'F', 45) - expectedStrokes('EIGHTY', 'G', 5) - 1, 12);
    // Per hole too: hole 1's sand shot is its only sand chip, and hole 2 has no sand shot.
    const [first, second] = scored.holes;
    expect(sgBreakdownOf(first!.shots).chip.sand).toBeCloseTo(scored.sg.chip.sand, 12);
    expect(sgBreakdownOf(second!.shots).chip.sand).toBe(0);
    expect(sgBreakdownOf(second!.shots).chip.fairway).toBeCloseTo(scored.sg.chip.fairway, 12);
    expect(sgBreakdownOf(first!.shots).overall).toBeCloseTo(first!.sg, 12);
  });
});

describe('units', () => {
  it('normalises to FEET_YARDS with the fixed constants and scores the same round alike', () => {
    const metric = round(
      [{ hole: 1, par: 4, shots: [shot('T', 366, 'F'), shot('F', 135, 'G'), shot('G', 0.2, 'G'), shot('G', 3, 'I')] }],
      'METERS_METERS',
    );
    const normalised = normaliseRound(metric);
    expect(normalised.units).toBe('FEET_YARDS');
    const shots = normalised.holes[0]!.shots;
    expect(shots[0]!.dist).toBeCloseTo(366 * 1.0936, 12);
    expect(shots[2]!.dist).toBe(1); // 0.66 ft: converted distances are never below 1
    expect(shots[3]!.dist).toBeCloseTo(3 * 3.28084, 12);
    expect(metric.holes[0]!.shots[0]!.dist).toBe(366); // input untouched
    const a = scoreRound(metric, 'TOUR');
    const b = scoreRound(normalised, 'TOUR');
    expect(a.sg.overall).toBeCloseTo(b.sg.overall, 12);
    expect(a.holes[0]!.shots[1]!.dist).toBeCloseTo(135 * 1.0936, 12);
    expect(a.holes[0]!.shots[1]!.endDist).toBe(1);
  });

  it('refuses unknown units when normalising', () => {
    expect(() => normaliseRound({ units: 'CUBITS' as Round['units'], holes: [] })).toThrow("Round: unknown units 'CUBITS'");
  });

  it('reads putts in yards for YARDS_METERS', () => {
    const scored = scoreRound(round([{ hole: 1, par: 3, shots: [shot('T', 150, 'G'), shot('G', 3, 'I')] }], 'YARDS_METERS'), 'TOUR');
    expect(scored.holes[0]!.shots[1]).toMatchObject({ dist: 9, category: 'midPutts' });
    expect(scored.holes[0]!.shots[0]!.dist).toBeCloseTo(150 * 1.0936, 12);
  });
});

describe('categories', () => {
  const b = DEFAULT_CATEGORY_BOUNDARIES;
  it.each([
    ['G', 5.99, 4, 'shortPutts'],
    ['G', 6, 4, 'midPutts'],
    ['G', 20, 4, 'midPutts'],
    ['G', 20.5, 4, 'longPutts'],
    ['F', 50, 4, 'fwChips'],
    ['R', 12, 4, 'roughChips'],
    ['S', 50, 4, 'sandChips'],
    ['F', 51, 4, 'shortApproach'],
    ['S', 100, 5, 'shortApproach'],
    ['R', 101, 4, 'midApproach'],
    ['F', 150, 4, 'midApproach'],
    ['F', 151, 4, 'longApproach'],
    ['T', 300, 4, 'drive'],
    ['T', 90, 4, 'drive'],
    ['T', 520, 5, 'drive'],
    ['T', 580, 6, 'drive'],
    ['T', 160, 3, 'longApproach'],
    ['T', 95, 3, 'shortApproach'],
    ['T', 40, 3, 'other'],
    ['H', 30, 4, 'other'],
    ['H', 200, 4, 'longApproach'],
    ['H', 80, 4, 'shortApproach'],
    ['H', 50, 4, 'other'],
  ] as const)('%s %d yd/ft on par %d is %s', (from, distance, par, category) => {
    expect(categorise(from, distance, par, b)).toBe(category);
  });

  it('follows custom boundaries', () => {
    const custom = { chipMaxYards: 30, shortApproachMaxYards: 80, midApproachMaxYards: 170, shortPuttMaxFeet: 4, midPuttMaxFeet: 15 };
    expect(categorise('F', 40, 4, custom)).toBe('shortApproach');
    expect(categorise('F', 160, 4, custom)).toBe('midApproach');
    expect(categorise('G', 5, 4, custom)).toBe('midPutts');
    expect(categorise('G', 16, 4, custom)).toBe('longPutts');
    const scored = scoreRound(
      round([{ hole: 1, par: 4, shots: [shot('T', 300, 'F'), shot('F', 40, 'G'), shot('G', 5, 'I')] }]),
      'TOUR',
      custom,
    );
    expect(scored.holes[0]!.shots.map((s) => s.category)).toEqual(['drive', 'shortApproach', 'midPutts']);
  });

  it('validates boundaries', () => {
    expect(validateCategoryBoundaries(DEFAULT_CATEGORY_BOUNDARIES)).toEqual([]);
    expect(validateCategoryBoundaries({ ...DEFAULT_CATEGORY_BOUNDARIES, chipMaxYards: 120 })).toEqual([
      'Chip distance must be less than the short approach distance',
    ]);
    expect(validateCategoryBoundaries({ ...DEFAULT_CATEGORY_BOUNDARIES, midPuttMaxFeet: 6, midApproachMaxYards: 90 })).toEqual([
      'Short approach distance must be less than the mid approach distance',
      'Short putt distance must be less than the mid putt distance',
    ]);
    expect(validateCategoryBoundaries({ ...DEFAULT_CATEGORY_BOUNDARIES, shortPuttMaxFeet: -1 })).toEqual([
      'Short putt distance (shortPuttMaxFeet) must be a positive number',
    ]);
    expect(() =>
      scoreRound(round([{ hole: 1, par: 3, shots: [shot('T', 150, 'G'), shot('G', 3, 'I')] }]), 'TOUR', {
        ...DEFAULT_CATEGORY_BOUNDARIES,
        chipMaxYards: Number.NaN,
      }),
    ).toThrow(RangeError);
  });

  it('adds and scales breakdowns field by field', () => {
    const one = scoreRound(puttsFrom33([shot('G', 33, 'G'), shot('G', 3, 'I')]), 'TOUR').sg;
    const sum = addSgBreakdown(addSgBreakdown(emptySgBreakdown(), one), one);
    expect(sum.putt.long).toBeCloseTo(2 * one.putt.long, 12);
    expect(sum.approach.mid).toBeCloseTo(2 * one.approach.mid, 12);
    const half = scaleSgBreakdown(sum, 0.5);
    expect(half).toEqual(scaleSgBreakdown(addSgBreakdown(one, one), 0.5));
    expect(half.overall).toBeCloseTo(one.overall, 12);
    expect(emptySgBreakdown().chip).toEqual({ fairway: 0, rough: 0, sand: 0, other: 0, overall: 0 });
  });
});

describe('validation names the hole and shot', () => {
  const base = (): Round =>
    round([
      { hole: 1, par: 4, shots: [shot('T', 400, 'F'), shot('F', 150, 'G'), shot('G', 10, 'I')] },
      { hole: 2, par: 3, shots: [shot('T', 160, 'G'), shot('G', 20, 'G'), shot('G', 2, 'I')] },
    ]);
  const failure = (mutate: (r: Round) => void): RoundError => {
    const r = base();
    mutate(r);
    try {
      validateRound(r);
    } catch (error) {
      if (error instanceof RoundError) return error;
      throw error;
    }
    throw new Error('expected a RoundError');
  };

  it('accepts a valid round', () => {
    expect(() => validateRound(base())).not.toThrow();
  });

  it.each([
    [
      'unknown start lie',
      (r: Round) => {
        (r.holes[1]!.shots[1] as { from: string }).from = 'X';
      },
      2,
      2,
      "Hole 2, shot 2: unknown start lie 'X'",
    ],
    [
      'unknown end lie',
      (r: Round) => {
        (r.holes[0]!.shots[0] as { to: string }).to = 'W';
      },
      1,
      1,
      "Hole 1, shot 1: unknown end lie 'W'",
    ],
    [
      'negative distance',
      (r: Round) => {
        r.holes[0]!.shots[1]!.dist = -150;
      },
      1,
      2,
      'Hole 1, shot 2: distance -150 must be a positive number',
    ],
    [
      'zero distance',
      (r: Round) => {
        r.holes[0]!.shots[1]!.dist = 0;
      },
      1,
      2,
      'must be a positive number',
    ],
    [
      'text distance',
      (r: Round) => {
        (r.holes[0]!.shots[1] as { dist: unknown }).dist = '150';
      },
      1,
      2,
      'must be a positive number',
    ],
    [
      'hole not ending in I',
      (r: Round) => {
        r.holes[1]!.shots[2]!.to = 'G';
      },
      2,
      3,
      'Hole 2, shot 3: the last shot of a hole must end in the hole (I)',
    ],
    [
      'I before the last shot',
      (r: Round) => {
        r.holes[1]!.shots[1]!.to = 'I';
      },
      2,
      2,
      'only the last shot',
    ],
    [
      'broken chain',
      (r: Round) => {
        r.holes[0]!.shots[1]!.from = 'R';
      },
      1,
      2,
      "Hole 1, shot 2: starts from 'R' but shot 1 ended in 'F'",
    ],
    [
      'O not replayed from the same place',
      (r: Round) => {
        r.holes[0]!.shots[0]!.to = 'O';
      },
      1,
      2,
      'after out of bounds on shot 1',
    ],
    [
      'unknown miss',
      (r: Round) => {
        (r.holes[0]!.shots[1] as { miss?: string }).miss = 'up';
      },
      1,
      2,
      "unknown miss direction 'up'",
    ],
    [
      'par 7',
      (r: Round) => {
        r.holes[0]!.par = 7;
      },
      1,
      null,
      'Hole 1: par 7 must be a whole number from 3 to 6',
    ],
    [
      'par 2',
      (r: Round) => {
        r.holes[1]!.par = 2;
      },
      2,
      null,
      'par 2',
    ],
    [
      'hole 19',
      (r: Round) => {
        r.holes[1]!.hole = 19;
      },
      2,
      null,
      'hole number 19 must be a whole number from 1 to 18',
    ],
    [
      'repeated hole',
      (r: Round) => {
        r.holes[1]!.hole = 1;
      },
      1,
      null,
      'Hole 1: hole number appears more than once',
    ],
    [
      'no shots',
      (r: Round) => {
        r.holes[1]!.shots = [];
      },
      2,
      null,
      'Hole 2: a hole needs at least one shot',
    ],
    [
      'unknown units',
      (r: Round) => {
        (r as { units: string }).units = 'FURLONGS';
      },
      0,
      null,
      "Round: unknown units 'FURLONGS'",
    ],
    [
      'no holes',
      (r: Round) => {
        r.holes = [];
      },
      0,
      null,
      'Round: a round needs at least one hole',
    ],
    [
      'hole not started from the tee',
      (r: Round) => {
        r.holes[1]!.shots.shift();
      },
      2,
      1,
      "Hole 2, shot 1: the first shot of a hole is played from the tee (T), not 'G'",
    ],
    [
      'drive past 800 yd',
      (r: Round) => {
        r.holes[0]!.shots[0]!.dist = 801;
      },
      1,
      1,
      'Hole 1, shot 1: distance 801 yards is past the longest off the green (800 yards)',
    ],
    [
      'putt past 200 ft',
      (r: Round) => {
        r.holes[1]!.shots[1]!.dist = 201;
      },
      2,
      2,
      'Hole 2, shot 2: distance 201 feet is past the longest on the green (200 feet)',
    ],
    [
      'putt past 61 m',
      (r: Round) => {
        r.units = 'METERS_METERS';
        r.holes[1]!.shots[1]!.dist = 62;
      },
      2,
      2,
      'distance 62 meters is past the longest on the green (61 meters)',
    ],
    [
      'approach past 730 m',
      (r: Round) => {
        r.units = 'FEET_METERS';
        r.holes[0]!.shots[0]!.dist = 731;
      },
      1,
      1,
      'distance 731 meters is past the longest off the green (730 meters)',
    ],
    [
      'putt past 66 2/3 yd',
      (r: Round) => {
        r.units = 'YARDS_YARDS';
        r.holes[1]!.shots[1]!.dist = 67;
      },
      2,
      2,
      'distance 67 yards is past the longest on the green (66.67 yards)',
    ],
    [
      'course rating 90',
      (r: Round) => {
        r.course_rating = 90;
      },
      0,
      null,
      'Round: course rating 90 must be a number from 55 to 85',
    ],
    [
      'slope 160',
      (r: Round) => {
        r.slope = 160;
      },
      0,
      null,
      'Round: slope 160 must be a number from 55 to 155',
    ],
    [
      'tees not text',
      (r: Round) => {
        (r as { tees: unknown }).tees = 7;
      },
      0,
      null,
      'Round: tees must be text',
    ],
  ] as const)('%s', (_name, mutate, hole, shotNumber, message) => {
    const error = failure(mutate);
    expect(error.hole).toBe(hole);
    expect(error.shot).toBe(shotNumber);
    expect(error.message).toContain(message);
  });

  it('accepts distances at the bounds in every unit, and tees, course rating and slope in range', () => {
    const r = base();
    r.holes[0]!.shots[0]!.dist = 800;
    r.holes[1]!.shots[1]!.dist = 200;
    Object.assign(r, { tees: 'White', course_rating: 71.2, slope: 128 });
    expect(() => validateRound(r)).not.toThrow();
    r.units = 'METERS_METERS';
    r.holes[0]!.shots[0]!.dist = 730;
    r.holes[1]!.shots[1]!.dist = 61;
    expect(() => validateRound(r)).not.toThrow();
  });

  it('allows any next lie after H, and a replay after O from the same lie and distance', () => {
    const r = round([
      {
        hole: 9,
        par: 5,
        shots: [shot('T', 500, 'O'), shot('T', 500, 'H'), shot('T', 500, 'F'), shot('F', 250, 'H'), shot('H', 60, 'G'), shot('G', 8, 'I')],
      },
    ]);
    expect(() => validateRound(r)).not.toThrow();
    expect(scoreRound(r, 'TOUR').holes[0]).toMatchObject({ score: 8, penalties: 2 });
  });

  it('scoreRound validates first', () => {
    const r = base();
    r.holes[1]!.shots[2]!.to = 'G';
    expect(() => scoreRound(r, 'TOUR')).toThrow(RoundError);
  });
});

// ---- properties over generated valid rounds (arbitraries in ./testing/arbitraries.ts) ----

describe('properties of scored rounds', () => {
  it('hole sg = E(tee) - score, shots add to the hole, categories add to overall, holes add to the round', () => {
    fc.assert(
      fc.property(arbRound, arbRef, (r, ref) => {
        validateRound(r);
        const scored = scoreRound(r, ref);
        let holeSum = 0;
        let score = 0;
        let holeBreakdowns = emptySgBreakdown();
        for (const [i, hole] of scored.holes.entries()) {
          const first = hole.shots[0]!;
          expect(hole.sg).toBeCloseTo(expectedStrokes(ref, 'T', first.dist) - hole.score, 9);
          expect(hole.score).toBe(r.holes[i]!.shots.length + hole.penalties);
          expect(hole.shots.reduce((sum, s) => sum + s.sg, 0)).toBeCloseTo(hole.sg, 9);
          const byCategory = sgBreakdownOf(hole.shots);
          expect(byCategory.overall).toBeCloseTo(hole.sg, 9);
          expect(sumCategories(byCategory)).toBeCloseTo(byCategory.overall, 9);
          holeBreakdowns = addSgBreakdown(holeBreakdowns, byCategory);
          for (const s of hole.shots) if (s.to === 'O') expect(s.sg).toBeCloseTo(-2, 12);
          holeSum += hole.sg;
          score += hole.score;
        }
        expect(scored.score).toBe(score);
        expect(scored.sg.overall).toBeCloseTo(holeSum, 9);
        expect(sumCategories(scored.sg)).toBeCloseTo(scored.sg.overall, 9);
        // The holes' breakdowns add up to the round's, field by field.
        mapSgBreakdown(
          scored.sg,
          (round, holes) => {
            expect(holes).toBeCloseTo(round, 9);
            return 0;
          },
          holeBreakdowns,
        );
        expect(scored.sg.approach.short + scored.sg.approach.mid + scored.sg.approach.long).toBeCloseTo(scored.sg.approach.overall, 9);
        expect(scored.sg.chip.fairway + scored.sg.chip.rough + scored.sg.chip.sand + scored.sg.chip.other).toBeCloseTo(
          scored.sg.chip.overall,
          9,
        );
        expect(scored.sg.putt.short + scored.sg.putt.mid + scored.sg.putt.long).toBeCloseTo(scored.sg.putt.overall, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('normalising first does not change the result', () => {
    fc.assert(
      fc.property(arbRound, (r) => {
        expect(scoreRound(normaliseRound(r), 'NINETY').sg.overall).toBeCloseTo(scoreRound(r, 'NINETY').sg.overall, 9);
      }),
      { numRuns: 100 },
    );
  });
});

// Speed is measured by the benchmark script (npm run bench -w packages/golf), not by timed tests:
// the machines are shared and noisy.
