import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_BOUNDARIES } from '../engine/categories.ts';
import { scoreRound } from '../engine/score.ts';
import type { Round } from '../round.ts';
import { DIAGNOSIS_CATEGORIES } from './category-names.ts';
import { readFigures, tallyFigures } from './figures.ts';
import { REFERENCE_FIGURES } from './reference-figures.ts';

/*
 * Three holes worked by hand:
 * 1. par 4: a drive out of bounds (1 penalty), the second ball into the rough at 150 yd, an approach into a
 *    greenside bunker at 20 yd, out to 10 ft, holed: 6. Fairway missed, drive not measurable, a sand save
 *    (two strokes from the bunker), the bunker shot finished 10 ft away, a 10 ft putt holed.
 * 2. par 5: a 240 yd drive to the fairway (260 left), a layup to 80 yd (left out of greens hit), a wedge to 12 ft,
 *    the putt missed to 1 ft, holed: 5. A green hit from 50-100 yd at 12 ft.
 * 3. par 3: a 160 yd tee shot (a long approach) into the rough at 30 yd, a chip to 40 ft, a lag to 6 ft, a miss to
 *    2 ft, holed: 5. A three-putt; an up-and-down chance from the rough, missed; the lag left 6 ft.
 */
const round: Round = {
  units: 'FEET_YARDS',
  holes: [
    {
      hole: 1,
      par: 4,
      shots: [
        { from: 'T', dist: 400, to: 'O' },
        { from: 'T', dist: 400, to: 'R' },
        { from: 'R', dist: 150, to: 'S' },
        { from: 'S', dist: 20, to: 'G' },
        { from: 'G', dist: 10, to: 'I' },
      ],
    },
    {
      hole: 2,
      par: 5,
      shots: [
        { from: 'T', dist: 500, to: 'F' },
        { from: 'F', dist: 260, to: 'F' },
        { from: 'F', dist: 80, to: 'G' },
        { from: 'G', dist: 12, to: 'G' },
        { from: 'G', dist: 1, to: 'I' },
      ],
    },
    {
      hole: 3,
      par: 3,
      shots: [
        { from: 'T', dist: 160, to: 'R' },
        { from: 'R', dist: 30, to: 'G' },
        { from: 'G', dist: 40, to: 'G' },
        { from: 'G', dist: 6, to: 'G' },
        { from: 'G', dist: 2, to: 'I' },
      ],
    },
  ],
};

describe('figures', () => {
  const tally = tallyFigures([scoreRound(round, 'NINETY')], DEFAULT_CATEGORY_BOUNDARIES);

  it('counts each figure as worked by hand', () => {
    expect(tally).toMatchObject({
      holes: 3,
      putts: 6,
      threePutts: 1,
      drives: 2,
      fairways: 1,
      driveDistance: { count: 1, total: 240 },
      teePenalties: 1,
      penalties: 1,
      puttsUnder3: { attempts: 2, made: 2 },
      putts3to6: { attempts: 0, made: 0 },
      putts6to20: { attempts: 3, made: 1 },
      lagLeave: { count: 1, total: 6 },
      greensHit: { shortApproach: { attempts: 1, made: 1 }, midApproach: { attempts: 1, made: 0 }, longApproach: { attempts: 1, made: 0 } },
      proximity: { shortApproach: { count: 1, total: 12 }, midApproach: { count: 0 }, longApproach: { count: 0 } },
      chipProximity: { fwChips: { count: 0 }, roughChips: { count: 1, total: 40 }, sandChips: { count: 1, total: 10 } },
      upAndDown: { fairway: { attempts: 0 }, rough: { attempts: 1, made: 0 } },
      sandSaves: { attempts: 1, made: 1 },
    });
  });

  it("reads the driving figures per 18 holes beside a 90 golfer's, the largest shortfall first", () => {
    const read = readFigures('drive', tally, REFERENCE_FIGURES.NINETY, DEFAULT_CATEGORY_BOUNDARIES, 'a 90 golfer');
    // Penalties: 1 in 3 holes = 6 per 18 against 1.1, (6 - 1.1) / 1.1 = 4.45 short; drive 240 yd against 217,
    // (217 - 240) / 217 = -0.11 (better); fairways 50 % against 42 %, (42 - 50) / 42 = -0.19 (better still).
    expect(read.map((r) => [r.figure.label, r.figure.value, r.figure.target])).toEqual([
      ['Penalty strokes off the tee per round', 6, 1.1],
      ['Average drive', 240, 217],
      ['Fairways hit', 50, 42],
    ]);
    expect(read[0]!.shortfall).toBeCloseTo((6 - 1.1) / 1.1, 9);
    expect(read[0]!.finding).toBe("Your drives cost 6.0 penalty strokes per round; a 90 golfer's cost 1.1.");
    expect(read[1]!.finding).toBe('Your drives average 240 yd; a 90 golfer averages 217 yd.');
    expect(read[1]!.shortfall).toBeCloseTo((217 - 240) / 217, 9);
  });

  it('says so when there is nothing to count, and keeps the target', () => {
    const read = readFigures('fwChips', tally, REFERENCE_FIGURES.NINETY, DEFAULT_CATEGORY_BOUNDARIES, 'a 90 golfer');
    expect(read.map((r) => r.figure.value)).toEqual([null, null]);
    expect(read.map((r) => r.figure.target)).toEqual([30, 19]);
    expect(read[0]!.finding).toBe('No up-and-down chance from the fairway within 50 yd was recorded.');
  });

  it('names the bands by the player’s boundaries', () => {
    const boundaries = { ...DEFAULT_CATEGORY_BOUNDARIES, chipMaxYards: 40, shortApproachMaxYards: 90 };
    const read = readFigures('shortApproach', tally, REFERENCE_FIGURES.NINETY, boundaries, 'a 90 golfer');
    expect(read.map((r) => r.figure.label)).toContain('Greens hit from 40-90 yd');
  });

  it.each(DIAGNOSIS_CATEGORIES)("%s has figures, each with the reference golfer's figure and a finding naming them", (category) => {
    const read = readFigures(category, tally, REFERENCE_FIGURES.EIGHTY, DEFAULT_CATEGORY_BOUNDARIES, 'an 80 golfer');
    expect(read.length).toBeGreaterThan(0);
    expect(new Set(read.map((r) => r.figure.label)).size).toBe(read.length);
    for (const { figure, finding } of read) {
      expect(figure.target).not.toBeNull();
      expect(Object.values(REFERENCE_FIGURES.EIGHTY)).toContain(figure.target);
      expect(['per round', '%', 'ft', 'yd']).toContain(figure.unit);
      if (figure.value !== null) expect(finding).toContain('an 80 golfer');
      else expect(finding).toMatch(/^No /);
    }
  });
});
