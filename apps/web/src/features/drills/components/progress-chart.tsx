/**
 * The charts of the drill progress pages. They only draw: each sits inside ChartFigure, which hides
 * it from assistive technology and puts the same numbers in a table beside it (the charts' keyboard
 * layer is off in StatLineChart and StatBarChart).
 */
import { formatDate, formatStat, seriesColour, type DrillScore } from '@holeout/golf';
import { BarChart } from '@mantine/charts';
import { StatLineChart } from '../../../components/charts/stat-charts.tsx';

const TICK = { fontSize: 12, fill: 'var(--mantine-color-text)' };

/** One point of the line: the attempt's time (ms) and score, and the trend line's value at the first and last attempt. */
export interface ProgressPoint {
  at: number;
  score: number;
  trend: number | null;
}

/**
 * The points of the score line, oldest first, with the trend line (drillTrendLine of
 * packages/golf) at its two ends; the chart joins those two across the attempts between.
 */
export function progressPoints(scores: readonly DrillScore[], trend: readonly [DrillScore, DrillScore] | null): ProgressPoint[] {
  const sorted = [...scores].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  return sorted.map((score, index) => ({
    at: Date.parse(score.time),
    score: score.score,
    trend: trend === null ? null : index === 0 ? trend[0].score : index === sorted.length - 1 ? trend[1].score : null,
  }));
}

/**
 * A drill's score over time: the attempts as a line on a time axis, the trend as a dashed line and
 * the best score as a reference line.
 */
export function ProgressChart({ points, best, scoreLabel }: { points: readonly ProgressPoint[]; best: number | null; scoreLabel: string }) {
  const hasTrend = points.some((point) => point.trend !== null);
  return (
    <StatLineChart
      data={points.map((point) => ({ ...point }))}
      dataKey="at"
      series={[
        { name: 'score', label: scoreLabel, color: seriesColour(0) },
        ...(hasTrend ? [{ name: 'trend', label: 'Trend', color: 'gray.7', strokeDasharray: '6 4' }] : []),
      ]}
      referenceLines={
        best === null ? [] : [{ y: best, color: 'gray.6', label: `Best ${formatStat(best)}`, labelPosition: 'insideTopLeft' }]
      }
      valueFormatter={(value) => formatStat(value)}
      withTooltip={false}
      dotProps={{ r: 3, strokeWidth: 2 }}
      xAxisProps={{
        type: 'number',
        scale: 'time',
        domain: ['dataMin', 'dataMax'],
        tick: TICK,
        tickFormatter: (value: number) => formatDate(value),
        tickCount: 4,
        padding: { left: 12, right: 12 },
      }}
      yAxisProps={{ tick: TICK, width: 40, domain: ['auto', 'auto'] }}
      lineChartProps={{ margin: { left: 0, right: 12, top: 8, bottom: 4 } }}
    />
  );
}

/** Recent form per player as horizontal bars, best first (the order of the ranking), one bar row per player. */
export function RecentFormChart({ players, scoreLabel }: { players: ReadonlyArray<{ name: string; recent: number }>; scoreLabel: string }) {
  return (
    <BarChart
      h={Math.max(160, players.length * 36 + 40)}
      data={players.map((player) => ({ player: player.name, recent: player.recent }))}
      dataKey="player"
      orientation="vertical"
      series={[{ name: 'recent', label: `Recent form, ${scoreLabel}`, color: seriesColour(0) }]}
      withTooltip={false}
      withBarValueLabel
      valueFormatter={(value) => formatStat(value)}
      valueLabelProps={{ fill: 'var(--mantine-color-text)', fontSize: 12 }}
      gridAxis="x"
      maxBarWidth={24}
      xAxisProps={{ tick: TICK }}
      yAxisProps={{ tick: TICK, width: 96, interval: 0 }}
      accessibilityLayer={false}
      barChartProps={{ accessibilityLayer: false, margin: { left: 0, right: 36, top: 4, bottom: 4 } }}
    />
  );
}
