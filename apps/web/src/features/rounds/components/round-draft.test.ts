import { describe, expect, it } from 'vitest';
import {
  currentHole,
  deleteShot,
  distanceProblem,
  draftFromRound,
  editShot,
  goToHole,
  holeStrokes,
  missedTarget,
  newDraft,
  nextLieOf,
  nextShotOf,
  parseDistance,
  parsOf,
  puttChips,
  recordShot,
  roundOf,
  runningScore,
  setInput,
  setMiss,
  setPar,
  undoShot,
  type RoundDraft,
} from './round-draft.ts';

const now = new Date('2026-05-02T08:00:00.000Z');
const noPars: { now: Date; parOf: (hole: number) => number | null } = { now, parOf: () => null };

function start(par = 4): RoundDraft {
  return setPar(newDraft({ id: 'key-1', uid: 7, units: 'FEET_YARDS', now, course: 'Royal Example' }), par, now);
}

/** Types a distance (when given) and taps a result; fails the test on a refusal. */
function shot(draft: RoundDraft, distance: string | null, to: Parameters<typeof recordShot>[1], options = noPars): RoundDraft {
  const typed = distance === null ? draft : setInput(draft, { distance }, now);
  const result = recordShot(typed, to, options);
  if (!result.ok) throw new Error(result.problem);
  return result.draft;
}

describe('round draft: entering shots', () => {
  it('starts each hole from the tee and each shot from where the last finished', () => {
    let draft = start();
    expect(nextLieOf(draft)).toBe('T');
    draft = shot(draft, '402', 'F');
    expect(nextLieOf(draft)).toBe('F');
    draft = shot(draft, '148', 'G');
    expect(nextLieOf(draft)).toBe('G');
    draft = shot(draft, '24', 'G');
    draft = shot(draft, '3', 'I');
    expect(draft.holes[0]!.shots).toEqual([
      { from: 'T', dist: 402, to: 'F' },
      { from: 'F', dist: 148, to: 'G' },
      { from: 'G', dist: 24, to: 'G' },
      { from: 'G', dist: 3, to: 'I' },
    ]);
  });

  it('holed opens the next hole with the par remembered for it, and an empty distance', () => {
    let draft = start();
    draft = shot(draft, '160', 'G');
    draft = shot(draft, '10', 'I', { now, parOf: (hole: number): number | null => (hole === 2 ? 5 : null) });
    expect(draft.current).toBe(1);
    expect(currentHole(draft)).toEqual({ hole: 2, par: 5, shots: [] });
    expect(draft.input).toEqual({ distance: '', lie: null });
  });

  it('refuses a shot before the par is chosen, without a distance, or past the longest distance', () => {
    const noPar = newDraft({ id: 'k', uid: 7, units: 'FEET_YARDS', now });
    expect(recordShot(setInput(noPar, { distance: '400' }, now), 'F', noPars)).toEqual({
      ok: false,
      problem: 'Choose the par of this hole first',
    });
    expect(recordShot(start(), 'F', noPars)).toEqual({ ok: false, problem: 'Enter the distance to the hole' });
    expect(recordShot(setInput(start(), { distance: '900' }, now), 'F', noPars)).toEqual({
      ok: false,
      problem: 'At most 800 yd off the green',
    });
    const onGreen = shot(start(), '150', 'G');
    expect(recordShot(setInput(onGreen, { distance: '250' }, now), 'G', noPars)).toEqual({
      ok: false,
      problem: 'At most 200 ft on the green',
    });
  });

  it('after out of bounds the replay is filled in: one tap, same lie and distance', () => {
    let draft = shot(start(), '420', 'O');
    expect(nextShotOf(currentHole(draft))).toEqual({ kind: 'replay', from: 'T', dist: 420 });
    draft = shot(draft, null, 'F');
    expect(currentHole(draft).shots[1]).toEqual({ from: 'T', dist: 420, to: 'F' });
    expect(holeStrokes(currentHole(draft))).toBe(3);
  });

  it('after a hazard the lie is chosen: H plays it as it lies, another lie is a drop with one penalty', () => {
    const draft = shot(start(), '400', 'H');
    expect(nextShotOf(currentHole(draft))).toEqual({ kind: 'hazard' });
    expect(recordShot(setInput(draft, { distance: '150' }, now), 'G', noPars)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/Choose the lie/),
    });
    const dropped = shot(setInput(draft, { lie: 'R' }, now), '150', 'G');
    expect(currentHole(dropped).shots[1]).toEqual({ from: 'R', dist: 150, to: 'G' });
    expect(holeStrokes(currentHole(dropped))).toBe(3);
    const asItLies = shot(setInput(draft, { lie: 'H' }, now), '150', 'G');
    expect(currentHole(asItLies).shots[1]!.from).toBe('H');
    expect(holeStrokes(currentHole(asItLies))).toBe(2);
  });

  it('accepts decimal distances with a point or a comma', () => {
    expect(parseDistance('4.5')).toBe(4.5);
    expect(parseDistance('4,5')).toBe(4.5);
    expect(parseDistance('abc')).toBeNull();
    expect(parseDistance('0')).toBeNull();
    expect(distanceProblem('12x', 'FEET_YARDS', 'G')).toBe('Enter the distance as a number, e.g. 148 or 4.5');
    expect(distanceProblem('60', 'METERS_METERS', 'G')).toBeNull();
    expect(distanceProblem('62', 'METERS_METERS', 'G')).toBe('At most 61 m on the green');
  });

  it('offers putt chips of 1-10 ft in feet, and half-meter steps in meters', () => {
    expect(puttChips('FEET_YARDS')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(puttChips('METERS_METERS')).toEqual([0.5, 1, 1.5, 2, 2.5, 3]);
  });
});

