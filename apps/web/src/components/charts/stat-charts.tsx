/**
 * The charts of the statistics pages, the team views and the drill progress pages: Mantine charts
 * at a fixed height and the width of their card. They sit inside ChartFigure's aria-hidden box with the same numbers in a table, so
 * nothing in them may take focus: recharts 3 makes its svg a focusable "application" unless the
 * accessibility layer is off, so it is always off here.
 */
import { BarChart, LineChart, type BarChartProps, type LineChartProps } from '@mantine/charts';
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

export function StatBarChart({ barChartProps, yAxisProps, ...props }: BarProps) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      gridAxis="y"
      tooltipAnimationDuration={0}
      {...props}
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
