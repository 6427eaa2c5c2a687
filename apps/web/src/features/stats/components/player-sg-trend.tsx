/**
 * Strokes gained per round (GET /v4/stats/round_sg): one part of the game, or overall with every
 * part in the table, round by round against the chosen benchmark, per 18 holes.
 */
import type { ReactNode } from 'react';
import { seriesColour } from '@holeout/golf';
import { useStat } from '../api/stats.ts';
import { formatSg, roundLabels } from '../lib/format.ts';
import { playerRounds, usePlayerView } from '../lib/player-view.ts';
import { SG_CATEGORY_KEYS, SG_CATEGORY_LABELS, type SgCategoryKey } from '../lib/sg-categories.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { QueryCard } from './player-cards.tsx';
import { StatLineChart } from '../../../components/charts/stat-charts.tsx';

const PARTS = SG_CATEGORY_KEYS.filter((key): key is Exclude<SgCategoryKey, 'overall'> => key !== 'overall');

export function SgTrendFigure({ part, title, definition }: { part: SgCategoryKey; title: string; definition: ReactNode }) {
  const { uid } = usePlayerView();
  const query = useStat('round_sg');
  return (
    <QueryCard title={title} query={query} pick={(data) => playerRounds(data.rounds, uid)}>
      {(rounds) => {
        const labels = roundLabels(rounds);
        const withParts = part === 'overall';
        return (
          <ChartFigure
            title={title}
            definition={definition}
            note={
              rounds.length === 0
                ? 'No rounds counted yet.'
                : `${rounds.length} ${rounds.length === 1 ? 'round' : 'rounds'}, oldest first; per 18 holes.`
            }
            chart={
              <StatLineChart
                data={rounds.map((round, index) => ({ round: labels[index]!, sg: round.sg[part] }))}
                dataKey="round"
                series={[{ name: 'sg', label: `Strokes gained, ${SG_CATEGORY_LABELS[part].toLowerCase()}`, color: seriesColour(0) }]}
                referenceLines={[{ y: 0, color: 'gray.7' }]}
                valueFormatter={(value) => value.toFixed(2)}
              />
            }
            table={{
              newestLast: true,
              columns: [
                'Round',
                'Holes',
                'Score',
                ...(withParts ? [SG_CATEGORY_LABELS.overall, ...PARTS.map((p) => SG_CATEGORY_LABELS[p])] : ['Strokes gained']),
              ],
              rows: rounds.map((round, index) => [
                labels[index]!,
                round.holes,
                round.score,
                ...(withParts ? [formatSg(round.sg.overall), ...PARTS.map((p) => formatSg(round.sg[p]))] : [formatSg(round.sg[part])]),
              ]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}
