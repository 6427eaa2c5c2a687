/**
 * The strokes-gained charts: horizontal bars (gains one colour, losses another, each bar
 * labelled), drawn as plain SVG (components/charts/svg-charts.tsx) so the Statistics page needs no
 * chart library. The per-round line is PerRoundChart (components/charts). They only draw: each
 * sits inside a ChartFigure, which hides it from assistive technology and shows the same numbers
 * in a table.
 */
import { CHART_COLOURS } from '@holeout/golf';
import { formatSg } from '../lib/format.ts';
import type { SgRow } from '../lib/sg-categories.ts';
import { SvgBars } from '../../../components/charts/svg-charts.tsx';

/** Better than the benchmark: blue; worse: red. Both 3:1 against white; the sign is in every label too. */
export const SG_GAIN_COLOUR = CHART_COLOURS[0];
export const SG_LOSS_COLOUR = CHART_COLOURS[1];
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
  return (
    <SvgBars
      rows={rows.map((row) => ({ label: shortLabel(row.label), value: row.value, colour: sgColour(row.value) }))}
      domain={symmetricDomain(rows.map((row) => row.value))}
      height={height}
      labelWidth={labelWidth}
      format={formatSg}
    />
  );
}
