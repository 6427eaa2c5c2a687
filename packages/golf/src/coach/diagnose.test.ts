import { describe, expect, it } from 'vitest';
import type { Hole, Round } from '../round.ts';
import { REFERENCE_COURSE, simulateRound } from '../simulate/simulate-round.ts';
import type { StatCategory } from '../engine/types.ts';
import { CATEGORY_DISPLAY_NAMES, DIAGNOSIS_CATEGORIES } from './category-names.ts';
import { diagnose, DIAGNOSIS_FAMILY_ERROR, DIAGNOSIS_MIN_LOSS, familyWiseError, noiseRatioFor, weakestCategory } from './diagnose.ts';
import { REFERENCE_FIGURES } from './reference-figures.ts';
import { DIAGNOSIS_MIN_HOLES, DIAGNOSIS_MIN_ROUNDS, type CategoryEvidence, type DiagnosisOutcome, type DiagnosisRound } from './types.ts';

/*
 * The hand-worked example (README "The AI coach's diagnosis"), against TOUR, whose published values are:
 * E(T, 400 yd) = 3.99; E(F, 150 yd) = 2.945 (between 2.91 at 140 and 2.98 at 160);
 * E(G, 30 ft) = 1.98, E(G, 7 ft) = 1.43, E(G, 3 ft) = 1.05, E(G, 2 ft) = 1.01.
 *
 * A "good" hole, par 4 of 400 yd: drive to the fairway at 150 yd, approach to 30 ft, lag to 3 ft, holed (4).
 *   drive 3.99 - 2.945 - 1 = +0.045; mid approach 2.945 - 1.98 - 1 = -0.035;
 *   lag putt 1.98 - 1.05 - 1 = -0.07;  short putt 1.05 - 1 = +0.05.          hole: 3.99 - 4 = -0.01
 * A "three-putt" hole: the same to 30 ft, then a lag to 7 ft, a miss to 2 ft, holed (5).
 *   lag putt 1.98 - 1.43 - 1 = -0.45; mid putt 1.43 - 1.01 - 1 = -0.58; short putt 1.01 - 1 = +0.01.
 *                                                                            hole: 3.99 - 5 = -1.01
 * Three rounds of 18 holes with k = 5, 6 and 7 three-putt holes. Per round (18 holes, so already per 18):
 *   lag putts   -0.07 (18 - k) - 0.45 k = -1.26 - 0.38 k:  -3.16, -3.54, -3.92
 *   mid putts   -0.58 k:                                 -2.90, -3.48, -4.06
 *   short putts +0.05 (18 - k) + 0.01 k = 0.9 - 0.04 k:    +0.70, +0.66, +0.62
 *   drive +0.81 and mid approach -0.63 in every round; the other six categories have no shot (0).
 * Lag putts: sgPer18 = -3.54; the rounds lie -0.38, 0, +0.38 from it, so (equal holes)
 *   s^2 = 3/2 * (0.38^2 + 0 + 0.38^2) / 3 = 0.1444, s = 0.38, stdError = 0.38 / sqrt(3) = 0.2194;
 *   loss / stdError = 3.54 / 0.2194 = 16.14.
 * Mid putts: sgPer18 = -3.48, s = 0.58, stdError = 0.58 / sqrt(3) = 0.3349 (10.39 standard errors).
 * With 3 rounds (t, 2 degrees of freedom: P(T > t) = (1 - t / sqrt(t^2 + 2)) / 2):
 *   lag putts:  P = (1 - 16.14 / 16.20) / 2 = 0.00191; times 11 categories = 0.021 <= 0.05: beyond noise,
 *               but above 0.01: weak.
 *   mid putts would need 11 P <= 0.05 too, but lag putts have more to gain (3.54 > 3.48) either way;
 *   mid approach loses 0.63 in every round alike (stdError 0), so it is beyond noise but has less to gain.
 * So: Lag Putts, weak, 3.54 strokes to gain per round.
 * Its figures: 18 three-putts in 54 holes = 6.0 per round (TOUR 0.5); the 54 putts from 30 ft leave
 * 36 x 3 ft and 18 x 7 ft, a mean of 234 / 54 = 4.33 ft (TOUR 3.6); 3-6 ft putts: 36 of 36 holed = 100 % (TOUR 87).
 */
function hole(number: number, threePutt: boolean): Hole {
  const approachAndLag = [
    { from: 'T', dist: 400, to: 'F' },
    { from: 'F', dist: 150, to: 'G' },
  ] as const;
  const putts = threePutt
    ? [
        { from: 'G', dist: 30, to: 'G' },
        { from: 'G', dist: 7, to: 'G' },
        { from: 'G', dist: 2, to: 'I' },
      ]
    : [
        { from: 'G', dist: 30, to: 'G' },
        { from: 'G', dist: 3, to: 'I' },
      ];
  return { hole: number, par: 4, shots: [...approachAndLag, ...putts] as Hole['shots'] };
}

