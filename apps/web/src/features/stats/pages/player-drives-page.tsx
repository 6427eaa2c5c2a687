/**
 * Driving (player-drives): average drive, fairways and strokes gained off the tee; the spread of
 * drive distances; fairways hit and missed left or right; fairways per round; strokes gained off
 * the tee per round.
 */
import { Stack } from '@mantine/core';
import { seriesColour } from '@holeout/golf';
import { paths } from '../../../lib/paths.ts';
import { useStat } from '../api/stats.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { QueryCard, StatTiles } from '../components/player-cards.tsx';
import { StatBarChart } from '../../../components/charts/stat-charts.tsx';
import { MOVING_AVERAGE_LABEL, PerRoundChart, perRoundTrend } from '../../../components/charts/per-round-chart.tsx';
import { SgTrendFigure } from '../components/player-sg-trend.tsx';
import { StatsPage } from '../components/stats-page.tsx';
import { DEFINITIONS } from '../lib/definitions.ts';
import { driveHistogram } from '../lib/player-bins.ts';
import { formatDistance, formatPercent, formatSg, NO_VALUE, outOf, percentOf, roundLabels, unitAbbreviation } from '../lib/format.ts';
import { pickPlayer, playerRounds, usePlayerView } from '../lib/player-view.ts';

function DrivingSummary() {
  const { uid, units } = usePlayerView();
  const fairways = useStat('fw_summary');
  const drives = useStat('drives');
  const sg = useStat('sg');
  const average = drives.data ? pickPlayer(drives.data.players, uid) : undefined;
  const tee = sg.data ? pickPlayer(sg.data.players, uid)?.sg.tee : undefined;
  return (
    <QueryCard title="Driving summary" query={fairways} pick={(data) => pickPlayer(data.players, uid)} height={120}>
      {(player) => (
        <StatTiles
          title="Driving summary"
          tiles={[
            {
              label: 'Average drive',
              value: average ? formatDistance(average.average, 'long', units) : NO_VALUE,
              detail: average
                ? average.drives.length > 0
                  ? `${average.drives.length} drives measured`
                  : 'No drives measured yet'
                : 'Loading…',
              definition: DEFINITIONS.drives,
            },
            {
              label: 'Fairways hit',
              value: formatPercent(player.made),
              detail: outOf(player.counts.made, player.counts.drives, 'drives'),
              definition: DEFINITIONS.fairways,
            },
            {
              label: 'Strokes gained off the tee',
              value: tee === undefined ? NO_VALUE : formatSg(tee),
              detail: tee === undefined ? 'Loading…' : 'Per 18 holes',
              definition: DEFINITIONS.sgTee,
            },
          ]}
        />
      )}
    </QueryCard>
  );
}

function DriveDistanceFigure() {
  const { uid, units } = usePlayerView();
  const query = useStat('drives');
  const unit = unitAbbreviation(units, 'long');
  return (
    <QueryCard title="Drive distances" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const bins = driveHistogram(player.drives, units);
        return (
          <ChartFigure
            title="Drive distances"
            definition={DEFINITIONS.drives}
            note={
              player.drives.length > 0
                ? `Average ${formatDistance(player.average, 'long', units)} over ${player.drives.length} drives, in 20 ${unit} bins.`
                : 'No drives measured yet.'
            }
            chart={
              <StatBarChart
                data={bins.map((bin) => ({ bin: bin.short, drives: bin.count }))}
                dataKey="bin"
                xAxisLabel={`Distance (${unit})`}
                series={[{ name: 'drives', label: 'Drives', color: seriesColour(0) }]}
              />
            }
            table={{ columns: ['Distance', 'Drives'], rows: bins.map((bin) => [bin.label, bin.count]) }}
          />
        );
      }}
    </QueryCard>
  );
}

function FairwaysFigure() {
  const { uid } = usePlayerView();
  const query = useStat('fw_summary');
  return (
    <QueryCard title="Fairways" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const { drives, made, l, r } = player.counts;
        const noSide = Math.max(0, drives - made - l - r);
        const rows = [
          { name: 'Hit', short: 'Hit', count: made },
          { name: 'Missed left', short: 'Left', count: l },
          { name: 'Missed right', short: 'Right', count: r },
          ...(noSide > 0 ? [{ name: 'Missed, side not recorded', short: 'No side', count: noSide }] : []),
        ];
        return (
          <ChartFigure
            title="Fairways"
            definition={DEFINITIONS.fairways}
            note={`${drives} ${drives === 1 ? 'drive' : 'drives'}.`}
            chart={
              <StatBarChart
                data={rows.map((row) => ({ name: row.short, drives: row.count }))}
                dataKey="name"
                series={[{ name: 'drives', label: 'Drives', color: seriesColour(0) }]}
              />
            }
            table={{
              columns: ['Result', 'Drives', 'Share'],
              rows: rows.map((row) => [row.name, row.count, formatPercent(percentOf(row.count, drives))]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function FairwaysPerRoundFigure() {
  const { uid } = usePlayerView();
  const query = useStat('fw_rounds');
  return (
    <QueryCard title="Fairways per round" query={query} pick={(data) => playerRounds(data.rounds, uid)}>
      {(rounds) => {
        const labels = roundLabels(rounds);
        const values = rounds.map((round) => round.made);
        const trend = perRoundTrend(values);
        return (
          <ChartFigure
            title="Fairways per round"
            definition={DEFINITIONS.fairwaysPerRound}
            note={`Fairways hit (%), oldest round first. ${NO_VALUE} means no drives in that round; such a round is left out of the moving average. Season mean ${formatPercent(trend.mean)}.`}
            chart={<PerRoundChart labels={labels} lines={[{ label: 'Fairways hit', values }]} unit="%" yDomain={[0, 100]} />}
            table={{
              newestLast: true,
              columns: ['Round', 'Drives', 'Hit', 'Left', 'Right', 'Hit %', MOVING_AVERAGE_LABEL],
              rows: rounds.map((round, index) => [
                labels[index]!,
                round.counts.drives,
                round.counts.made,
                round.counts.l,
                round.counts.r,
                formatPercent(round.made),
                formatPercent(trend.movingAverage[index]),
              ]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

export default function PlayerDrivesPage() {
  return (
    <StatsPage title="Driving" team={paths.teamDrives} ranges>
      <Stack gap="lg">
        <DrivingSummary />
        <DriveDistanceFigure />
        <FairwaysFigure />
        <FairwaysPerRoundFigure />
        <SgTrendFigure part="tee" title="Strokes gained off the tee per round" definition={DEFINITIONS.sgTee} />
      </Stack>
    </StatsPage>
  );
}