describe('round draft: misses', () => {
  it('a drive off the fairway, an approach off the green and a putt not holed missed their target', () => {
    expect(missedTarget({ from: 'T', dist: 400, to: 'R' }, 4)).toBe(true);
    expect(missedTarget({ from: 'T', dist: 400, to: 'F' }, 4)).toBe(false);
    expect(missedTarget({ from: 'T', dist: 160, to: 'F' }, 3)).toBe(true);
    expect(missedTarget({ from: 'F', dist: 150, to: 'S' }, 4)).toBe(true);
    expect(missedTarget({ from: 'F', dist: 150, to: 'G' }, 4)).toBe(false);
    expect(missedTarget({ from: 'G', dist: 20, to: 'G' }, 4)).toBe(true);
    expect(missedTarget({ from: 'G', dist: 2, to: 'I' }, 4)).toBe(false);
  });

  it('a miss direction applies to the last shot, and tapping it again clears it', () => {
    let draft = shot(start(), '400', 'R');
    draft = setMiss(draft, 'l', now);
    expect(currentHole(draft).shots[0]).toEqual({ from: 'T', dist: 400, to: 'R', miss: 'l' });
    draft = setMiss(draft, 'r', now);
    expect(currentHole(draft).shots[0]!.miss).toBe('r');
    draft = setMiss(draft, 'r', now);
    expect(currentHole(draft).shots[0]).toEqual({ from: 'T', dist: 400, to: 'R' });
  });
});

describe('round draft: undo, edit, delete, holes', () => {
  it('undo removes the last shot, and on a fresh hole the holed shot of the hole before', () => {
    let draft = shot(shot(start(), '160', 'G'), '10', 'I');
    expect(draft.current).toBe(1);
    draft = undoShot(draft, now);
    expect(draft.current).toBe(0);
    expect(draft.holes).toHaveLength(1);
    expect(currentHole(draft).shots).toEqual([{ from: 'T', dist: 160, to: 'G' }]);
    draft = undoShot(draft, now);
    expect(currentHole(draft).shots).toEqual([]);
  });

  it('editing a result relinks the shots after it; deleting a shot relinks too', () => {
    let draft = shot(shot(shot(start(), '400', 'F'), '150', 'G'), '12', 'I');
    draft = goToHole(draft, 0, noPars);
    draft = editShot(draft, 0, { from: 'T', dist: 400, to: 'R' }, now);
    expect(currentHole(draft).shots.map((s) => s.from)).toEqual(['T', 'R', 'G']);
    draft = editShot(draft, 0, { from: 'T', dist: 400, to: 'O' }, now);
    expect(currentHole(draft).shots[1]).toEqual({ from: 'T', dist: 400, to: 'G' });
    draft = deleteShot(draft, 0, now);
    expect(currentHole(draft).shots).toEqual([
      { from: 'T', dist: 400, to: 'G' },
      { from: 'G', dist: 12, to: 'I' },
    ]);
  });

  it('next and previous hole move between holes, opening new ones with their remembered par', () => {
    let draft = start();
    draft = goToHole(draft, 1, { now, parOf: () => 3 });
    expect(currentHole(draft)).toEqual({ hole: 2, par: 3, shots: [] });
    draft = goToHole(draft, 0, noPars);
    expect(currentHole(draft).hole).toBe(1);
    expect(goToHole(draft, -1, noPars)).toBe(draft);
    expect(parsOf(draft)).toEqual({ 1: 4, 2: 3 });
  });
});

describe('round draft: score and saving', () => {
  it('keeps the running score and to-par over finished holes', () => {
    let draft = shot(shot(shot(start(4), '400', 'F'), '150', 'G'), '3', 'I');
    draft = setPar(draft, 3, now);
    draft = shot(draft, '170', 'O');
    draft = shot(draft, null, 'G');
    draft = shot(draft, '30', 'G');
    draft = shot(draft, '2', 'I');
    expect(runningScore(draft)).toEqual({ strokes: 3 + 5, par: 7, toPar: 1, holesDone: 2 });
  });

  it('a round of finished holes is saved without the empty hole opened after the last', () => {
    const draft = shot(shot(start(3), '160', 'G'), '8', 'I');
    const check = roundOf(draft);
    expect(check).toEqual({
      ok: true,
      round: {
        course: 'Royal Example',
        units: 'FEET_YARDS',
        holes: [
          {
            hole: 1,
            par: 3,
            shots: [
              { from: 'T', dist: 160, to: 'G' },
              { from: 'G', dist: 8, to: 'I' },
            ],
          },
        ],
      },
    });
  });

  it('an unfinished hole or an empty round is named, with the hole to go back to', () => {
    expect(roundOf(start())).toEqual({ ok: false, problem: 'Enter at least one hole before saving', holeIndex: null });
    const draft = shot(start(), '400', 'F');
    expect(roundOf(draft)).toEqual({ ok: false, problem: 'Hole 1 is not finished: its last shot must be Holed', holeIndex: 0 });
  });

  it('a saved round comes back as a draft that edits it', () => {
    const draft = draftFromRound({
      id: 'k2',
      uid: 7,
      eventId: 12,
      start: '2026-05-01T08:00:00.000Z',
      saved: { title: 'Medal', notes: '', tags: [], end: null },
      now,
      round: { course: 'Links', units: 'METERS_METERS', holes: [{ hole: 2, par: 3, shots: [{ from: 'T', dist: 150, to: 'I' }] }] },
    });
    expect(draft.eventId).toBe(12);
    expect(draft.holes).toEqual([
      { hole: 1, par: null, shots: [] },
      { hole: 2, par: 3, shots: [{ from: 'T', dist: 150, to: 'I' }] },
    ]);
    expect(roundOf(draft)).toMatchObject({ ok: true });
  });
});
