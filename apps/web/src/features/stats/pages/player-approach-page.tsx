/**
 * Approach (player-approach): greens in regulation and strokes gained approaching; strokes gained
 * by approach distance; greens hit by distance; strokes gained approaching per round; and the way
 * to the miss grids.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { seriesColour } from '@holeout/golf';
import { IconTarget } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useStat } from '../api/stats.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { QueryCard, StatTiles } from '../components/player-cards.tsx';
import { SgBarChart, StatBarChart } from '../../../components/charts/stat-charts.tsx';
import { SgTrendFigure } from '../components/player-sg-trend.tsx';
import { StatsPage } from '../components/stats-page.tsx';
import { DEFINITIONS, greenHitDefinition, sgApproachDefinition } from '../lib/definitions.ts';
import { approachBandLabels, BANDS } from '../lib/player-bands.ts';
import { formatNumber, formatPercent, formatSg, NO_VALUE, outOf, percentOf } from '../lib/format.ts';
import { pickPlayer, usePlayerView } from '../lib/player-view.ts';

const BAND_NAMES = { short: 'Short', mid: 'Mid', long: 'Long' } as const;

function ApproachSummary() {
  const { uid, units, boundaries } = usePlayerView();
  const gir = useStat('gir');
  const sg = useStat('sg');
  const approach = sg.data ? pickPlayer(sg.data.players, uid)?.sg.approach.overall : undefined;
  return (
    <QueryCard title="Approach summary" query={gir} pick={(data) => pickPlayer(data.players, uid)} height={120}>
      {(player) => (
        <StatTiles
          title="Approach summary"
          tiles={[
            {
              label: 'Greens in regulation',
              value: formatPercent(player.percent),
              detail: outOf(player.greens, player.holes, 'holes'),
              definition: DEFINITIONS.gir,
            },
            {
              label: 'Strokes gained approaching',
              value: approach === undefined ? NO_VALUE : formatSg(approach),
              detail: approach === undefined ? 'Loading…' : 'Per 18 holes',
              definition: sgApproachDefinition(approachBandLabels(boundaries, units)),
            },
          ]}
        />
      )}
    </QueryCard>
  );
}

function SgApproachFigure() {
  const { uid, units, boundaries } = usePlayerView();
  const query = useStat('sg');
  const bands = approachBandLabels(boundaries, units);
  return (
    <QueryCard title="Strokes gained approaching" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const rows = [
          ...BANDS.map((band) => ({ name: BAND_NAMES[band], range: bands[band], value: player.sg.approach[band] })),
          { name: 'Overall', range: 'All approaches', value: player.sg.approach.overall },
        ];
        return (
          <ChartFigure
            title="Strokes gained approaching"
            definition={sgApproachDefinition(bands)}
            note={`Per 18 holes, over ${player.holes} holes.`}
            chart={<SgBarChart data={rows.map((row) => ({ name: row.name, sg: row.value }))} dataKey="name" label="Strokes gained" />}
            table={{
              columns: ['Approaches', 'Distance', 'Strokes gained'],
              rows: rows.map((row) => [row.name, row.range, formatSg(row.value)]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function GreenHitFigure() {
  const { uid, units, boundaries } = usePlayerView();
  const query = useStat('app_misses');
  const bands = approachBandLabels(boundaries, units);
  return (
    <QueryCard title="Greens hit by distance" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const rows = [
          ...BANDS.map((band) => ({ name: BAND_NAMES[band], range: bands[band], grid: player[band] })),
          { name: 'All', range: 'All approaches', grid: player.all },
        ].map((row) => ({
          ...row,
          hit: row.grid.counts.made,
          shots: row.grid.counts.shots,
          percent: percentOf(row.grid.counts.made, row.grid.counts.shots),
        }));
        return (
          <ChartFigure
            title="Greens hit by distance"
            definition={greenHitDefinition(bands)}
            note={`Approaches that finished on the green or in the hole. ${NO_VALUE} means no approaches from that distance yet.`}
            chart={
              <StatBarChart
                data={rows.map((row) => ({ name: row.name, percent: row.percent ?? 0 }))}
                dataKey="name"
                unit="%"
                yAxisProps={{ domain: [0, 100] }}
                series={[{ name: 'percent', label: 'Greens hit', color: seriesColour(2) }]}
                valueFormatter={(value) => formatNumber(value, 1)}
              />
            }
            table={{
              columns: ['Approaches', 'Distance', 'Greens hit', 'Approaches played', 'Greens hit %'],
              rows: rows.map((row) => [row.name, row.range, row.hit, row.shots, formatPercent(row.percent)]),
              // The figure the table is read for sits beside the fixed first column, in view on a phone.
              keyColumn: 4,
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function MissStatsLink() {
  // Another player's page (?uid=) leads to that player's miss grids.
  const { other } = usePlayerView();
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{DEFINITIONS.approachMissLink}</Text>
        <Button
          component={Link}
          to={other === null ? paths.missStats : `${paths.missStats}?uid=${other}`}
          variant="light"
          h={44}
          leftSection={<IconTarget size={20} aria-hidden="true" />}
        >
          Where you miss
        </Button>
      </Group>
    </Card>
  );
}

export default function PlayerApproachPage() {
  const { units, boundaries } = usePlayerView();
  return (
    <StatsPage title="Approach" team={paths.teamApproach} ranges>
      <Stack gap="lg">
        <ApproachSummary />
        <SgApproachFigure />
        <GreenHitFigure />
        <MissStatsLink />
        <SgTrendFigure
          part="approach"
          title="Strokes gained approaching per round"
          definition={sgApproachDefinition(approachBandLabels(boundaries, units))}
        />
      </Stack>
    </StatsPage>
  );
}
