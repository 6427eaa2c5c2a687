/**
 * A round being entered shot by shot (Add Round). Pure: every change returns a new draft, so the
 * page can keep it in state and write each version to IndexedDB as it is.
 *
 * The rules between shots are the ones the API checks with packages/golf's validateRound:
 * a hole starts from T; a shot starts where the last ended, except after O (replayed from the same
 * lie and distance) and after H (played as it lies from H, or dropped anywhere with one penalty).
 */
import {
  entryDistanceFromMeters,
  fillDistancesFromPin,
  hasPosition,
  haversineMeters,
  MAX_HOLE_NUMBER,
  MAX_SHOT_DISTANCE,
  RoundError,
  UNITS_PAIRS,
  validateRound,
  type DistanceUnit,
  type EndLie,
  type GeoPoint,
  type MissDirection,
  type PositionedShot,
  type Round,
  type Shot,
  type StartLie,
  type UnitsPair,
} from '@holeout/golf';
import type { EventBody } from '@holeout/contracts';

export interface DraftHole {
  hole: number;
  /** Null until the player chooses it (or it is remembered for the course). */
  par: number | null;
  /**
   * A shot taken with "I'm at my ball" keeps its start position (on this device) and, until the pin
   * is marked, a distance of PENDING_DISTANCE; `typed` marks a distance the golfer typed over it.
   */
  shots: PositionedShot[];
  /** The hole's position, once the golfer marked the pin; every positioned distance is measured to it. */
  pin?: GeoPoint | null;
}

/** What the entry form holds between taps, kept so a reload resumes mid-shot. */
export interface ShotInput {
  distance: string;
  /** The lie chosen after a hazard: H plays it as it lies, any other is a drop. */
  lie: StartLie | null;
  /** The position taken with "I'm at my ball" for the next shot. */
  fix?: GeoPoint | null;
}

export interface RoundDraft {
  /** Also the Idempotency-Key of the save: a retry of the same draft creates one round. */
  id: string;
  uid: number;
  /** Set when the draft edits a saved round (POST /events?event_id=). */
  eventId: number | null;
  /** The saved round's other fields, sent back unchanged with an edit. */
  saved: SavedEventFields | null;
  course: string;
  units: UnitsPair;
  /** When the round started (ISO 8601): when entry began, or the saved round's start. */
  start: string;
  /** holes[i] is hole i + 1. */
  holes: DraftHole[];
  /** Index into holes of the hole on screen. */
  current: number;
  input: ShotInput;
  /**
   * Set by the first "I'm at my ball": the golfer is entering on the course, so a result tapped with
   * no distance typed keeps the position where it was tapped (they tap it standing where they played).
   */
  gps?: boolean;
  updatedAt: string;
}

/** The distance of a shot whose start position is kept but whose hole position (the pin) is not known yet. */
export const PENDING_DISTANCE = 0;

export const isPendingDistance = (shot: Pick<Shot, 'dist'>): boolean => shot.dist === PENDING_DISTANCE;

/** What an edit of a saved round sends back as it was. */
export interface SavedEventFields {
  title: string;
  notes: string;
  tags: string[];
  end: string | null;
}

/** How the next shot of a hole starts. */
export type NextShot =
  | { kind: 'tee' }
  | { kind: 'continue'; from: StartLie }
  /** After out of bounds: stroke and distance, from the same lie and distance. */
  | { kind: 'replay'; from: StartLie; dist: number }
  /** After a hazard: the player chooses the lie (H as it lies, any other a drop). */
  | { kind: 'hazard' }
  | { kind: 'holed' };

export const LIE_LABELS: Record<StartLie, string> = { T: 'Tee', F: 'Fairway', R: 'Rough', S: 'Sand', H: 'Hazard', G: 'Green' };
export const RESULT_LABELS: Record<EndLie, string> = {
  F: 'Fairway',
  R: 'Rough',
  S: 'Sand',
  H: 'Hazard',
  G: 'Green',
  I: 'Holed',
  O: 'Out of bounds',
};
/** The order the Result group shows: where most shots finish first, Holed and OB last. */
export const RESULT_ORDER: readonly EndLie[] = ['F', 'R', 'S', 'H', 'G', 'I', 'O'];
export const LIE_ORDER: readonly StartLie[] = ['T', 'F', 'R', 'S', 'H', 'G'];

