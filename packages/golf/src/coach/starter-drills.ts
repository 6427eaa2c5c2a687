/**
 * The AI coach's built-in practice drills: a few well-known drills for every stat category, written
 * as drills of the drill library (fields, score field, which way is better), so a plan can add one
 * to a player's library as it is. And `planFor`, which picks a plan's drills for a diagnosed category.
 */
import type { StatCategory } from '../engine/types.ts';
import { CATEGORY_DISPLAY_NAMES } from './category-names.ts';

/** A drill's field, in the shape the drills API takes (a number with bounds, step and unit; a text; a choice; on/off). */
export type StarterDrillField =
  | {
      key: string;
      label: string;
      required: boolean;
      type: 'NUMBER';
      min: number | null;
      max: number | null;
      step: number | null;
      unit: string | null;
    }
  | { key: string; label: string; required: boolean; type: 'STRING'; max: number }
  | { key: string; label: string; required: boolean; type: 'SELECT'; options: string[] }
  | { key: string; label: string; required: boolean; type: 'TOGGLE' };

export interface StarterDrill {
  /** Stable id of the template (plans name it; never reused for another drill). */
  key: string;
  title: string;
  /** How to do it. */
  description: string;
  category: StatCategory;
  /** What it trains, for the plan's "why". */
  why: string;
  fields: StarterDrillField[];
  /** The NUMBER field that is an attempt's score. */
  score_field: string;
  higher_is_better: boolean;
}

/** The part of a starter drill the drills API's create body takes. */
export type StarterDrillBody = Pick<StarterDrill, 'title' | 'description' | 'category' | 'fields' | 'score_field' | 'higher_is_better'>;

const count = (key: string, label: string, max: number, unit: string): StarterDrillField => ({
  key,
  label,
  required: true,
  type: 'NUMBER',
  min: 0,
  max,
  step: 1,
  unit,
});
const notes: StarterDrillField = { key: 'notes', label: 'Notes', required: false, type: 'STRING', max: 500 };

