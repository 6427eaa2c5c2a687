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
import { END_LIES, type EndLie, type Hole, type MissDirection, type Shot, type StartLie } from './round.ts';

/** The text of `holes` (see the module comment). */
export function shotText(holes: readonly Hole[]): string {
  return holes
    .map(
      (hole) =>
        `${hole.hole}.${hole.par}:${hole.shots.map((shot) => `${shot.from}${JSON.stringify(shot.dist)}${shot.to}${shot.miss ?? ''}`).join(';')}`,
    )
    .join('|');
}

const END_LIE_CODES = new Set(END_LIES.map((lie) => lie.charCodeAt(0)));

/**
 * The holes of a text written by `shotText` (or the database's column): each hole's number, par and
 * shots with `from`, `dist`, `to` and `miss` when there was one. Throws a RangeError on text that
 * does not follow the grammar.
 */
export function holesFromShotText(text: string): Hole[] {
  if (text === '') return [];
  return text.split('|').map((part) => {
    const dot = part.indexOf('.');
    const colon = part.indexOf(':', dot + 1);
    if (dot < 1 || colon < dot + 2) throw new RangeError(`shot text: bad hole '${part}'`);
    const hole = Number(part.slice(0, dot));
    const par = Number(part.slice(dot + 1, colon));
    const body = part.slice(colon + 1);
    const shots: Shot[] = body === '' ? [] : body.split(';').map(shotFrom);
    if (!Number.isInteger(hole) || !Number.isInteger(par)) throw new RangeError(`shot text: bad hole '${part}'`);
    return { hole, par, shots };
  });
}

function shotFrom(text: string): Shot {
  let end = 1;
  while (end < text.length && !END_LIE_CODES.has(text.charCodeAt(end))) end += 1;
  const dist = Number(text.slice(1, end));
  if (end === 1 || end >= text.length || !Number.isFinite(dist)) throw new RangeError(`shot text: bad shot '${text}'`);
  const shot: Shot = { from: text[0] as StartLie, dist, to: text[end] as EndLie };
  if (end + 1 < text.length) shot.miss = text.slice(end + 1) as MissDirection;
  return shot;
}
