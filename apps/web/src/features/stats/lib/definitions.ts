/**
 * The definitions a tap away on the statistics pages, in plain words. They follow the statistics
 * engine (packages/golf/README.md, packages/golf/src/stats/README.md); the ones that name a
 * distance take the band labels in the user's units.
 */
import type { BandLabels } from './player-bands.ts';

const PER_18 = 'Per round means per 18 holes: a 9-hole round counts as half a round.';

export const DEFINITIONS = {
  scores:
    "A round's score is every shot plus penalty strokes on the holes recorded. To par compares it with the par of those same holes, so a 9-hole round is measured against 9 holes' par.",
  scoringAverage: `Strokes per 18 holes over the rounds counted. ${PER_18}`,
  parAverages: 'Your mean score on the holes of each par, and how far over (+) or under (−) par that is.',
  gir: 'Greens in regulation: the ball is on the green, or holed, after at most par minus 2 strokes, penalty strokes included: on in 1 on a par 3, in 2 on a par 4, in 3 on a par 5. A hole-out from off the green in that many strokes counts.',
  girDistance:
    'For each green hit in regulation, how far out the shot that found the green was played from. It shows where your greens come from, not how often you hit them from there.',
  scoreTypes: `Birdies or better, bogeys (one over par) and doubles or worse (two or more over), per round. ${PER_18}`,
  sgOverall:
    'Strokes gained: how many strokes better (+) or worse (−) than the benchmark you played. Each shot gains the strokes the benchmark expects from where it started, minus those it expects from where it finished, minus one, minus any penalty. Given per 18 holes, so 9- and 18-hole rounds compare.',
  puttMake:
    'Putts holed out of putts hit from each distance. A band holds its lower distance and not its upper one: a putt of exactly 6 ft counts in 6–10 ft.',
  firstPutt:
    'The length of the first putt on every hole with a putt: how close your shots onto the green finish. A hole finished with a chip-in has no first putt.',
  proximity:
    'The mean length of the first putt, by how far out the shot that put the ball on the green was played from. Shorter is better.',
  puttsPerRound: `Putts (strokes from the green) per round. ${PER_18}`,
  puttsPerGir: 'Putts on the holes where you hit the green in regulation, per such hole.',
  threePuttAvoid: 'Holes with at most two putts, out of the holes with a putt.',
  onePutt: 'Holes with exactly one putt, out of the holes with a putt.',
  upAndDown:
    'Getting up and down: holing out in at most two strokes from off the green, penalties included. There is a chance on a hole where the green was missed in regulation: the first shot from the fairway, rough, sand or a penalty area within the chip distance, before the ball first found the green. One chance per hole. Chances from a penalty area count in Overall only.',
  scrambling: 'Holes where you made par or better after missing the green in regulation, out of the holes where you missed it.',
  sandSave:
    'Up and down from a greenside bunker (sand within the chip distance), whatever the score: holed in at most two strokes from the first bunker shot, out of the holes where the ball lay in such a bunker before it first found the green.',
  sgTee: 'Strokes gained with drives (the tee shot on a par 4 or 5) against the benchmark, per 18 holes.',
  drives:
    "Distance gained toward the hole by a drive (the tee shot on a par 4 or 5): its start distance minus the next shot's. Left out: drives out of bounds, or into a penalty area and dropped, where the ball's resting place is unknown. On a dogleg it is less than the ball's travel.",
  fairways:
    'A drive hits the fairway when it finishes on the fairway, on the green or in the hole. Otherwise it missed left or right, by the direction recorded; a miss recorded without a side counts only as a drive.',
  fairwaysPerRound: 'Fairways hit, out of the drives of each round.',
  approachMissLink: 'Where your approaches and putts finish when they miss: the miss grids.',
  ogMisses:
    'Approaches that missed the green, by where they finished: fairway, rough, sand, penalty area or out of bounds, out of all approaches counted. Distance left is the mean distance to the hole where the ball came to rest (unknown after out of bounds or a drop).',
  layup:
    'A layup is an approach-length shot played short of the green on purpose, finishing on the fairway (a par-5 second shot laid up, for example). It is not a missed green: layups are left out of the approach miss grid and of the outside-green misses and counted here apart.',
} as const;

export function sgPuttingDefinition(bands: BandLabels): string {
  return `Strokes gained on the green against the benchmark, per 18 holes, by the length of the putt: short (${bands.short.toLowerCase()}), mid (${bands.mid}), long (${bands.long.toLowerCase()}).`;
}

export function sgChippingDefinition(chip: string): string {
  return `Strokes gained per 18 holes with chips and pitches: shots from the fairway, rough or sand ${chip} of the hole. Other: shots played from a penalty area that close, and par-3 tee shots that short.`;
}

export function sgApproachDefinition(bands: BandLabels): string {
  return `Strokes gained per 18 holes with approaches: shots from beyond the chip distance that are not drives (tee shots on par 3s; fairway, rough, sand or penalty-area shots), by distance: short (${bands.short}), mid (${bands.mid}), long (${bands.long.toLowerCase()}).`;
}

export function greenHitDefinition(bands: BandLabels): string {
  return `Approaches that finished on the green or in the hole, out of the approaches from each distance: short (${bands.short}), mid (${bands.mid}), long (${bands.long.toLowerCase()}).`;
}

export function puttGridDefinition(bands: BandLabels): string {
  return `Where your putts finished, seen from the ball looking at the hole: long is past the hole, short in front of it. Each square shows how many of every 10 putts finished that way; holed putts are in the middle. A miss recorded without a direction counts in the putts, in no square. Short putts are ${bands.short.toLowerCase()}, mid ${bands.mid}, long ${bands.long.toLowerCase()}.`;
}

export function approachGridDefinition(bands: BandLabels): string {
  return `Where your approaches finished, seen from where you played looking at the flag: long is past the hole, short in front of it. Each square shows how many of every 10 approaches finished that way; greens hit are in the middle. A miss recorded without a direction counts in the approaches, in no square. Short approaches are ${bands.short}, mid ${bands.mid}, long ${bands.long.toLowerCase()}.`;
}