function handRound(threePutts: number, holes = 18): Round {
  return { units: 'FEET_YARDS', holes: Array.from({ length: holes }, (_, i) => hole(i + 1, i < threePutts)) };
}

const asRounds = (rounds: Round[]): DiagnosisRound[] => rounds.map((round, id) => ({ id, round }));
const evidenceOf = (outcome: DiagnosisOutcome, category: string) => outcome.evidence.find((e) => e.category === category)!;

describe('diagnose: the hand-worked example', () => {
  const outcome = diagnose(asRounds([handRound(5), handRound(6), handRound(7)]), { benchmark: 'TOUR' });

  it('measures strokes gained per 18 and its standard error by category as worked on paper', () => {
    expect(outcome.rounds).toBe(3);
    expect(outcome.holes).toBe(54);
    expect(outcome.benchmark).toBe('TOUR');
    expect(evidenceOf(outcome, 'longPutts')).toEqual({
      category: 'longPutts',
      displayName: 'Lag Putts',
      sgPer18: -3.54,
      stdError: 0.22,
      strokesToGain: 3.54,
    });
    expect(evidenceOf(outcome, 'midPutts')).toMatchObject({ sgPer18: -3.48, stdError: 0.33, strokesToGain: 3.48 });
    expect(evidenceOf(outcome, 'shortPutts')).toMatchObject({ sgPer18: 0.66, stdError: 0.02, strokesToGain: 0 });
    expect(evidenceOf(outcome, 'drive')).toMatchObject({ sgPer18: 0.81, stdError: 0, strokesToGain: 0 });
    expect(evidenceOf(outcome, 'midApproach')).toMatchObject({ sgPer18: -0.63, stdError: 0, strokesToGain: 0.63 });
    for (const category of ['shortApproach', 'longApproach', 'fwChips', 'roughChips', 'sandChips', 'other']) {
      expect(evidenceOf(outcome, category)).toMatchObject({ sgPer18: 0, stdError: 0, strokesToGain: 0 });
    }
    // Every category once, most strokes to gain first.
    expect(outcome.evidence.map((e) => e.category).sort()).toEqual([...DIAGNOSIS_CATEGORIES].sort());
    expect(outcome.evidence.slice(0, 3).map((e) => e.category)).toEqual(['longPutts', 'midPutts', 'midApproach']);
  });

  it('names Lag Putts with weak confidence: 0.021 family-wise, beyond 0.05 but not 0.01', () => {
    expect(familyWiseError(3.54, 0.38 / Math.sqrt(3), 3)).toBeCloseTo(0.021, 3);
    expect(outcome.kind).toBe('WEAKNESS');
    if (outcome.kind !== 'WEAKNESS') return;
    expect(outcome.category).toBe('longPutts');
    expect(outcome.displayName).toBe('Lag Putts');
    expect(outcome.confidence).toBe('weak');
  });

  it("puts the lag figures beside a tour player's, the largest shortfall first", () => {
    if (outcome.kind !== 'WEAKNESS') throw new Error('expected a weakness');
    expect(outcome.figures).toEqual([
      { label: 'Three-putts per round', value: 6, target: 0.5, unit: 'per round', better: 'lower' },
      { label: 'Left after a putt from 30 ft or more', value: 4.33, target: 3.6, unit: 'ft', better: 'lower' },
      { label: 'Putts holed from 3-6 ft', value: 100, target: 87, unit: '%', better: 'higher' },
    ]);
    expect(outcome.findings[0]).toBe('You three-putt 6.0 times per round; a PGA Tour player does 0.5 times.');
    expect(outcome.findings[1]).toBe('From 30 ft and more your first putt leaves 4.3 ft to go; a PGA Tour player leaves 3.6 ft.');
  });

  it('tells it in 2-4 sentences: the category, strokes to gain, the strongest finding, what to practise, and that it is weak', () => {
    if (outcome.kind !== 'WEAKNESS') throw new Error('expected a weakness');
    const sentences = outcome.narrative.split(/(?<=\.) /);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(sentences[0]).toContain('Lag Putts');
    expect(sentences[0]).toContain('3.5 strokes per round');
    expect(sentences[0]).toContain('a PGA Tour player');
    expect(outcome.narrative).toContain('You three-putt 6.0 times per round');
    expect(outcome.narrative).toMatch(/Practise pace from 30 ft/);
    expect(outcome.narrative).toMatch(/evidence is still weak after 3 rounds/);
  });
});

