/**
 * The evidence of a diagnosis: each category's strokes gained per 18 holes against the target as a
 * horizontal bar (the target is the line at 0), with a table of the same numbers beside it
 * (category, strokes gained per 18, its standard error, strokes to gain). The chart only draws:
 * ChartFigure hides it from assistive technology and the table carries the numbers.
 */
import { BarChart } from '@mantine/charts';
import type { DiagnosisEvidence } from '@holeout/contracts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { axisTickLabel, GAIN_COLOUR, LOSS_COLOUR } from '../../../components/charts/stat-charts.tsx';
import { formatFixed, formatSigned, formatStdError } from '../lib/diagnosis-view.ts';

/** Text drawn in a chart: Mantine's text colour, well over 4.5:1. */
const LABEL_FILL = 'var(--mantine-color-text)';
const TICK = { fontSize: 12, fill: LABEL_FILL };

/** Axis names short enough for a phone (the table names each category in full). */
const SHORT_NAMES: Record<DiagnosisEvidence['category'], string> = {
  drive: 'Off the tee',
  fwChips: 'FW chips',
  roughChips: 'Rough chips',
  sandChips: 'Bunkers',
  shortApproach: 'Short appr.',
  midApproach: 'Mid appr.',
  longApproach: 'Long appr.',
  shortPutts: 'Short putts',
  midPutts: 'Mid putts',
  longPutts: 'Lag putts',
  other: 'Other',
};

/** A symmetric axis around the target's 0 with room for the value labels at the bars' ends. */
function symmetricDomain(values: readonly number[]): [number, number] {
  const largest = Math.max(0.5, ...values.map((value) => Math.abs(value)));
  const step = largest <= 2 ? 0.5 : largest <= 5 ? 1 : 2;
  const end = Math.ceil((largest * 1.45) / step) * step;
  return [-end, end];
}

export function EvidenceChart({ evidence }: { evidence: readonly DiagnosisEvidence[] }) {
  const data = evidence.map((row) => ({ name: SHORT_NAMES[row.category] ?? row.display_name, sg: row.sg_per_18 }));
  return (
    <BarChart
      h={Math.max(160, 30 * data.length + 40)}
      data={data}
      dataKey="name"
      series={[{ name: 'sg', label: 'Strokes gained per 18', color: GAIN_COLOUR }]}
      orientation="vertical"
      getBarColor={(value) => (value < 0 ? LOSS_COLOUR : GAIN_COLOUR)}
      withBarValueLabel
      valueFormatter={(value) => formatSigned(value)}
      valueLabelProps={{ fill: LABEL_FILL, fontSize: 12 }}
      withTooltip={false}
      gridAxis="y"
      maxBarWidth={20}
      referenceLines={[{ x: 0, color: 'gray.7' }]}
      xAxisProps={{ domain: symmetricDomain(evidence.map((row) => row.sg_per_18)), tick: TICK, tickCount: 5, tickFormatter: axisTickLabel }}
      yAxisProps={{ width: 104, tick: TICK, interval: 0 }}
      accessibilityLayer={false}
      barChartProps={{ accessibilityLayer: false, margin: { left: 0, right: 8, top: 4, bottom: 4 } }}
    />
  );
}

/** The evidence rows of the table, in the order given (the API sends the most strokes to gain first). */
export function evidenceRows(evidence: readonly DiagnosisEvidence[]): string[][] {
  return evidence.map((row) => [
    row.display_name,
    formatSigned(row.sg_per_18),
    formatStdError(row.std_error),
    formatFixed(row.strokes_to_gain),
  ]);
}

export function EvidenceFigure({
  evidence,
  targetLabel,
  title = 'Strokes gained by category',
}: {
  evidence: readonly DiagnosisEvidence[];
  /** The target's name ("80 golfer"); left out when the answer does not carry it. */
  targetLabel?: string;
  title?: string;
}) {
  const against = targetLabel ? `against ${targetLabel}` : 'against your target';
  return (
    <ChartFigure
      title={title}
      definition={`Strokes gained in each category per 18 holes ${against}, averaged over the rounds counted: 0 is the target, below 0 loses strokes to it. ± is one standard error (how far the average may be off from round-to-round noise). Strokes to gain is what reaching the target in that category would save per round.`}
      note={`Per 18 holes ${against}, which is the line at 0; most strokes to gain first.`}
      chart={<EvidenceChart evidence={evidence} />}
      caption={`Strokes gained per 18 holes by category ${against}`}
      table={{
        columns: ['Category', 'Strokes gained per 18', '± std. error', 'Strokes to gain'],
        rows: evidenceRows(evidence),
      }}
    />
  );
}
