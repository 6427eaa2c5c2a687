import { describe, expect, it } from 'vitest';
import {
  currentHole,
  deleteShot,
  distanceProblem,
  draftFromRound,
  editShot,
  goToHole,
  holeStrokes,
  markPin,
  missedTarget,
  newDraft,
  nextLieOf,
  nextShotOf,
  parseDistance,
  parsOf,
  pinWanted,
  puttChips,
  recordShot,
  roundOf,
  runningScore,
  setInput,
  setMiss,
  setPar,
  takeBallPosition,
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

describe('round draft: distances from positions on the course', () => {
  // Along a meridian at the equator 0.001° is 111.195 m = 121.6 yd (1 m = 1.0936 yd) or 364.8 ft (1 m = 3.28084 ft).
  const TEE = { lat: 0, lon: 0 };
  const FAIRWAY = { lat: 0.002, lon: 0 };
  const GREEN = { lat: 0.00395, lon: 0 };
  const PIN = { lat: 0.004, lon: 0 };

  const atBall = (draft: RoundDraft, where: { lat: number; lon: number }) => takeBallPosition(draft, where, now);

  it('keeps the position with the shot, waits for the pin, then fills every distance of the hole in the round units', () => {
    let draft = shot(atBall(start(), TEE), null, 'F');
    expect(draft.gps).toBe(true);
    expect(draft.holes[0]!.shots[0]).toEqual({ from: 'T', dist: 0, to: 'F', lat: 0, lon: 0 });
    draft = shot(atBall(draft, FAIRWAY), null, 'G');
    expect(pinWanted(currentHole(draft))).toBe(true);
    expect(roundOf(draft)).toMatchObject({ ok: false });
    draft = markPin(draft, 0, PIN, now);
    // Tee 0.004° = 444.78 m = 486.4 yd; fairway 0.002° = 222.39 m = 243.2 yd.
    expect(draft.holes[0]!.shots.map((s) => s.dist)).toEqual([486, 243]);
    expect(pinWanted(currentHole(draft))).toBe(false);
    // With the pin known, "I'm at my ball" fills the putt at once: 0.00005° = 5.56 m = 18.2 ft.
    draft = atBall(draft, GREEN);
    expect(draft.input.distance).toBe('18');
    draft = shot(draft, null, 'G');
    draft = shot(atBall(draft, { lat: 0.003995, lon: 0 }), null, 'I');
    expect(draft.holes[0]!.shots.map((s) => s.dist)).toEqual([486, 243, 18, 2]);
    expect(draft.current).toBe(1);
  });

  it('sends only the distances unless the golfer keeps the positions, then the positions and the pin too', () => {
    let draft = shot(atBall(start(3), TEE), null, 'G');
    draft = markPin(draft, 0, { lat: 0.0015, lon: 0 }, now);
    draft = shot(draft, '4', 'I');
    const plain = roundOf(draft);
    expect(plain.ok && plain.round.holes[0]).toEqual({
      hole: 1,
      par: 3,
      shots: [
        { from: 'T', dist: 182, to: 'G' },
        { from: 'G', dist: 4, to: 'I' },
      ],
    });
    const kept = roundOf(draft, { keepPositions: true });
    expect(kept.ok && kept.round.holes[0]).toEqual({
      hole: 1,
      par: 3,
      shots: [
        { from: 'T', dist: 182, to: 'G', lat: 0, lon: 0 },
        { from: 'G', dist: 4, to: 'I' },
      ],
      pin: { lat: 0.0015, lon: 0 },
    });
  });

  it('keeps a typed distance over a position, and a distance edited after the pin, when the pin is marked again', () => {
    let draft = shot(setInput(atBall(start(), TEE), { distance: '400' }, now), null, 'F');
    expect(draft.holes[0]!.shots[0]).toMatchObject({ dist: 400, typed: true, lat: 0 });
    draft = shot(atBall(draft, FAIRWAY), null, 'G');
    draft = markPin(draft, 0, PIN, now);
    draft = editShot(draft, 1, { from: 'F', dist: 250, to: 'G' }, now);
    expect(draft.holes[0]!.shots[1]).toMatchObject({ dist: 250, typed: true, lat: 0.002 });
    draft = markPin(draft, 0, { lat: 0.0041, lon: 0 }, now);
    expect(draft.holes[0]!.shots.map((s) => s.dist)).toEqual([400, 250]);
  });

  it('replays a shot out of bounds from the same position', () => {
    let draft = shot(atBall(start(), TEE), null, 'O');
    draft = shot(draft, null, 'F');
    draft = markPin(draft, 0, PIN, now);
    expect(draft.holes[0]!.shots).toEqual([
      { from: 'T', dist: 486, to: 'O', lat: 0, lon: 0 },
      { from: 'T', dist: 486, to: 'F', lat: 0, lon: 0 },
    ]);
  });
});
