/**
 * A round's holes as the statistics read them, in a compact text: what the engine needs of each shot
 * (start lie, distance, end lie, miss direction) and nothing else (no positions, pins or stroke
 * indexes, which no statistic reads). The database derives it from the stored holes when a round is
 * written (a generated column, apps/api migration 0015, whose SQL function writes exactly what
 * `shotText` writes), so statistics read a tenth of the bytes and parse them without JSON.
 *
 *   text  = hole *( "|" hole )          (no holes: the empty text)
 *   hole  = number "." par ":" [ shot *( ";" shot ) ]
 *   shot  = from dist to [ miss ]       e.g. T412F, F156G, G24Gl... (miss in lower case: lo, o, ro, r, rs, s, ls, l)
 *
 * `from` is one of START_LIES and `to` one of END_LIES (single capitals); `dist` is the number as JSON
 * writes it (whole or decimal, in the round's units), so it ends at the first end-lie capital.
 */
import { END_LIES, MISS_DIRECTIONS, START_LIES, type EndLie, type Hole, type MissDirection, type Shot, type StartLie } from './round.ts';

/** The text of `holes` (see the module comment). */
export function shotText(holes: readonly Hole[]): string {
  return holes
    .map(
      (hole) =>
        `${hole.hole}.${hole.par}:${hole.shots.map((shot) => `${shot.from}${JSON.stringify(shot.dist)}${shot.to}${shot.miss ?? ''}`).join(';')}`,
    )
    .join('|');
}

/** Lies and misses by their characters' codes, so the reader makes no string for any of them. */
const START_LIE_AT: Array<StartLie | undefined> = [];
for (const lie of START_LIES) START_LIE_AT[lie.charCodeAt(0)] = lie;
const END_LIE_AT: Array<EndLie | undefined> = [];
for (const lie of END_LIES) END_LIE_AT[lie.charCodeAt(0)] = lie;
const MISS_OF = new Map<string, MissDirection>(MISS_DIRECTIONS.map((miss) => [miss, miss]));
const ZERO = 48;
const NINE = 57;
const DOT = 46;
const COLON = 58;
const SEMICOLON = 59;
const BAR = 124;
/** Digits a double holds exactly: a distance of at most this many is read as digits over a power of ten, both exact. */
const EXACT_DIGITS = 15;

function malformed(text: string, at: number): never {
  throw new RangeError(`shot text: malformed at ${at}: '${text.slice(Math.max(0, at - 16), at + 16)}'`);
}

/**
 * The holes of a text written by `shotText` (or the database's column): each hole's number, par and
 * shots with `from`, `dist`, `to` and `miss` when there was one. Throws a RangeError on text that
 * does not follow the grammar (an unknown lie or miss included).
 *
 * One pass over the character codes, with no intermediate strings: the statistics read 300 rounds
 * (some 27,000 shots) this way on a team's first request, where splitting and slicing cost about
 * four times as long. A distance is read as its digits over a power of ten, which is the same double
 * as `Number` gives (both are the correctly rounded quotient of two exact integers) while there are
 * at most 15 digits; anything else (more digits, an exponent) is read by `Number`.
 */
export function holesFromShotText(text: string): Hole[] {
  const holes: Hole[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    let hole = 0;
    let digits = 0;
    let code = text.charCodeAt(i);
    for (; code >= ZERO && code <= NINE; code = text.charCodeAt(++i), digits += 1) hole = hole * 10 + code - ZERO;
    if (digits === 0 || code !== DOT) malformed(text, i);
    code = text.charCodeAt(++i);
    let par = 0;
    digits = 0;
    for (; code >= ZERO && code <= NINE; code = text.charCodeAt(++i), digits += 1) par = par * 10 + code - ZERO;
    if (digits === 0 || code !== COLON) malformed(text, i);
    i += 1;
    const shots: Shot[] = [];
    while (i < length && text.charCodeAt(i) !== BAR) {
      const from = START_LIE_AT[text.charCodeAt(i)];
      if (from === undefined) malformed(text, i);
      // The distance runs to the first end-lie capital.
      const distStart = (i += 1);
      let dist = 0;
      let scale = 0;
      let plain = true;
      digits = 0;
      for (code = text.charCodeAt(i); i < length && END_LIE_AT[code] === undefined; code = text.charCodeAt(++i)) {
        if (code >= ZERO && code <= NINE) {
          dist = dist * 10 + code - ZERO;
          digits += 1;
          if (scale > 0) scale *= 10;
        } else if (code === DOT && scale === 0) scale = 1;
        else plain = false;
      }
      if (i === distStart || i >= length) malformed(text, i);
      if (!plain || digits > EXACT_DIGITS || scale === 1) {
        dist = Number(text.slice(distStart, i));
        if (!Number.isFinite(dist)) malformed(text, distStart);
      } else if (scale > 1) dist /= scale;
      const to = END_LIE_AT[code]!;
      const missStart = (i += 1);
      for (code = text.charCodeAt(i); i < length && code !== SEMICOLON && code !== BAR; code = text.charCodeAt(++i));
      if (i > missStart) {
        const miss = MISS_OF.get(text.slice(missStart, i));
        if (miss === undefined) malformed(text, missStart);
        shots.push({ from, dist, to, miss });
      } else shots.push({ from, dist, to });
      // A separator is followed by another shot.
      if (code === SEMICOLON && ((i += 1) >= length || text.charCodeAt(i) === BAR)) malformed(text, i);
    }
    holes.push({ hole, par, shots });
    // A bar is followed by another hole.
    if (i < length && (i += 1) >= length) malformed(text, i);
  }
  return holes;
}
