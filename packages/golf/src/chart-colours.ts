/**
 * The 28 chart colours (the product has exactly 28). Every one has at least 3:1 contrast against white (WCAG
 * 1.4.11, non-text contrast), fourteen hues in a strong tone then the same hues darker, ordered so
 * neighbours differ in hue.
 */
export const CHART_COLOURS = [
  '#206bb6',
  '#b62d20',
  '#1da534',
  '#b67820',
  '#7820b6',
  '#1c9c9c',
  '#b6206b',
  '#53a01c',
  '#2020b6',
  '#b65220',
  '#1ca074',
  '#b620b6',
  '#9c911c',
  '#2091b6',
  '#224d77',
  '#772922',
  '#227730',
  '#775422',
  '#542277',
  '#227777',
  '#77224d',
  '#457722',
  '#222277',
  '#773e22',
  '#22775b',
  '#772277',
  '#777022',
  '#226277',
] as const;

/**
 * A player's series colour: chosen by uid alone, so the same player has the same colour on every
 * chart, whoever else is drawn beside them.
 */
export function playerColour(uid: number): string {
  const index = ((Math.trunc(uid) % CHART_COLOURS.length) + CHART_COLOURS.length) % CHART_COLOURS.length;
  return CHART_COLOURS[index]!;
}

/** The colour of the n-th series of a chart that is not per player (categories, bands). */
export function seriesColour(n: number): string {
  return CHART_COLOURS[((Math.trunc(n) % CHART_COLOURS.length) + CHART_COLOURS.length) % CHART_COLOURS.length]!;
}