export const MISS_LABELS: Record<MissDirection, string> = {
  lo: 'Long left',
  o: 'Long',
  ro: 'Long right',
  r: 'Right',
  rs: 'Short right',
  s: 'Short',
  ls: 'Short left',
  l: 'Left',
};
/** The eight directions as a 3 x 3 grid around the target (null: the target itself). */
export const MISS_GRID: readonly (MissDirection | null)[] = ['lo', 'o', 'ro', 'l', null, 'r', 'ls', 's', 'rs'];

export const UNIT_ABBREVIATIONS: Record<DistanceUnit, string> = { feet: 'ft', yards: 'yd', meters: 'm' };

/** The unit a shot from `lie` is measured in: the putt unit on the green, the long unit elsewhere. */
export function unitForLie(units: UnitsPair, lie: StartLie): DistanceUnit {
  return UNITS_PAIRS[units][lie === 'G' ? 'putt' : 'long'];
}

/** Quick putt lengths for the chips beside the distance field: 1-10 ft, or about that in yards or meters. */
export function puttChips(units: UnitsPair): number[] {
  return unitForLie(units, 'G') === 'feet' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [0.5, 1, 1.5, 2, 2.5, 3];
}

export function newDraft(options: {
  id: string;
  uid: number;
  units: UnitsPair;
  now: Date;
  course?: string;
  firstPar?: number | null;
}): RoundDraft {
  return {
    id: options.id,
    uid: options.uid,
    eventId: null,
    saved: null,
    course: options.course ?? '',
    units: options.units,
    start: options.now.toISOString(),
    holes: [{ hole: 1, par: options.firstPar ?? null, shots: [] }],
    current: 0,
    input: { distance: '', lie: null },
    updatedAt: options.now.toISOString(),
  };
}

/** A draft that edits a saved round: every hole as it was, opened at hole 1. */
export function draftFromRound(options: {
  id: string;
  uid: number;
  eventId: number;
  start: string;
  round: Round;
  saved: SavedEventFields;
  now: Date;
}): RoundDraft {
  const byNumber = new Map(options.round.holes.map((hole) => [hole.hole, hole]));
  const last = Math.max(...options.round.holes.map((hole) => hole.hole));
  const holes: DraftHole[] = Array.from({ length: last }, (_, index) => {
    const saved = byNumber.get(index + 1);
    return {
      hole: index + 1,
      par: saved?.par ?? null,
      shots: saved ? saved.shots.map((shot) => ({ ...shot })) : [],
      ...(saved?.pin ? { pin: { ...saved.pin } } : {}),
    };
  });
  return {
    id: options.id,
    uid: options.uid,
    eventId: options.eventId,
    saved: options.saved,
    course: options.round.course ?? '',
    units: options.round.units,
    start: options.start,
    holes,
    current: 0,
    input: { distance: '', lie: null },
    updatedAt: options.now.toISOString(),
  };
}

export function currentHole(draft: RoundDraft): DraftHole {
  const hole = draft.holes[draft.current];
  if (!hole) throw new Error(`draft has no hole at index ${draft.current}`);
  return hole;
}

/** How the next shot of this hole starts. */
export function nextShotOf(hole: Pick<DraftHole, 'shots'>): NextShot {
  const last = hole.shots.at(-1);
  if (!last) return { kind: 'tee' };
  switch (last.to) {
    case 'I':
      return { kind: 'holed' };
    case 'O':
      return { kind: 'replay', from: last.from, dist: last.dist };
    case 'H':
      return { kind: 'hazard' };
    default:
      return { kind: 'continue', from: last.to };
  }
}

/** The lie the next shot is played from, when it is known (after a hazard, once chosen). */
export function nextLieOf(draft: RoundDraft): StartLie | null {
  const next = nextShotOf(currentHole(draft));
  switch (next.kind) {
    case 'tee':
      return 'T';
    case 'continue':
    case 'replay':
      return next.from;
    case 'hazard':
      return draft.input.lie;
    case 'holed':
      return null;
  }
}

/** Penalty strokes a shot costs, given the shot after it: one after out of bounds, one for a drop from a hazard. */
export function penaltyOf(shot: Shot, next: Shot | undefined): number {
  if (!next) return 0;
  if (shot.to === 'O') return 1;
  return shot.to === 'H' && next.from !== 'H' ? 1 : 0;
}