export const STARTER_DRILLS: readonly StarterDrill[] = Object.freeze([
  // Off the Tee
  {
    key: 'drive-fairway-corridor',
    title: 'Fairway corridor',
    description:
      'On the range pick two targets about 30 yards apart as the edges of a fairway. Hit 14 drives with your full routine, ' +
      'one ball at a time, and count the ones that finish between the targets. Change the corridor after every seven balls.',
    category: 'drive',
    why: 'Counts drives kept in play, the figure that decides your score off the tee.',
    fields: [count('in_corridor', 'Drives in the corridor', 14, 'drives'), notes],
    score_field: 'in_corridor',
    higher_is_better: true,
  },
  {
    key: 'drive-start-line-gate',
    title: 'Start-line gate',
    description:
      'Push two alignment sticks (or two head covers) into the ground about 4 feet in front of the ball, a little wider than ' +
      'the ball, on your target line. Hit 10 drivers and count those that start through the gate without touching it.',
    category: 'drive',
    why: 'Trains the start direction of the drive, which most of a wayward drive comes from.',
    fields: [count('through_gate', 'Drives through the gate', 10, 'drives'), notes],
    score_field: 'through_gate',
    higher_is_better: true,
  },
  {
    key: 'drive-speed-sets',
    title: 'Driver speed sets',
    description:
      'After a warm-up make three sets of five full-effort swings with a speed radar or launch monitor, resting a minute between ' +
      'sets. Record your fastest club speed. Keep it to two or three sessions a week.',
    category: 'drive',
    why: 'More club speed means shorter approaches on every hole.',
    fields: [
      { key: 'club_speed', label: 'Fastest club speed', required: true, type: 'NUMBER', min: 40, max: 160, step: 0.1, unit: 'mph' },
      notes,
    ],
    score_field: 'club_speed',
    higher_is_better: true,
  },
  // Long Approach Shots
  {
    key: 'long-approach-big-target',
    title: 'Big-green target',
    description:
      'From 170-200 yards pick a target about as big as a green (30 yards wide). Hit 10 balls with the club the distance needs, ' +
      'aiming at the middle, and count those that finish on the target.',
    category: 'longApproach',
    why: 'From long range a green hit is the goal; this counts exactly that.',
    fields: [count('on_target', 'Balls on the target', 10, 'balls'), notes],
    score_field: 'on_target',
    higher_is_better: true,
  },
  {
    key: 'long-approach-hybrid-ladder',
    title: 'Hybrid and long-iron ladder',
    description:
      'Hit three balls each to targets at 160, 180 and 200 yards (nine in all), using your normal club for each. Score one point ' +
      'for a ball within 10 yards of the target in distance and direction.',
    category: 'longApproach',
    why: 'Controls carry with the longer clubs, where most amateurs come up short.',
    fields: [count('points', 'Points', 9, 'points'), notes],
    score_field: 'points',
    higher_is_better: true,
  },
  {
    key: 'long-approach-fairway-wood-from-rough',
    title: 'Out of the rough and onto the green',
    description:
      'Drop 8 balls in light rough 160-190 yards from a green (or a range target). Pick the club that gets the ball there, ' +
      'play each ball, and count those that finish on the green or pin-high within 20 yards.',
    category: 'longApproach',
    why: 'Long approaches are often from the rough; this trains the strike and the club choice from there.',
    fields: [count('on_green', 'Balls on the green', 8, 'balls'), notes],
    score_field: 'on_green',
    higher_is_better: true,
  },
  // Medium Approach Shots
  {
    key: 'mid-approach-random-targets',
    title: 'Random-target irons',
    description:
      'Hit 12 balls from 100-150 yards and change the target and club after every ball, with a full routine each time. ' +
      'Count the balls that would have finished on a green (within about 10 yards of the target).',
    category: 'midApproach',
    why: 'Practice that changes every shot carries over to the course far better than raking ball after ball.',
    fields: [count('greens', 'Greens hit', 12, 'balls'), notes],
    score_field: 'greens',
    higher_is_better: true,
  },
  {
    key: 'mid-approach-carry-numbers',
    title: 'Carry numbers',
    description:
      'With a launch monitor (or by landing balls on a green you can walk to) hit five balls with each iron from 9-iron to ' +
      '6-iron and write down the average carry. Then play 10 balls to stated carries and record the average miss in yards.',
    category: 'midApproach',
    why: 'Knowing each club’s carry is what gets the ball pin-high from 100-150 yards.',
    fields: [
      { key: 'avg_miss', label: 'Average carry miss', required: true, type: 'NUMBER', min: 0, max: 50, step: 0.5, unit: 'yd' },
      notes,
    ],
    score_field: 'avg_miss',
    higher_is_better: false,
  },
  {
    key: 'mid-approach-nine-shot',
    title: 'Nine-shot proximity',
    description: 'Three targets at about 110, 130 and 150 yards, three balls to each. Record how many finish within 30 feet of the target.',
    category: 'midApproach',
    why: 'Leaves shorter first putts after the greens you hit.',
    fields: [count('inside_30ft', 'Balls within 30 ft', 9, 'balls'), notes],
    score_field: 'inside_30ft',
    higher_is_better: true,
  },
  // Short Approach Shots
  {
    key: 'short-approach-wedge-ladder',
    title: 'Wedge ladder',
    description:
      'Hit one ball to each of 50, 60, 70, 80, 90 and 100 yards, then back down again (12 balls). Score a point for each ball ' +
      'within 15 feet of its distance. Use a few fixed swing lengths rather than half-hearted full swings.',
    category: 'shortApproach',
    why: 'Wedge distances are a matter of a few repeatable swings; the ladder builds them.',
    fields: [count('points', 'Balls within 15 ft', 12, 'balls'), notes],
    score_field: 'points',
    higher_is_better: true,
  },
  {
    key: 'short-approach-clock-system',
    title: 'Clock-system distances',
    description:
      'With each wedge hit three balls with the lead arm at 9 o’clock, three at 10:30 and three full, and note the carry of ' +
      'each. Then hit 10 balls to random distances between 50 and 100 yards and record the average miss in yards.',
    category: 'shortApproach',
    why: 'Turns swing lengths into known carries for every wedge.',
    fields: [{ key: 'avg_miss', label: 'Average miss', required: true, type: 'NUMBER', min: 0, max: 40, step: 0.5, unit: 'yd' }, notes],
    score_field: 'avg_miss',
    higher_is_better: false,
  },
  {
    key: 'short-approach-up-and-down-game',
    title: 'Wedge and one putt',
    description:
      'Drop 9 balls between 50 and 100 yards from a practice green. Play each one onto the green and putt out. Count the ' +
      'balls holed in two strokes.',
    category: 'shortApproach',
    why: 'Scores the wedge the way the course does: by the putt it leaves.',
    fields: [count('in_two', 'Holed in two', 9, 'balls'), notes],
    score_field: 'in_two',
    higher_is_better: true,
  },
  // Fairway Chips & Pitches
  {
    key: 'fairway-chip-landing-towel',
    title: 'Landing-spot towel',
    description:
      'Lay a towel on the green a few paces on, where a chip should land to roll out to the hole. From the fringe and the ' +
      'fairway hit 10 chips and count those that land on the towel.',
    category: 'fwChips',
    why: 'Controls where the ball lands, which is what decides how close a chip finishes.',
    fields: [count('on_towel', 'Chips landing on the towel', 10, 'chips'), notes],
    score_field: 'on_towel',
    higher_is_better: true,
  },
  {
    key: 'fairway-chip-up-and-down',
    title: 'Up and down from short grass',
    description:
      'Drop 9 balls on short grass between 5 and 30 yards from the hole, each from a different spot. Chip or pitch and then putt ' +
      'out every ball. Count the up-and-downs.',
    category: 'fwChips',
    why: 'Practises the whole up and down, chip and putt, the way you meet it on the course.',
    fields: [count('up_and_downs', 'Up-and-downs', 9, 'balls'), notes],
    score_field: 'up_and_downs',
    higher_is_better: true,
  },
  {
    key: 'fairway-chip-par-18',
    title: 'Par-18 chipping',
    description:
      'Play nine "holes" around a practice green, chipping from a different spot off the green each time and putting out. Par is ' +
      'two a hole. Record your total strokes.',
    category: 'fwChips',
    why: 'Puts a score on the short game, so you can see it improve.',
    fields: [count('strokes', 'Strokes for nine holes', 60, 'strokes'), notes],
    score_field: 'strokes',
    higher_is_better: false,
  },
  // Rough Chips & Pitches
  {
    key: 'rough-chip-up-and-down',
    title: 'Up and down from the rough',
    description:
      'Drop 9 balls in the rough around a practice green, some sitting up and some down, 5-30 yards from the hole. Chip or ' +
      'pitch and putt out each ball. Count the up-and-downs.',
    category: 'roughChips',
    why: 'Trains reading the lie and choosing the shot, where rough chips go wrong.',
    fields: [count('up_and_downs', 'Up-and-downs', 9, 'balls'), notes],
    score_field: 'up_and_downs',
    higher_is_better: true,
  },
  {
    key: 'rough-chip-three-clubs',
    title: 'Three clubs from the rough',
    description:
      'From one spot in the rough hit three balls each with a lob wedge, a sand wedge and a pitching wedge to the same hole. ' +
      'Count the balls that finish within 6 feet, and notice which club the lie suits.',
    category: 'roughChips',
    why: 'Learns how each club comes out of the rough, so the choice on the course is easy.',
    fields: [count('inside_6ft', 'Balls within 6 ft', 9, 'balls'), notes],
    score_field: 'inside_6ft',
    higher_is_better: true,
  },
  {
    key: 'rough-chip-steep-strike',
    title: 'Steep-strike pitch',
    description:
      'Place a head cover a hand’s width behind the ball in the rough. Hit 10 pitches without touching it, which needs a steeper ' +
      'strike, and count the ones that finish on the green.',
    category: 'roughChips',
    why: 'A steeper strike keeps grass from getting between club and ball.',
    fields: [count('on_green', 'Pitches on the green', 10, 'balls'), notes],
    score_field: 'on_green',
    higher_is_better: true,
  },
  // Greenside Bunkers
  {
    key: 'bunker-line-in-sand',
    title: 'Line in the sand',
    description:
      'Draw a line in a practice bunker and make 10 swings, no ball, entering the sand at the line or just behind it. Then put ' +
      'a ball two inches ahead of the line for 10 more. Count the swings that enter the sand at the line or behind it.',
    category: 'sandChips',
    why: 'Where the club enters the sand decides a bunker shot; this trains the entry point.',
    fields: [count('good_entries', 'Entries at or behind the line', 20, 'swings'), notes],
    score_field: 'good_entries',
    higher_is_better: true,
  },
  {
    key: 'bunker-saves',
    title: 'Bunker saves',
    description:
      'Drop 9 balls in a greenside bunker, a few plugged or on a slope. Play each onto the green and putt out. Count the saves ' +
      '(holed in two).',
    category: 'sandChips',
    why: 'Practises the sand save itself, shot and putt.',
    fields: [count('saves', 'Saves', 9, 'balls'), notes],
    score_field: 'saves',
    higher_is_better: true,
  },
  {
    key: 'bunker-circle',
    title: 'Bunker to a circle',
    description:
      'Mark a circle of about 6 feet around a hole with tees. Hit 10 bunker shots and count those that finish inside the circle.',
    category: 'sandChips',
    why: 'Once out every time, getting the ball close is what saves strokes.',
    fields: [count('in_circle', 'Balls in the circle', 10, 'balls'), notes],
    score_field: 'in_circle',
    higher_is_better: true,
  },
  // Lag Putts
  {
    key: 'lag-putt-three-foot-circle',
    title: 'Lag to a 3-foot circle',
    description:
      'Mark a circle of 3 feet around a hole with tees. Putt three balls each from 30, 40 and 50 feet and count the ones that ' +
      'finish inside the circle (or in the hole).',
    category: 'longPutts',
    why: 'Pace from long range is what keeps three-putts off the card.',
    fields: [count('in_circle', 'Putts in the circle', 9, 'putts'), notes],
    score_field: 'in_circle',
    higher_is_better: true,
  },
  {
    key: 'lag-putt-fringe',
    title: 'Fringe drill',
    description:
      'From 30 to 60 feet away, putt ten balls toward the fringe at the far side of a green, trying to stop each one as close ' +
      'to the edge as you can without touching it. Count the balls that stop within a putter length short of the fringe.',
    category: 'longPutts',
    why: 'Trains feel for distance without the hole to distract you.',
    fields: [count('close', 'Balls within a putter length', 10, 'putts'), notes],
    score_field: 'close',
    higher_is_better: true,
  },
  {
    key: 'lag-putt-two-putt-nine',
    title: 'Nine-hole two-putt game',
    description:
      'Play nine holes on a practice green, each from a different spot 25-60 feet away, holing out every time. Record your total ' +
      'putts; 18 is par.',
    category: 'longPutts',
    why: 'Counts what matters on a long putt: how many it takes to get down.',
    fields: [count('putts', 'Putts for nine holes', 40, 'putts'), notes],
    score_field: 'putts',
    higher_is_better: false,
  },
  // Mid-Range Putts
  {
    key: 'mid-putt-ten-from-ten',
    title: 'Ten from ten feet',
    description: 'Putt ten balls from 10 feet, each from a different side of the hole, with your full routine. Count the putts holed.',
    category: 'midPutts',
    why: 'Reading and starting putts from mid-range.',
    fields: [count('holed', 'Putts holed', 10, 'putts'), notes],
    score_field: 'holed',
    higher_is_better: true,
  },
  {
    key: 'mid-putt-make-or-tap',
    title: 'Make it or tap it',
    description:
      'Three balls each from 8, 12 and 16 feet. A putt that is holed, or that finishes past the hole but within 18 inches, ' +
      'scores a point. Short putts score nothing.',
    category: 'midPutts',
    why: 'Gives mid-range putts a chance to drop while keeping the next one a tap-in.',
    fields: [count('points', 'Points', 9, 'points'), notes],
    score_field: 'points',
    higher_is_better: true,
  },
  {
    key: 'mid-putt-gate',
    title: 'Start-line gate from 12 feet',
    description:
      'Two tees just wider than the ball, a foot in front of it, on the line of a 12-foot putt. Putt 10 balls and count the ones ' +
      'that go through the gate cleanly.',
    category: 'midPutts',
    why: 'A putt that starts on its line has a chance; this trains the start line.',
    fields: [count('through_gate', 'Putts through the gate', 10, 'putts'), notes],
    score_field: 'through_gate',
    higher_is_better: true,
  },
  // Short Putts
  {
    key: 'short-putt-circle',
    title: 'Circle drill',
    description:
      'Place six balls in a circle 3 feet around a hole and putt them in one after another; then the same at 4 and 5 feet ' +
      '(18 putts). Count the putts holed.',
    category: 'shortPutts',
    why: 'Every slope of a short putt, at the lengths that matter most.',
    fields: [count('holed', 'Putts holed', 18, 'putts'), notes],
    score_field: 'holed',
    higher_is_better: true,
  },
  {
    key: 'short-putt-in-a-row',
    title: 'Four-footers in a row',
    description: 'From 4 feet, putt until you miss, with a full routine for every putt. Record how many you holed in a row.',
    category: 'shortPutts',
    why: 'Adds the pressure of a streak to the putts you must hole.',
    fields: [count('in_a_row', 'Holed in a row', 100, 'putts'), notes],
    score_field: 'in_a_row',
    higher_is_better: true,
  },
  {
    key: 'short-putt-ladder',
    title: 'Short-putt ladder',
    description:
      'Tees at 3, 4, 5 and 6 feet on a straight line from the hole. Hole a putt from each, moving back after each make and ' +
      'starting over at 3 feet after a miss. Record the putts it takes to hole out from all four.',
    category: 'shortPutts',
    why: 'Builds confidence from 3 to 6 feet one step at a time.',
    fields: [count('putts', 'Putts to finish the ladder', 60, 'putts'), notes],
    score_field: 'putts',
    higher_is_better: false,
  },
  // Other
  {
    key: 'other-recovery-punch',
    title: 'Punch-out recoveries',
    description:
      'Set up behind an imaginary tree (two alignment sticks, or under a low branch at the range) and play 10 low punch shots ' +
      'back to a fairway-wide target 100-150 yards away. Count those that finish in play.',
    category: 'other',
    why: 'Takes one stroke to get back in play instead of two or three.',
    fields: [count('in_play', 'Recoveries in play', 10, 'balls'), notes],
    score_field: 'in_play',
    higher_is_better: true,
  },
  {
    key: 'other-penalty-free-nine',
    title: 'Penalty-free nine',
    description:
      'Play nine holes on the course choosing the club and line that keep every penalty area and out of bounds out of play, even ' +
      'if it costs distance. Record the penalty strokes taken.',
    category: 'other',
    why: 'Most penalty strokes come from choices, not swings.',
    fields: [count('penalties', 'Penalty strokes', 20, 'strokes'), count('score', 'Score', 90, 'strokes')],
    score_field: 'penalties',
    higher_is_better: false,
  },
  {
    key: 'other-awkward-lies',
    title: 'Awkward lies',
    description:
      'Play 10 balls from poor lies near a green: against the collar, on hard pan, above and below your feet, from a divot. ' +
      'Count the balls that finish on the green.',
    category: 'other',
    why: 'The shots that do not fit a category still cost strokes; this gives them practice.',
    fields: [count('on_green', 'Balls on the green', 10, 'balls'), notes],
    score_field: 'on_green',
    higher_is_better: true,
  },
] satisfies StarterDrill[]);

