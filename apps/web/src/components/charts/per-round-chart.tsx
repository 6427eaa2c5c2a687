/**
 * A value per round, read as a trend: each line of rounds with its moving average of 5 (the
 * round and the 4 before it) and its season mean (the mean of the rounds shown), named in a
 * legend under the plot. Like every chart it only draws: it sits inside ChartFigure's aria-hidden box, and the
 * page's table carries the same numbers (`perRoundTrend` gives the moving average for it).
 */
import { movingAverage, seasonMean, seriesColour } from '@holeout/golf';
import type { LineChartSeries } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import { CHART_HEIGHT } from './chart-height.ts';
import { axisTickLabel } from './scale.ts';
import { SvgLines } from './svg-charts.tsx';

/** The legend's words for the two trend lines. */
export const MOVING_AVERAGE_LABEL = 'Moving average (5 rounds)';
export const SEASON_MEAN_LABEL = 'Season mean';

/** One line of rounds (all of them, or the 18-hole ones): one value per round of the chart, null where it has none. */
export interface PerRoundLine {
  label: string;
  values: ReadonlyArray<number | null>;
}

export interface PerRoundTrend {
  /** The moving average of 5 at each round (null before the fifth value, and at a round without a value). */
  movingAverage: Array<number | null>;
  /** The mean of the values shown; null without any. */
  mean: number | null;
}

/** The trend of one line, for the chart and for the table beside it. */
export function perRoundTrend(values: ReadonlyArray<number | null>): PerRoundTrend {
  return { movingAverage: movingAverage(values), mean: seasonMean(values) };
}

/** Dashes tell the trend lines from the rounds' own line where colour cannot (and in print). */
const MOVING_AVERAGE_DASH = '6 4';
const SEASON_MEAN_DASH = '2 4';

/** The chart's rows and series: per line its values, its moving average and its mean (the same at every round). */
export function perRoundChartData(
  labels: readonly string[],
  lines: readonly PerRoundLine[],
): { data: Array<Record<string, string | number | null>>; series: LineChartSeries[] } {
  const trends = lines.map((line) => perRoundTrend(line.values));
  const named = (line: PerRoundLine, words: string) => (lines.length === 1 ? words : `${words}, ${line.label.toLowerCase()}`);
  const series = lines.flatMap((line, index): LineChartSeries[] => [
    { name: `value${index}`, label: line.label, color: seriesColour(index * 3) },
    {
      name: `average${index}`,
      label: named(line, MOVING_AVERAGE_LABEL),
      color: seriesColour(index * 3 + 1),
      strokeDasharray: MOVING_AVERAGE_DASH,
    },
    { name: `mean${index}`, label: named(line, SEASON_MEAN_LABEL), color: seriesColour(index * 3 + 2), strokeDasharray: SEASON_MEAN_DASH },
  ]);
  const data = labels.map((label, round) => {
    const row: Record<string, string | number | null> = { round: label };
    lines.forEach((line, index) => {
      const trend = trends[index]!;
      row[`value${index}`] = line.values[round] ?? null;
      row[`average${index}`] = trend.movingAverage[round] ?? null;
      row[`mean${index}`] = trend.mean;
    });
    return row;
  });
  return { data, series };
}

/**
 * The chart of a value per round, oldest first. Lines that must not be joined (9-hole and 18-hole
 * scores) come as separate lines, each with its own trend. `zeroLine` draws 0 across (strokes
 * gained: the benchmark).
 */
export function PerRoundChart({
  labels,
  lines,
  unit,
  yDomain = ['auto', 'auto'],
  zeroLine = false,
}: {
  labels: readonly string[];
  lines: readonly PerRoundLine[];
  unit?: string;
  yDomain?: [number | 'auto', number | 'auto'];
  zeroLine?: boolean;
}) {
  const { series } = perRoundChartData(labels, lines);
  const trends = lines.map((line) => perRoundTrend(line.values));
  // Per line: its rounds (with dots), its moving average and its mean, in the series' colours and dashes.
  const drawn = lines.flatMap((line, index) => {
    const [rounds, average, mean] = series.slice(index * 3, index * 3 + 3) as [LineChartSeries, LineChartSeries, LineChartSeries];
    const trend = trends[index]!;
    // perRoundChartData gives every series a colour (seriesColour) and the trends their dashes.
    return [
      { name: rounds.name, colour: String(rounds.color), values: line.values, dots: true },
      { name: average.name, colour: String(average.color), values: trend.movingAverage, dash: String(average.strokeDasharray) },
      { name: mean.name, colour: String(mean.color), values: labels.map(() => trend.mean), dash: String(mean.strokeDasharray) },
    ];
  });
  const format = (value: number) => (unit === undefined ? axisTickLabel(value) : `${axisTickLabel(value)}${unit}`);
  return (
    <Stack gap={4}>
      <SvgLines labels={labels} series={drawn} height={CHART_HEIGHT} format={format} domain={yDomain} zeroLine={zeroLine} />
      <PerRoundLegend series={series} />
    </Stack>
  );
}

/**
 * The legend under the plot rather than inside it, so the plot keeps its height on a phone: each
 * line's colour and dash beside its name.
 */
function PerRoundLegend({ series }: { series: readonly LineChartSeries[] }) {
  return (
    <Group gap="xs" justify="center" wrap="wrap" data-testid="per-round-legend">
      {series.map((line) => (
        <Group key={line.name} gap={6} wrap="nowrap">
          <svg width={24} height={10}>
            <line x1={0} y1={5} x2={24} y2={5} stroke={line.color} strokeWidth={2.5} strokeDasharray={line.strokeDasharray} />
          </svg>
          <Text size="xs">{line.label ?? line.name}</Text>
        </Group>
      ))}
    </Group>
  );
}