describe('diagnose: not enough rounds', () => {
  const cases: Array<{ name: string; rounds: Round[]; evidence: number }> = [
    { name: 'no round', rounds: [], evidence: 0 },
    { name: 'one round of 18', rounds: [handRound(6)], evidence: 0 },
    { name: 'two rounds of 18 (36 holes)', rounds: [handRound(6), handRound(7)], evidence: 11 },
    { name: 'three rounds of 9 (27 holes)', rounds: [handRound(3, 9), handRound(2, 9), handRound(4, 9)], evidence: 11 },
    { name: 'five rounds of 9 (45 holes)', rounds: Array.from({ length: 5 }, (_, i) => handRound(i % 3, 9)), evidence: 11 },
    { name: 'two of 18 and one of 9 (45 holes)', rounds: [handRound(6), handRound(7), handRound(3, 9)], evidence: 11 },
  ];
  it.each(cases)('$name: NOT_ENOUGH_ROUNDS with the evidence measured so far', ({ rounds, evidence }) => {
    const outcome = diagnose(asRounds(rounds), { benchmark: 'TOUR' });
    expect(outcome.kind).toBe('NOT_ENOUGH_ROUNDS');
    expect(outcome.rounds).toBe(rounds.length);
    expect(outcome.holes).toBe(rounds.reduce((sum, r) => sum + r.holes.length, 0));
    expect(outcome.evidence).toHaveLength(evidence);
    expect('category' in outcome).toBe(false);
  });

  it(`needs both ${DIAGNOSIS_MIN_ROUNDS} rounds and ${DIAGNOSIS_MIN_HOLES} holes: six rounds of 9 and two of 18 with two of 9 are enough`, () => {
    const nines = diagnose(asRounds(Array.from({ length: 6 }, (_, i) => handRound(2 + (i % 3), 9))), { benchmark: 'TOUR' });
    expect(nines.kind).not.toBe('NOT_ENOUGH_ROUNDS');
    expect(nines.holes).toBe(54);
    const mixed = diagnose(asRounds([handRound(5), handRound(7), handRound(3, 9), handRound(3, 9)]), { benchmark: 'TOUR' });
    expect(mixed.kind).not.toBe('NOT_ENOUGH_ROUNDS');
  });

  it('weighs rounds by their holes: a 9-hole round counts half in strokes gained per 18', () => {
    // Lag putts: 18 holes with 6 three-putts (-3.54) and, twice, 9 holes with 4 (-0.07 x 5 - 0.45 x 4 = -2.15, i.e.
    // -4.30 per 18): (-3.54 - 2.15 - 2.15) / 36 holes x 18 = -3.92 (an unweighted mean of the three would be -4.05).
    // Spread: weights 18, 9, 9 at -0.38, +0.38, +0.38 from the mean: s^2 = 3/2 x (18 + 9 + 9) x 0.1444 / 36 = 0.2166,
    // stdError = sqrt(0.2166 / 3) = 0.27.
    const outcome = diagnose(asRounds([handRound(6), handRound(4, 9), handRound(4, 9)]), { benchmark: 'TOUR' });
    expect(evidenceOf(outcome, 'longPutts')).toMatchObject({ sgPer18: -3.92, stdError: 0.27 });
  });
});

describe('the selection rule (weakestCategory)', () => {
  const e = (category: StatCategory, strokesToGain: number, stdError: number): CategoryEvidence => ({
    category,
    displayName: CATEGORY_DISPLAY_NAMES[category],
    sgPer18: -strokesToGain,
    stdError,
    strokesToGain,
  });

  it('the bar in standard errors falls with rounds, towards the normal 2.61 of 0.05 / 11', () => {
    expect(noiseRatioFor(3)).toBeCloseTo(10.42, 1);
    expect(noiseRatioFor(5)).toBeCloseTo(4.73, 1);
    expect(noiseRatioFor(10)).toBeCloseTo(3.31, 1);
    expect(noiseRatioFor(20)).toBeCloseTo(2.9, 1);
    expect(noiseRatioFor(100_000)).toBeCloseTo(2.61, 1);
  });

  const cases: Array<{ name: string; evidence: CategoryEvidence[]; rounds: number; expected: string | null; confidence?: string }> = [
    {
      name: 'a loss just over the bar is named, weakly',
      evidence: [e('drive', 1.0, 1.0 / 3.0)],
      rounds: 20,
      expected: 'drive',
      confidence: 'weak',
    },
    { name: 'a loss just under the bar is not', evidence: [e('drive', 1.0, 1.0 / 2.8)], rounds: 20, expected: null },
    { name: 'well over the bar is strong', evidence: [e('drive', 1.0, 1.0 / 3.8)], rounds: 20, expected: 'drive', confidence: 'strong' },
    { name: 'the same ratio with 3 rounds is noise', evidence: [e('drive', 1.0, 1.0 / 3.8)], rounds: 3, expected: null },
    {
      name: 'a sure loss under the minimum is not worth a plan',
      evidence: [e('other', DIAGNOSIS_MIN_LOSS - 0.01, 0.001)],
      rounds: 20,
      expected: null,
    },
    {
      name: 'a sure loss at the minimum is named',
      evidence: [e('other', DIAGNOSIS_MIN_LOSS, 0.001)],
      rounds: 20,
      expected: 'other',
      confidence: 'strong',
    },
    {
      name: 'the most strokes to gain among the sure ones wins',
      evidence: [e('midPutts', 1.2, 0.2), e('longPutts', 1.5, 0.3), e('drive', 2.5, 1.2)],
      rounds: 20,
      expected: 'longPutts',
    },
    { name: 'no loss, nothing named', evidence: [e('drive', 0, 0.2), e('longPutts', 0, 0)], rounds: 20, expected: null },
  ];
  it.each(cases)('$name', ({ evidence, rounds, expected, confidence }) => {
    const weakest = weakestCategory(evidence, rounds);
    expect(weakest?.evidence.category ?? null).toBe(expected);
    if (confidence) expect(weakest?.confidence).toBe(confidence);
    if (weakest) expect(weakest.familyError).toBeLessThanOrEqual(DIAGNOSIS_FAMILY_ERROR);
  });
});