/**
 * Strokes so far on a hole: shots plus penalties. A shot into a hazard or out of bounds with nothing
 * after it yet counts its penalty only once the next shot shows it (a replay, a drop).
 */
export function holeStrokes(hole: Pick<DraftHole, 'shots'>): number {
  return hole.shots.reduce((total, shot, index) => total + 1 + penaltyOf(shot, hole.shots[index + 1]), 0);
}

export function isHoleComplete(hole: DraftHole): boolean {
  return hole.par !== null && hole.shots.at(-1)?.to === 'I';
}

/** The running score: strokes and to-par over the finished holes. */
export function runningScore(draft: Pick<RoundDraft, 'holes'>): { strokes: number; par: number; toPar: number; holesDone: number } {
  let strokes = 0;
  let par = 0;
  let holesDone = 0;
  for (const hole of draft.holes) {
    if (!isHoleComplete(hole)) continue;
    strokes += holeStrokes(hole);
    par += hole.par ?? 0;
    holesDone += 1;
  }
  return { strokes, par, toPar: strokes - par, holesDone };
}

/**
 * Whether a shot missed what it was played at: a drive the fairway (or the green), an approach or
 * chip the green, a putt the hole. Only then does the Miss group ask for the direction.
 */
export function missedTarget(shot: Shot, par: number | null): boolean {
  if (shot.to === 'I') return false;
  if (shot.from === 'G') return true;
  if (shot.to === 'G') return false;
  if (shot.from === 'T' && (par ?? 4) >= 4) return shot.to !== 'F';
  return true;
}

