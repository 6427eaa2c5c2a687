/**
 * The numbers of a chart's scale, apart from any chart library: the SVG charts (svg-charts.tsx)
 * and the Mantine charts (stat-charts.tsx) read their ticks the same way.
 */

/**
 * An axis tick as a person reads a scale: whole numbers without decimals ("0", "-2", "8", not
 * "-2.00"), others with at most two decimals and no trailing zeros ("0.5", "1.25"). Values on the
 * bars and in the tables keep their own formats.
 */
export function axisTickLabel(value: number): string {
  if (!Number.isFinite(value)) return '';
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/**
 * Scale ticks at round numbers (a step of 1, 2, 2.5 or 5 times a power of ten) covering min to max,
 * with 0 always among them: a reader finds zero, the line between a gain and a loss, without
 * reading the numbers.
 */
export function scaleTicks(min: number, max: number, target = 5): number[] {
  const low = Math.min(min, 0);
  const high = Math.max(max, 0);
  if (!Number.isFinite(low) || !Number.isFinite(high) || high === low) return [0];
  return roundTicks(low, high, target);
}

/**
 * Round-number ticks covering min to max without reaching for 0 (a line of scores from 78 to 95
 * reads 75, 80, ... 95): the first tick at or under min, the last at or over max.
 */
export function lineTicks(min: number, max: number, target = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (max === min) {
    const pad = Math.max(1, Math.abs(max) * 0.05);
    return roundTicks(min - pad, max + pad, target);
  }
  return roundTicks(min, max, target);
}

/** Multiples of a round step (1, 2, 2.5 or 5 times a power of ten) from at or under `low` to at or over `high`. */
function roundTicks(low: number, high: number, target: number): number[] {
  const rough = (high - low) / Math.max(1, target - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  // Multiples of the step, so 0 is one of them when in range; rounded to drop floating-point dust (0.30000000000000004).
  for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toPrecision(12)) || 0);
  return ticks;
}