describe('diagnose: no weakness', () => {
  it('a player better than the target everywhere: NO_WEAKNESS, with every category measured', () => {
    const rounds = asRounds(
      Array.from({ length: 5 }, (_, i) => simulateRound({ seed: 300 + i, benchmark: 'EIGHTY', course: REFERENCE_COURSE })),
    );
    const outcome = diagnose(rounds, { benchmark: 'HUNDRED' });
    expect(outcome.kind).toBe('NO_WEAKNESS');
    expect(outcome.evidence).toHaveLength(11);
    expect(outcome.benchmarkLabel).toBe('100 golfer');
  });

  it('a large loss that three rounds cannot tell from noise is not named', () => {
    // Against a 100 golfer the hand rounds still lose on the lag putts, but by fewer standard errors than the 10.4
    // that three rounds need.
    const outcome = diagnose(asRounds([handRound(5), handRound(6), handRound(7)]), { benchmark: 'HUNDRED' });
    const lag = evidenceOf(outcome, 'longPutts');
    expect(lag.strokesToGain).toBeGreaterThan(1);
    expect(lag.strokesToGain / lag.stdError).toBeLessThan(noiseRatioFor(3));
    expect(outcome.kind).toBe('NO_WEAKNESS');
  });
});

describe('diagnose: custom targets', () => {
  const rounds = asRounds([handRound(5), handRound(6), handRound(7)]);

  it('a target of 90 measures and reads exactly as NINETY, under its own id', () => {
    const custom = diagnose(rounds, { benchmark: { targetScore: 90 } });
    const ninety = diagnose(rounds, { benchmark: 'NINETY' });
    expect(custom.benchmark).toBe('CUSTOM:90');
    expect(custom.evidence).toEqual(ninety.evidence);
    expect(custom.kind).toBe(ninety.kind);
  });

  it('a handicap of 18 on a 72 / 113 course is a target of 90 as well', () => {
    const custom = diagnose(rounds, { benchmark: { handicapIndex: 18, courseRating: 72, slope: 113 } });
    expect(custom.evidence).toEqual(diagnose(rounds, { benchmark: 'NINETY' }).evidence);
  });

  it("a target of 77 reads its figures halfway between a scratch golfer's and an 80 golfer's", () => {
    // Three-putts against a target of 77: lag putting loses there too (a loss per round more than 2.9 standard errors).
    const many = asRounds(Array.from({ length: 8 }, (_, i) => handRound(6 + (i % 3))));
    const outcome = diagnose(many, { benchmark: { targetScore: 77 } });
    expect(outcome.benchmark).toBe('CUSTOM:77');
    if (outcome.kind !== 'WEAKNESS') throw new Error(`expected a weakness, got ${outcome.kind}`);
    expect(outcome.category).toBe('longPutts');
    const threePutts = outcome.figures.find((f) => f.label === 'Three-putts per round')!;
    expect(threePutts.target).toBeCloseTo(
      (REFERENCE_FIGURES.SCRATCH.threePuttsPerRound + REFERENCE_FIGURES.EIGHTY.threePuttsPerRound) / 2,
      2,
    );
    expect(outcome.narrative).toContain('a golfer who shoots 77');
  });

  it('refuses a target out of range, like the engine', () => {
    expect(() => diagnose(rounds, { benchmark: { targetScore: 40 } })).toThrow(RangeError);
  });
});
