/**
 * The charts of the statistics pages, the team views and the drill progress pages: Mantine charts
 * at a fixed height and the width of their card. They sit inside ChartFigure's aria-hidden box with the same numbers in a table, so
 * nothing in them may take focus: recharts 3 makes its svg a focusable "application" unless the
 * accessibility layer is off, so it is always off here.
 */
import { BarChart, LineChart, type BarChartProps, type LineChartProps } from '@mantine/charts';
import { useMediaQuery } from '@mantine/hooks';
import { seriesColour } from '@holeout/golf';
// The charts' own styles come with the chart modules (Vite includes them once), not with the first page.
import '@mantine/charts/styles.css';

export const CHART_HEIGHT = 240;

/** Gains (zero included) and losses of strokes gained: green and red of the chart palette. */
export const GAIN_COLOUR = seriesColour(2);
export const LOSS_COLOUR = seriesColour(1);

type BarProps = Omit<BarChartProps, 'h' | 'accessibilityLayer'>;
type LineProps = Omit<LineChartProps, 'h' | 'accessibilityLayer'>;

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

/** A phone: under this width a chart's category labels are tilted and set smaller so none is dropped. */
export const NARROW_CHART_QUERY = '(max-width: 599.98px)';

/**
 * Scale ticks at round numbers (a step of 1, 2, 2.5 or 5 times a power of ten) covering min to max,
 * with 0 always among them: a reader finds zero, the line between a gain and a loss, without
 * reading the numbers.
 */
export function scaleTicks(min: number, max: number, target = 5): number[] {
  const low = Math.min(min, 0);
  const high = Math.max(max, 0);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [0];
  if (high === low) return [0];
  const rough = (high - low) / Math.max(1, target - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  // Multiples of the step, so 0 is one of them; rounded to drop floating-point dust (0.30000000000000004).
  for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toPrecision(12)) || 0);
  return ticks;
}

/**
 * The category axis of a column chart: every label drawn (recharts drops labels that would touch
 * unless the interval is 0); on a phone, with more than four categories, tilted and smaller, so
 * "10-15" and "100-150" keep their place under their bars.
 */
export function categoryAxisProps(categories: number, narrow: boolean): NonNullable<BarChartProps['xAxisProps']> {
  if (!narrow || categories <= 4) return { interval: 0 };
  return { interval: 0, angle: -40, textAnchor: 'end', height: 60, tick: { fontSize: 11, fill: 'currentColor', dy: 4 } };
}

export function StatBarChart({ barChartProps, yAxisProps, xAxisProps, ...props }: BarProps) {
  const narrow = useMediaQuery(NARROW_CHART_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const categoryAxis = props.orientation === 'vertical' ? {} : categoryAxisProps(props.data.length, narrow);
  return (
    <BarChart
      h={CHART_HEIGHT}
      gridAxis="y"
      tooltipAnimationDuration={0}
      {...props}
      xAxisProps={{ ...categoryAxis, ...xAxisProps }}
      yAxisProps={{ tickFormatter: axisTickLabel, ...yAxisProps }}
      accessibilityLayer={false}
      barChartProps={{ ...barChartProps, accessibilityLayer: false }}
    />
  );
}

export function StatLineChart({ lineChartProps, yAxisProps, ...props }: LineProps) {
  return (
    <LineChart
      h={CHART_HEIGHT}
      gridAxis="y"
      curveType="linear"
      connectNulls
      tooltipAnimationDuration={0}
      {...props}
      yAxisProps={{ tickFormatter: axisTickLabel, ...yAxisProps }}
      accessibilityLayer={false}
      lineChartProps={{ ...lineChartProps, accessibilityLayer: false }}
    />
  );
}

/** Bars of strokes gained, each green for a gain and red for a loss, with the zero line drawn. */
export function SgBarChart({ data, dataKey, label }: { data: Array<Record<string, string | number>>; dataKey: string; label: string }) {
  return (
    <StatBarChart
      data={data}
      dataKey={dataKey}
      series={[{ name: 'sg', label, color: GAIN_COLOUR }]}
      getBarColor={(value) => (value >= 0 ? GAIN_COLOUR : LOSS_COLOUR)}
      referenceLines={[{ y: 0, color: 'gray.7' }]}
      valueFormatter={(value) => value.toFixed(2)}
    />
  );
}