/** A starter drill by its key, or undefined. */
export function starterDrill(key: string): StarterDrill | undefined {
  return STARTER_DRILLS.find((drill) => drill.key === key);
}

/** The body that creates a starter drill in a library (the drills API adds folder and shares). */
export function starterDrillBody(drill: StarterDrill): StarterDrillBody {
  return {
    title: drill.title,
    description: drill.description,
    category: drill.category,
    fields: drill.fields.map((field) => ({ ...field })),
    score_field: drill.score_field,
    higher_is_better: drill.higher_is_better,
  };
}

/** A drill of the player's library, as a plan needs it. */
export interface LibraryDrill {
  drill_id: number;
  title: string;
  category: StatCategory | null;
}

export interface PlanDrill {
  drill_id: number | null;
  template_key: string | null;
  title: string;
  why: string;
}

export interface PracticePlan {
  drills: PlanDrill[];
  practices_per_week: number;
}

/** A plan holds at most this many drills, and this many when enough fit. */
export const PLAN_MAX_DRILLS = 4;
export const PLAN_DRILLS = 3;

/** Putting and chipping can be practised in short sessions on a practice green; full swings need range sessions and rest. */
const PRACTICES_PER_WEEK: Readonly<Record<StatCategory, number>> = {
  drive: 2,
  longApproach: 2,
  midApproach: 2,
  shortApproach: 2,
  fwChips: 3,
  roughChips: 3,
  sandChips: 3,
  longPutts: 3,
  midPutts: 3,
  shortPutts: 3,
  other: 2,
};

