/**
 * Strokes gained per round (GET /v4/stats/round_sg): one part of the game, or overall with every
 * part in the table, round by round against the chosen benchmark, per 18 holes, with its moving
 * average of 5 and season mean (a 9-hole round's figure is per 18 holes, so all rounds are one line).
 */
import type { ReactNode } from 'react';
import { useStat } from '../api/stats.ts';
import { formatSg, roundLabels } from '../lib/format.ts';
import { playerRounds, usePlayerView } from '../lib/player-view.ts';
import { SG_CATEGORY_KEYS, SG_CATEGORY_LABELS, type SgCategoryKey } from '../lib/sg-categories.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { QueryCard } from './player-cards.tsx';
import { MOVING_AVERAGE_LABEL, PerRoundChart, perRoundTrend } from '../../../components/charts/per-round-chart.tsx';

const PARTS = SG_CATEGORY_KEYS.filter((key): key is Exclude<SgCategoryKey, 'overall'> => key !== 'overall');

export function SgTrendFigure({ part, title, definition }: { part: SgCategoryKey; title: string; definition: ReactNode }) {
  const { uid } = usePlayerView();
  const query = useStat('round_sg');
  return (
    <QueryCard title={title} query={query} pick={(data) => playerRounds(data.rounds, uid)}>
      {(rounds) => {
        const labels = roundLabels(rounds);
        const withParts = part === 'overall';
        const values = rounds.map((round) => round.sg[part]);
        const trend = perRoundTrend(values);
        return (
          <ChartFigure
            title={title}
            definition={definition}
            note={
              rounds.length === 0
                ? 'No rounds counted yet.'
                : `${rounds.length} ${rounds.length === 1 ? 'round' : 'rounds'}, oldest first; per 18 holes. Season mean ${formatSg(trend.mean)}.`
            }
            chart={
              <PerRoundChart
                labels={labels}
                lines={[{ label: `Strokes gained, ${SG_CATEGORY_LABELS[part].toLowerCase()}`, values }]}
                zeroLine
              />
            }
            table={{
              newestLast: true,
              columns: [
                'Round',
                'Holes',
                'Score',
                ...(withParts ? [SG_CATEGORY_LABELS.overall] : ['Strokes gained']),
                MOVING_AVERAGE_LABEL,
                ...(withParts ? PARTS.map((p) => SG_CATEGORY_LABELS[p]) : []),
              ],
              rows: rounds.map((round, index) => [
                labels[index]!,
                round.holes,
                round.score,
                formatSg(round.sg[part]),
                formatSg(trend.movingAverage[index]),
                ...(withParts ? PARTS.map((p) => formatSg(round.sg[p])) : []),
              ]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}
