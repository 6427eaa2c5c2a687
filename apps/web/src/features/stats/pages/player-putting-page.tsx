/**
 * Putting (player-putting): putts per round and per green in regulation, three-putt avoidance and
 * one-putts; make percentage by length; first-putt lengths and proximity to the hole; strokes
 * gained putting by length and per round.
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
import { DEFINITIONS, sgPuttingDefinition } from '../lib/definitions.ts';
import { puttBandLabels } from '../lib/player-bands.ts';
import { firstPuttBands, proximityBands, puttMakeBands } from '../lib/player-bins.ts';
import { formatNumber, formatPercent, formatSg, NO_VALUE, unitAbbreviation } from '../lib/format.ts';
import { pickPlayer, usePlayerView } from '../lib/player-view.ts';

function PuttingSummary() {
  const { uid } = usePlayerView();
  const query = useStat('summary');
  return (
    <QueryCard title="Putting summary" query={query} pick={(data) => pickPlayer(data.players, uid)} height={120}>
      {(player) => (
        <StatTiles
          title="Putting summary"
          tiles={[
            {
              label: 'Putts per round',
              value: formatNumber(player.putts_per_round, 1),
              detail: `Over ${player.holes} holes`,
              definition: DEFINITIONS.puttsPerRound,
            },
            {
              label: 'Putts per GIR',
              value: formatNumber(player.putts_per_gir, 2),
              detail: player.putts_per_gir === null ? 'No greens in regulation yet' : 'Per green hit in regulation',
              definition: DEFINITIONS.puttsPerGir,
            },
            {
              label: '3-putt avoidance',
              value: formatPercent(player.three_putt_avoid_pct),
              detail: player.three_putt_avoid_pct === null ? 'No chances yet' : 'Holes with 2 putts or fewer',
              definition: DEFINITIONS.threePuttAvoid,
            },
            {
              label: 'One-putts',
              value: formatPercent(player.one_putt_pct),
              detail: player.one_putt_pct === null ? 'No chances yet' : 'Holes with one putt',
              definition: DEFINITIONS.onePutt,
            },
          ]}
        />
      )}
    </QueryCard>
  );
}

function MakeRateFigure() {
  const { uid, units } = usePlayerView();
  const query = useStat('putts');
  const unit = unitAbbreviation(units, 'putt');
  return (
    <QueryCard title="Putts made by distance" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const bands = puttMakeBands(player.made, player.missed, units);
        const total = player.made.length + player.missed.length;
        return (
          <ChartFigure
            title="Putts made by distance"
            definition={DEFINITIONS.puttMake}
            note={`${player.made.length} of ${total} putts holed. ${NO_VALUE} means no putts from that distance yet.`}
            chart={
              <StatBarChart
                data={bands.map((band) => ({ band: band.short, percent: band.percent ?? 0 }))}
                dataKey="band"
                xAxisLabel={`Putt length (${unit})`}
                unit="%"
                yAxisProps={{ domain: [0, 100] }}
                series={[{ name: 'percent', label: 'Made', color: seriesColour(0) }]}
                valueFormatter={(value) => formatNumber(value, 1)}
              />
            }
            table={{
              columns: ['Distance', 'Made', 'Putts', 'Made %'],
              rows: bands.map((band) => [band.label, band.made, band.attempts, formatPercent(band.percent)]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function FirstPuttFigure() {
  const { uid, units } = usePlayerView();
  const query = useStat('first_putt');
  const unit = unitAbbreviation(units, 'putt');
  return (
    <QueryCard title="First putt length" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const bins = firstPuttBands(player.putts, units);
        return (
          <ChartFigure
            title="First putt length"
            definition={DEFINITIONS.firstPutt}
            note={`${player.putts.length} holes with a putt.`}
            chart={
              <StatBarChart
                data={bins.map((bin) => ({ band: bin.short, holes: bin.count }))}
                dataKey="band"
                xAxisLabel={`First putt (${unit})`}
                series={[{ name: 'holes', label: 'Holes', color: seriesColour(3) }]}
              />
            }
            table={{
              columns: ['First putt', 'Holes', 'Share'],
              rows: bins.map((bin) => [bin.label, bin.count, formatPercent(bin.percent)]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function ProximityFigure() {
  const { uid, units } = usePlayerView();
  const query = useStat('first_putt');
  const puttUnit = unitAbbreviation(units, 'putt');
  const longUnit = unitAbbreviation(units, 'long');
  return (
    <QueryCard title="Proximity to the hole" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const bands = proximityBands(player.putts, units);
        return (
          <ChartFigure
            title="Proximity to the hole"
            definition={DEFINITIONS.proximity}
            note={`Mean first putt (${puttUnit}) by where the shot onto the green was played from (${longUnit}).`}
            chart={
              <StatBarChart
                data={bands.map((band) => ({ band: band.short, average: band.average ?? 0 }))}
                dataKey="band"
                xAxisLabel={`Played from (${longUnit})`}
                series={[{ name: 'average', label: `Mean first putt (${puttUnit})`, color: seriesColour(4) }]}
                valueFormatter={(value) => formatNumber(value, 1)}
              />
            }
            table={{
              columns: ['Played from', 'Holes', `Mean first putt (${puttUnit})`],
              rows: bands.map((band) => [band.label, band.count, formatNumber(band.average, 1)]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function SgPuttingFigure() {
  const { uid, units, boundaries } = usePlayerView();
  const query = useStat('sg');
  const bands = puttBandLabels(boundaries, units);
  return (
    <QueryCard title="Strokes gained putting" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const rows = [
          { name: 'Short', range: bands.short, value: player.sg.putt.short },
          { name: 'Mid', range: bands.mid, value: player.sg.putt.mid },
          { name: 'Long', range: bands.long, value: player.sg.putt.long },
          { name: 'Overall', range: 'All putts', value: player.sg.putt.overall },
        ];
        return (
          <ChartFigure
            title="Strokes gained putting"
            definition={sgPuttingDefinition(bands)}
            note={`Per 18 holes, over ${player.holes} holes.`}
            chart={<SgBarChart data={rows.map((row) => ({ name: row.name, sg: row.value }))} dataKey="name" label="Strokes gained" />}
            table={{ columns: ['Putts', 'Length', 'Strokes gained'], rows: rows.map((row) => [row.name, row.range, formatSg(row.value)]) }}
          />
        );
      }}
    </QueryCard>
  );
}

export default function PlayerPuttingPage() {
  const { units, boundaries } = usePlayerView();
  return (
    <StatsPage title="Putting" team={paths.teamPutting} ranges>
      <Stack gap="lg">
        <PuttingSummary />
        <MakeRateFigure />
        <FirstPuttFigure />
        <ProximityFigure />
        <SgPuttingFigure />
        <SgTrendFigure
          part="putt"
          title="Strokes gained putting per round"
          definition={sgPuttingDefinition(puttBandLabels(boundaries, units))}
        />
      </Stack>
    </StatsPage>
  );
}
