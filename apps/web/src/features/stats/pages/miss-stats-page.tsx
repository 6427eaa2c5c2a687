/**
 * Miss statistics (miss-stats): where putts and approaches finish (the miss grids, all or by
 * distance), and where approaches that missed the green came to rest, with layups apart.
 */
import { Group, Stack, Text } from '@mantine/core';
import { seriesColour } from '@holeout/golf';
import { useStat } from '../api/stats.ts';
import { Definition } from '../../../components/charts/chart-figure.tsx';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { MissGridFigure } from '../components/miss-grid.tsx';
import { QueryCard } from '../components/player-cards.tsx';
import { StatBarChart } from '../../../components/charts/stat-charts.tsx';
import { StatsPage } from '../components/stats-page.tsx';
import { approachGridDefinition, DEFINITIONS, puttGridDefinition } from '../lib/definitions.ts';
import { layupsText, ogMissRows } from '../lib/miss-lies.ts';
import { approachBandLabels, puttBandLabels } from '../lib/player-bands.ts';
import { formatNumber, formatPercent, unitAbbreviation } from '../lib/format.ts';
import { pickPlayer, usePlayerView } from '../lib/player-view.ts';

function PuttMissesFigure() {
  const { uid, units, boundaries } = usePlayerView();
  const query = useStat('putt_misses');
  const bands = puttBandLabels(boundaries, units);
  return (
    <QueryCard title="Putt misses" query={query} pick={(data) => pickPlayer(data.players, uid)} height={400}>
      {(player) => (
        <MissGridFigure
          title="Putt misses"
          definition={puttGridDefinition(bands)}
          grids={player}
          bands={bands}
          controlLabel="Putt length"
          madeLabel="Holed"
          noun={['putt', 'putts']}
        />
      )}
    </QueryCard>
  );
}

function ApproachMissesFigure() {
  const { uid, units, boundaries } = usePlayerView();
  const query = useStat('app_misses');
  const bands = approachBandLabels(boundaries, units);
  return (
    <QueryCard title="Approach misses" query={query} pick={(data) => pickPlayer(data.players, uid)} height={400}>
      {(player) => (
        <MissGridFigure
          title="Approach misses"
          definition={approachGridDefinition(bands)}
          grids={player}
          bands={bands}
          controlLabel="Approach distance"
          madeLabel="Green hit"
          noun={['approach', 'approaches']}
        />
      )}
    </QueryCard>
  );
}

function OutsideGreenFigure() {
  const { uid, units } = usePlayerView();
  const query = useStat('og_misses');
  const unit = unitAbbreviation(units, 'long');
  return (
    <QueryCard title="Missed greens: where the ball finished" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const rows = ogMissRows(player, units);
        const missed = rows.reduce((sum, row) => sum + row.count, 0);
        return (
          <ChartFigure
            title="Missed greens: where the ball finished"
            definition={DEFINITIONS.ogMisses}
            note={
              <Text size="sm" data-testid="og-count">
                {missed} of {player.approaches} {player.approaches === 1 ? 'approach' : 'approaches'} missed the green.
              </Text>
            }
            chart={
              <StatBarChart
                data={rows.map((row) => ({ lie: row.lie === 'O' ? 'OB' : row.lie === 'H' ? 'Penalty' : row.label, misses: row.count }))}
                dataKey="lie"
                series={[{ name: 'misses', label: 'Misses', color: seriesColour(0) }]}
              />
            }
            table={{
              columns: ['Finished in', 'Misses', 'Share of approaches', `Mean distance left (${unit})`],
              rows: rows.map((row) => [row.label, row.count, formatPercent(row.percent), formatNumber(row.averageLeft, 0)]),
            }}
          >
            <Group gap={4} wrap="nowrap" align="center">
              <Text size="sm" data-testid="layups">
                {layupsText(player.layups)}
              </Text>
              <Definition term="Layup">{DEFINITIONS.layup}</Definition>
            </Group>
          </ChartFigure>
        );
      }}
    </QueryCard>
  );
}

export default function MissStatsPage() {
  return (
    <StatsPage title="Miss statistics" benchmark={false}>
      <Stack gap="lg">
        <PuttMissesFigure />
        <ApproachMissesFigure />
        <OutsideGreenFigure />
      </Stack>
    </StatsPage>
  );
}
