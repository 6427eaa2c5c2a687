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
import { CHART_HEIGHT } from './chart-height.ts';
import { axisTickLabel } from './scale.ts';

export { axisTickLabel, scaleTicks } from './scale.ts';

export { CHART_HEIGHT } from './chart-height.ts';

/** Gains (zero included) and losses of strokes gained: green and red of the chart palette. */
export const GAIN_COLOUR = seriesColour(2);
export const LOSS_COLOUR = seriesColour(1);

type BarProps = Omit<BarChartProps, 'h' | 'accessibilityLayer'>;
type LineProps = Omit<LineChartProps, 'h' | 'accessibilityLayer'>;

/** A phone: under this width a chart's category labels are tilted and set smaller so none is dropped. */
export const NARROW_CHART_QUERY = '(max-width: 599.98px)';

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