/** Parses a typed distance ("148", "4.5", "4,5"); null when it is not a positive number. */
export function parseDistance(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The longest distance a shot from this lie may start from, in the round's unit for it. */
export function maxDistance(units: UnitsPair, lie: StartLie): number {
  const kind = lie === 'G' ? 'putt' : 'long';
  return MAX_SHOT_DISTANCE[kind][unitForLie(units, lie)] ?? Number.POSITIVE_INFINITY;
}

/** A message for a typed distance that cannot be a shot from this lie; null when it can. */
export function distanceProblem(text: string, units: UnitsPair, lie: StartLie): string | null {
  const unit = unitForLie(units, lie);
  const value = parseDistance(text);
  if (value === null) return text.trim() === '' ? 'Enter the distance to the hole' : 'Enter the distance as a number, e.g. 148 or 4.5';
  const max = maxDistance(units, lie);
  if (value > max * (1 + 1e-9))
    return `At most ${Number(max.toFixed(1))} ${UNIT_ABBREVIATIONS[unit]} ${lie === 'G' ? 'on the green' : 'off the green'}`;
  return null;
}

const touch = (draft: RoundDraft, now: Date, changes: Partial<RoundDraft>): RoundDraft => ({
  ...draft,
  ...changes,
  updatedAt: now.toISOString(),
});

function replaceHole(draft: RoundDraft, index: number, hole: DraftHole): DraftHole[] {
  return draft.holes.map((existing, i) => (i === index ? hole : existing));
}

export type DraftResult = { ok: true; draft: RoundDraft } | { ok: false; problem: string };

export interface RecordOptions {
  now: Date;
  /** The par remembered for a hole of this course, for the hole that opens after one is holed. */
  parOf: (hole: number) => number | null;
}

/** Opens the hole at `index`, creating it (with its remembered par) when it is new. */
function openHole(
  draft: RoundDraft,
  index: number,
  parOf: (hole: number) => number | null,
): Pick<RoundDraft, 'holes' | 'current' | 'input'> {
  const holes = draft.holes.slice();
  while (holes.length <= index) holes.push({ hole: holes.length + 1, par: parOf(holes.length + 1), shots: [] });
  return { holes, current: index, input: { distance: '', lie: null } };
}

/**
 * Records the next shot of the current hole: from the lie it starts (tee, the last result, the
 * replay after OB, the chosen lie after a hazard), the typed distance (the replay's after OB) and
 * where it finished. Holed opens the next hole.
 */
export function recordShot(draft: RoundDraft, to: EndLie, options: RecordOptions): DraftResult {
  const hole = currentHole(draft);
  if (hole.par === null) return { ok: false, problem: 'Choose the par of this hole first' };
  const next = nextShotOf(hole);
  if (next.kind === 'holed') return { ok: false, problem: 'This hole is finished: go to the next hole' };
  let shot: PositionedShot;
  if (next.kind === 'replay') {
    // Stroke and distance: played from the same spot, so it keeps the shot out of bounds' position too.
    const outOfBounds = hole.shots.at(-1);
    shot = { ...positionOf(outOfBounds), from: next.from, dist: next.dist, to };
  } else {
    const from = next.kind === 'tee' ? 'T' : next.kind === 'continue' ? next.from : draft.input.lie;
    if (from === null) return { ok: false, problem: 'Choose the lie: Hazard to play it as it lies, or where you dropped' };
    const fix = draft.input.fix ?? null;
    if (fix && draft.input.distance.trim() === '') {
      const dist = hole.pin ? entryDistanceFromMeters(haversineMeters(fix, hole.pin), draft.units, from) : PENDING_DISTANCE;
      shot = { from, dist, to, lat: fix.lat, lon: fix.lon };
    } else {
      const problem = distanceProblem(draft.input.distance, draft.units, from);
      if (problem) return { ok: false, problem };
      const dist = parseDistance(draft.input.distance)!;
      shot = { from, dist, to };
      if (fix) {
        const measured = hole.pin ? entryDistanceFromMeters(haversineMeters(fix, hole.pin), draft.units, from) : null;
        shot = { ...shot, lat: fix.lat, lon: fix.lon, ...(measured === dist ? {} : { typed: true }) };
      }
    }
  }
  const recorded: DraftHole = { ...hole, shots: [...hole.shots, shot] };
  const withShot = { ...draft, holes: replaceHole(draft, draft.current, recorded), input: { distance: '', lie: null } };
  if (to === 'I' && draft.current + 1 < MAX_HOLE_NUMBER) {
    return { ok: true, draft: touch(withShot, options.now, openHole(withShot, draft.current + 1, options.parOf)) };
  }
  return { ok: true, draft: touch(withShot, options.now, {}) };
}

/** The kept start position of a shot (and whether its distance was typed over it), to carry to another. */
function positionOf(shot: PositionedShot | undefined): Pick<PositionedShot, 'lat' | 'lon' | 'typed'> {
  if (!shot || !hasPosition(shot)) return {};
  return { lat: shot.lat, lon: shot.lon, ...(shot.typed ? { typed: true } : {}) };
}

/** The distance "I'm at my ball" gives the next shot: measured to the pin when it is marked, else none yet. */
export function distanceFromFix(draft: RoundDraft, fix: GeoPoint, lie: StartLie | null): number | null {
  const pin = currentHole(draft).pin;
  if (!pin || lie === null) return null;
  return entryDistanceFromMeters(haversineMeters(fix, pin), draft.units, lie);
}

/**
 * "I'm at my ball": keeps the position for the next shot and puts the round on GPS. With the pin
 * marked the distance is filled in at once (editable); without it the field is left empty and the
 * distance follows when the pin is marked.
 */
export function takeBallPosition(draft: RoundDraft, fix: GeoPoint, now: Date): RoundDraft {
  const measured = distanceFromFix(draft, fix, nextLieOf(draft));
  return touch(draft, now, {
    gps: true,
    input: { ...draft.input, fix: { lat: fix.lat, lon: fix.lon }, distance: measured === null ? '' : String(measured) },
  });
}

/** Whether a hole has shots with kept positions (it was played on GPS). */
export function holeOnGps(hole: Pick<DraftHole, 'shots'>): boolean {
  return hole.shots.some(hasPosition);
}

/** Whether a hole waits for its pin: played on GPS, its pin not marked, and the ball on the green or holed. */
export function pinWanted(hole: DraftHole): boolean {
  const last = hole.shots.at(-1);
  return !hole.pin && holeOnGps(hole) && (last?.to === 'G' || last?.to === 'I');
}

/**
 * Marks the pin of hole `index`: every distance of that hole from a kept position (not typed over)
 * is measured to it in the round's units, and a position already taken for the next shot there
 * gets its distance too.
 */
export function markPin(draft: RoundDraft, index: number, pin: GeoPoint, now: Date): RoundDraft {
  const hole = draft.holes[index];
  if (!hole) return draft;
  const marked: DraftHole = { ...hole, pin: { lat: pin.lat, lon: pin.lon }, shots: fillDistancesFromPin(hole.shots, pin, draft.units) };
  const updated = { ...draft, holes: replaceHole(draft, index, marked) };
  const fix = draft.input.fix;
  if (index !== draft.current || !fix || draft.input.distance.trim() !== '') return touch(updated, now, {});
  const measured = distanceFromFix(updated, fix, nextLieOf(updated));
  return touch(updated, now, { input: { ...draft.input, distance: measured === null ? '' : String(measured) } });
}

export function setPar(draft: RoundDraft, par: number, now: Date): RoundDraft {
  const hole = currentHole(draft);
  return touch(draft, now, { holes: replaceHole(draft, draft.current, { ...hole, par }) });
}

export function setInput(draft: RoundDraft, input: Partial<ShotInput>, now: Date): RoundDraft {
  return touch(draft, now, { input: { ...draft.input, ...input } });
}

export function setCourse(draft: RoundDraft, course: string, now: Date): RoundDraft {
  return touch(draft, now, { course });
}

/** Sets (or, tapped again, clears) the miss direction of the last shot of the current hole. */
export function setMiss(draft: RoundDraft, miss: MissDirection, now: Date): RoundDraft {
  const hole = currentHole(draft);
  const last = hole.shots.at(-1);
  if (!last) return draft;
  const { miss: previous, ...rest } = last;
  const shot: Shot = previous === miss ? rest : { ...rest, miss };
  return touch(draft, now, { holes: replaceHole(draft, draft.current, { ...hole, shots: [...hole.shots.slice(0, -1), shot] }) });
}

/**
 * Undo: removes the last shot of the current hole; on a hole with no shots yet (just opened after
 * holing out), the holed shot of the hole before.
 */
export function undoShot(draft: RoundDraft, now: Date): RoundDraft {
  const hole = currentHole(draft);
  if (hole.shots.length > 0) {
    return touch(draft, now, {
      holes: replaceHole(draft, draft.current, { ...hole, shots: hole.shots.slice(0, -1) }),
      input: { distance: '', lie: null },
    });
  }
  const previous = draft.holes[draft.current - 1];
  if (!previous || previous.shots.length === 0) return draft;
  const holes = replaceHole(draft, draft.current - 1, { ...previous, shots: previous.shots.slice(0, -1) });
  // The hole that was opened by holing out goes again when nothing was entered on it.
  const trimmed = draft.current === draft.holes.length - 1 ? holes.slice(0, -1) : holes;
  return touch(draft, now, { holes: trimmed, current: draft.current - 1, input: { distance: '', lie: null } });
}

export function goToHole(draft: RoundDraft, index: number, options: RecordOptions): RoundDraft {
  if (index < 0 || index >= MAX_HOLE_NUMBER || index === draft.current) return draft;
  return touch(draft, options.now, openHole(draft, index, options.parOf));
}

/**
 * Keeps the shots of a hole linked after an edit or a delete: the first from the tee, each from
 * where the last finished; after OB the replay's lie and distance follow the OB shot; after a
 * hazard the chosen lie stays.
 */
export function relinkShots(shots: readonly PositionedShot[]): PositionedShot[] {
  const linked: PositionedShot[] = [];
  shots.forEach((shot, index) => {
    const previous = linked[index - 1];
    if (!previous) {
      linked.push({ ...shot, from: 'T' });
      return;
    }
    if (previous.to === 'O') {
      const replay: PositionedShot = { from: previous.from, dist: previous.dist, to: shot.to, ...positionOf(previous) };
      linked.push(shot.miss ? { ...replay, miss: shot.miss } : replay);
    } else if (previous.to === 'H') linked.push({ ...shot });
    else linked.push({ ...shot, from: previous.to === 'I' ? shot.from : previous.to });
  });
  return linked;
}

/**
 * Replaces shot `shotIndex` of the current hole, then relinks the hole. A kept position stays with
 * the shot; a distance changed from the measured one is the golfer's from then on (typed).
 */
export function editShot(draft: RoundDraft, shotIndex: number, shot: Shot, now: Date): RoundDraft {
  const hole = currentHole(draft);
  const existing = hole.shots[shotIndex];
  if (!existing) return draft;
  const position = positionOf(existing);
  const edited: PositionedShot =
    hasPosition(existing) && (existing.typed || shot.dist !== existing.dist)
      ? { ...shot, ...position, typed: true }
      : { ...shot, ...position };
  const shots = relinkShots(hole.shots.map((kept, i) => (i === shotIndex ? edited : kept)));
  return touch(draft, now, { holes: replaceHole(draft, draft.current, { ...hole, shots }) });
}

export function deleteShot(draft: RoundDraft, shotIndex: number, now: Date): RoundDraft {
  const hole = currentHole(draft);
  if (shotIndex < 0 || shotIndex >= hole.shots.length) return draft;
  const shots = relinkShots(hole.shots.filter((_, i) => i !== shotIndex));
  return touch(draft, now, { holes: replaceHole(draft, draft.current, { ...hole, shots }), input: { distance: '', lie: null } });
}

/** The pars of this draft's holes, to remember for the course. */
export function parsOf(draft: Pick<RoundDraft, 'holes'>): Record<number, number> {
  const pars: Record<number, number> = {};
  for (const hole of draft.holes) if (hole.par !== null) pars[hole.hole] = hole.par;
  return pars;
}

export type RoundCheck = { ok: true; round: Round } | { ok: false; problem: string; holeIndex: number | null };

/**
 * The round to save: the holes with shots, checked by the same rules the API applies. A problem
 * names the hole and shot and says which hole to go back to.
 */
export function roundOf(draft: RoundDraft, options: { keepPositions?: boolean } = {}): RoundCheck {
  const played = draft.holes.filter((hole) => hole.shots.length > 0);
  if (played.length === 0) return { ok: false, problem: 'Enter at least one hole before saving', holeIndex: null };
  const unfinished = played.find((hole) => hole.shots.at(-1)?.to !== 'I');
  if (unfinished)
    return { ok: false, problem: `Hole ${unfinished.hole} is not finished: its last shot must be Holed`, holeIndex: unfinished.hole - 1 };
  const noPar = played.find((hole) => hole.par === null);
  if (noPar) return { ok: false, problem: `Choose the par of hole ${noPar.hole}`, holeIndex: noPar.hole - 1 };
  const pending = played.find((hole) => hole.shots.some(isPendingDistance));
  if (pending)
    return {
      ok: false,
      problem: `Mark the pin of hole ${pending.hole}, or type its distances: some of its shots have no distance yet`,
      holeIndex: pending.hole - 1,
    };
  const keep = options.keepPositions === true;
  const course = draft.course.trim();
  const round: Round = {
    ...(course ? { course } : {}),
    units: draft.units,
    holes: played.map((hole) => ({
      hole: hole.hole,
      par: hole.par!,
      shots: hole.shots.map((shot) => sentShot(shot, keep)),
      ...(keep && hole.pin ? { pin: { lat: hole.pin.lat, lon: hole.pin.lon } } : {}),
    })),
  };
  try {
    validateRound(round);
  } catch (cause) {
    if (cause instanceof RoundError) return { ok: false, problem: cause.message, holeIndex: cause.hole > 0 ? cause.hole - 1 : null };
    throw cause;
  }
  return { ok: true, round };
}

/**
 * A shot as it leaves the phone: its lie, distance, result and miss; its position only when the
 * golfer keeps positions with the round. What was typed over a measure is this device's business.
 */
function sentShot(shot: PositionedShot, keepPosition: boolean): Shot {
  return {
    from: shot.from,
    dist: shot.dist,
    to: shot.to,
    ...(shot.miss ? { miss: shot.miss } : {}),
    ...(keepPosition && hasPosition(shot) ? { lat: shot.lat, lon: shot.lon } : {}),
  };
}

/** Whether anything has been entered (a fresh draft can be replaced without asking). */
export function isPristine(draft: RoundDraft): boolean {
  return draft.course.trim() === '' && draft.holes.every((hole) => hole.shots.length === 0) && draft.input.distance === '';
}

/** The body of POST /events for a checked round: a new one (default shares), or an edit that keeps the rest. */
export function roundEventBody(draft: RoundDraft, round: Round): EventBody {
  const saved = draft.saved;
  return {
    event_type: 'ROUND',
    title: saved?.title ?? '',
    start: draft.start,
    end: saved?.end ?? null,
    notes: saved?.notes ?? '',
    tags: saved?.tags ?? [],
    round,
  };
}

/** A fresh Idempotency-Key: crypto.randomUUID where the page is a secure context, else 122 random bits. */
export function newRoundKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
