/**
 * The strokes-gained charts: horizontal bars (gains one colour, losses another, each bar
 * labelled). The per-round line is PerRoundChart (components/charts). They only draw: each sits inside a ChartFigure, which hides it
 * from assistive technology and shows the same numbers in a table. So nothing in them may take
 * focus: recharts' keyboard layer (`accessibilityLayer`) is switched off.
 */
import { BarChart } from '@mantine/charts';
import { CHART_COLOURS } from '@holeout/golf';
// The charts' own styles come with the chart modules (Vite includes them once), not with the first page.
import '@mantine/charts/styles.css';
import { formatSg } from '../lib/format.ts';
import type { SgRow } from '../lib/sg-categories.ts';
import { axisTickLabel } from '../../../components/charts/stat-charts.tsx';

/** Better than the benchmark: blue; worse: red. Both 3:1 against white; the sign is in every label too. */
export const SG_GAIN_COLOUR = CHART_COLOURS[0];
export const SG_LOSS_COLOUR = CHART_COLOURS[1];
/** Text drawn in a chart: Mantine's text colour (black on white), well over 4.5:1. */
const LABEL_FILL = 'var(--mantine-color-text)';
const TICK = { fontSize: 12, fill: LABEL_FILL };

export const sgColour = (value: number): string => (value < 0 ? SG_LOSS_COLOUR : SG_GAIN_COLOUR);

/** A symmetric axis around 0 with room for the labels at the ends of the bars. */
export function symmetricDomain(values: readonly number[]): [number, number] {
  const largest = Math.max(0.5, ...values.map((value) => Math.abs(value)));
  const step = largest <= 2 ? 0.5 : largest <= 5 ? 1 : 2;
  const end = Math.ceil((largest * 1.45) / step) * step;
  return [-end, end];
}

/** The words a bar is named by on the axis: the row's label without its bracketed detail. */
export const shortLabel = (label: string): string => label.replace(/\s*\(.*\)$/, '');

/** Horizontal bars of strokes gained, one per row, from 0; each labelled with its signed value. */
export function SgBarChart({ rows, height = 240, labelWidth = 96 }: { rows: readonly SgRow[]; height?: number; labelWidth?: number }) {
  const data = rows.map((row) => ({ name: shortLabel(row.label), sg: row.value }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="name"
      series={[{ name: 'sg', label: 'Strokes gained', color: SG_GAIN_COLOUR }]}
      orientation="vertical"
      getBarColor={(value) => sgColour(value)}
      withBarValueLabel
      valueFormatter={formatSg}
      valueLabelProps={{ fill: LABEL_FILL, fontSize: 12 }}
      withTooltip={false}
      gridAxis="y"
      maxBarWidth={28}
      referenceLines={[{ x: 0, color: 'gray.7' }]}
      xAxisProps={{ domain: symmetricDomain(rows.map((row) => row.value)), tick: TICK, tickCount: 5, tickFormatter: axisTickLabel }}
      yAxisProps={{ width: labelWidth, tick: TICK, interval: 0 }}
      accessibilityLayer={false}
      barChartProps={{ accessibilityLayer: false, margin: { left: 0, right: 8, top: 4, bottom: 4 } }}
    />
  );
}