const sameTitle = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A practice plan for a diagnosed category: the player's own library drills of that category first (at
 * most four), then starter drills of the category until the plan holds three (two or more always: every category
 * has at least two starter drills). A starter drill whose title is already in the library (an earlier
 * plan added it) is planned as that library drill, so it is not added twice. Practices per week:
 * 3 for putting and the short game (short sessions on a practice green), 2 for full swings (range
 * sessions, with rest between).
 */
export function planFor(category: StatCategory, libraryDrills: readonly LibraryDrill[]): PracticePlan {
  const name = CATEGORY_DISPLAY_NAMES[category];
  const own = libraryDrills.filter((drill) => drill.category === category).slice(0, PLAN_MAX_DRILLS);
  const drills: PlanDrill[] = own.map((drill) => ({
    drill_id: drill.drill_id,
    template_key: null,
    title: drill.title,
    why: `A drill from your library for ${name}.`,
  }));
  for (const starter of STARTER_DRILLS) {
    if (drills.length >= PLAN_DRILLS) break;
    if (starter.category !== category || drills.some((drill) => sameTitle(drill.title, starter.title))) continue;
    // A starter drill added to the library by an earlier plan is used from there, not added twice.
    const added = libraryDrills.find((drill) => sameTitle(drill.title, starter.title));
    drills.push({ drill_id: added?.drill_id ?? null, template_key: added ? null : starter.key, title: starter.title, why: starter.why });
  }
  return { drills, practices_per_week: PRACTICES_PER_WEEK[category] };
}
