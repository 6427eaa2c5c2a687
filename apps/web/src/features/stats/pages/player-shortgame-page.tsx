/**
 * Short game (player-shortgame): scrambling and sand saves; up and down overall and from the
 * fairway, rough and sand; strokes gained with chips by lie and per round.
 */
import { Stack } from '@mantine/core';
import { seriesColour } from '@holeout/golf';
import { paths } from '../../../lib/paths.ts';
import { useStat } from '../api/stats.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { QueryCard, StatTiles } from '../components/player-cards.tsx';
import { SgBarChart, StatBarChart } from '../../../components/charts/stat-charts.tsx';
import { SgTrendFigure } from '../components/player-sg-trend.tsx';
import { StatsPage } from '../components/stats-page.tsx';
import { DEFINITIONS, sgChippingDefinition } from '../lib/definitions.ts';
import { chipLabel } from '../lib/player-bands.ts';
import { formatNumber, formatPercent, formatSg, NO_VALUE } from '../lib/format.ts';
import { pickPlayer, usePlayerView } from '../lib/player-view.ts';

function ShortGameSummary() {
  const { uid } = usePlayerView();
  const summary = useStat('summary');
  const ud = useStat('ud');
  const overall = ud.data ? pickPlayer(ud.data.players, uid)?.overall : undefined;
  return (
    <QueryCard title="Short game summary" query={summary} pick={(data) => pickPlayer(data.players, uid)} height={120}>
      {(player) => (
        <StatTiles
          title="Short game summary"
          tiles={[
            {
              label: 'Up and down',
              value: overall ? formatPercent(overall.percent) : NO_VALUE,
              detail: overall ? (overall.chances > 0 ? `${overall.made} of ${overall.chances} chances` : 'No chances yet') : 'Loading…',
              definition: DEFINITIONS.upAndDown,
            },
            {
              label: 'Scrambling',
              value: formatPercent(player.scrambling_pct),
              detail: player.scrambling_pct === null ? 'No chances yet' : 'Par or better after a missed green',
              definition: DEFINITIONS.scrambling,
            },
            {
              label: 'Sand saves',
              value: formatPercent(player.sand_save_pct),
              detail: player.sand_save_pct === null ? 'No chances yet' : 'Up and down from a greenside bunker',
              definition: DEFINITIONS.sandSave,
            },
          ]}
        />
      )}
    </QueryCard>
  );
}

function UpAndDownFigure() {
  const { uid } = usePlayerView();
  const query = useStat('ud');
  return (
    <QueryCard title="Up and down" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const rows = [
          { name: 'Overall', rate: player.overall },
          { name: 'Fairway', rate: player.fairway },
          { name: 'Rough', rate: player.rough },
          { name: 'Sand', rate: player.sand },
        ];
        return (
          <ChartFigure
            title="Up and down"
            definition={DEFINITIONS.upAndDown}
            note={`By the lie of the chance. ${NO_VALUE} means no chances yet.`}
            chart={
              <StatBarChart
                data={rows.map((row) => ({ name: row.name, percent: row.rate.percent ?? 0 }))}
                dataKey="name"
                unit="%"
                yAxisProps={{ domain: [0, 100] }}
                series={[{ name: 'percent', label: 'Up and down', color: seriesColour(0) }]}
                valueFormatter={(value) => formatNumber(value, 1)}
              />
            }
            table={{
              columns: ['From', 'Made', 'Chances', 'Up and down'],
              rows: rows.map((row) => [row.name, row.rate.made, row.rate.chances, formatPercent(row.rate.percent)]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function SgChippingFigure() {
  const { uid, units, boundaries } = usePlayerView();
  const query = useStat('sg');
  return (
    <QueryCard title="Strokes gained around the green" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const chip = player.sg.chip;
        const rows = [
          { name: 'Fairway', value: chip.fairway },
          { name: 'Rough', value: chip.rough },
          { name: 'Sand', value: chip.sand },
          { name: 'Other', value: chip.other },
          { name: 'Overall', value: chip.overall },
        ];
        return (
          <ChartFigure
            title="Strokes gained around the green"
            definition={sgChippingDefinition(chipLabel(boundaries, units))}
            note={`Chips and pitches ${chipLabel(boundaries, units)}, per 18 holes, over ${player.holes} holes.`}
            chart={<SgBarChart data={rows.map((row) => ({ name: row.name, sg: row.value }))} dataKey="name" label="Strokes gained" />}
            table={{ columns: ['From', 'Strokes gained'], rows: rows.map((row) => [row.name, formatSg(row.value)]) }}
          />
        );
      }}
    </QueryCard>
  );
}

export default function PlayerShortgamePage() {
  const { units, boundaries } = usePlayerView();
  return (
    <StatsPage title="Short game" team={paths.teamShortgame} ranges>
      <Stack gap="lg">
        <ShortGameSummary />
        <UpAndDownFigure />
        <SgChippingFigure />
        <SgTrendFigure
          part="chip"
          title="Strokes gained around the green per round"
          definition={sgChippingDefinition(chipLabel(boundaries, units))}
        />
      </Stack>
    </StatsPage>
  );
}
