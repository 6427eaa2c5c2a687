/**
 * Scoring (player-scoring): headline scoring figures, scores per round (score or to par, each round
 * length its own plot, with the moving average and season mean), par averages, birdies /
 * bogeys / doubles per round, greens in regulation, and strokes gained per round.
 */
import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { seriesColour } from '@holeout/golf';
import { paths } from '../../../lib/paths.ts';
import { useStat } from '../api/stats.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { QueryCard, StatTiles } from '../components/player-cards.tsx';
import { StatBarChart } from '../../../components/charts/stat-charts.tsx';
import { MOVING_AVERAGE_LABEL, PerRoundChart, perRoundTrend } from '../../../components/charts/per-round-chart.tsx';
import { SgTrendFigure } from '../components/player-sg-trend.tsx';
import { StatsPage } from '../components/stats-page.tsx';
import type { ScoreMeasure } from '../components/score-measure-switch.tsx';
import { DEFINITIONS } from '../lib/definitions.ts';
import { longDistanceBands } from '../lib/player-bins.ts';
import { formatToPar } from '../../../lib/format.ts';
import { formatNumber, formatPercent, formatSigned, NO_VALUE, outOf, roundLabels, unitAbbreviation } from '../lib/format.ts';
import { pickPlayer, playerRounds, usePlayerView } from '../lib/player-view.ts';

function ScoringSummary() {
  const { uid } = usePlayerView();
  const query = useStat('summary');
  return (
    <QueryCard title="Scoring summary" query={query} pick={(data) => pickPlayer(data.players, uid)} height={120}>
      {(player) => (
        <StatTiles
          title="Scoring summary"
          tiles={[
            {
              label: 'Scoring average',
              value: formatNumber(player.scoring_avg, 1),
              detail: `${player.rounds} ${player.rounds === 1 ? 'round' : 'rounds'}, ${player.holes} holes`,
              definition: DEFINITIONS.scoringAverage,
            },
            {
              label: 'Greens in regulation',
              value: formatPercent(player.gir_pct),
              detail: `Of ${player.holes} holes`,
              definition: DEFINITIONS.gir,
            },
            {
              label: 'Birdies per round',
              value: formatNumber(player.birdies_per_round, 1),
              detail: 'Birdie or better',
              definition: DEFINITIONS.scoreTypes,
            },
            { label: 'Penalties per round', value: formatNumber(player.penalties_per_round, 1), detail: 'Penalty strokes' },
          ]}
        />
      )}
    </QueryCard>
  );
}

// The Score / To par switch comes in its own chunk, after the figures: the page's JavaScript stays in its budget.
const ScoreMeasureSwitch = lazy(() =>
  import('../components/score-measure-switch.tsx').then((module) => ({ default: module.ScoreMeasureSwitch })),
);

/**
 * Scores per round, one plot per round length (9 and 18 holes are never joined), each with its own
 * moving average of 5 and season mean: a 9-hole score beside 18-hole ones says nothing of a trend.
 */
function ScoresFigure() {
  const { uid } = usePlayerView();
  const query = useStat('scores');
  const [measure, setMeasure] = useState<ScoreMeasure>('score');
  return (
    <QueryCard title="Scores per round" query={query} pick={(data) => playerRounds(data.scores, uid)}>
      {(rounds) => {
        const labels = roundLabels(rounds);
        const valueOf = (round: (typeof rounds)[number]) => (measure === 'score' ? round.score : round.score - round.par);
        const lengths = [...new Set(rounds.map((round) => round.holes))].sort((a, b) => b - a);
        const measureLabel = measure === 'score' ? 'Score' : 'To par';
        // Each round length its own plot with its own axis: 45 beside 85 would flatten both trends.
        const plots = lengths.map((holes) => {
          const indices = rounds.flatMap((round, index) => (round.holes === holes ? [index] : []));
          const values = indices.map((index) => valueOf(rounds[index]!));
          return { holes, indices, values, trend: perRoundTrend(values) };
        });
        const averageOf = (index: number) => {
          const plot = plots.find((each) => each.holes === rounds[index]!.holes)!;
          return plot.trend.movingAverage[plot.indices.indexOf(index)] ?? null;
        };
        const formatValue = (value: number | null) =>
          value === null ? NO_VALUE : measure === 'score' ? formatNumber(value, 1) : formatSigned(value, 1);
        const means = plots.map((plot) => `${lengths.length === 1 ? '' : `${plot.holes} holes `}${formatValue(plot.trend.mean)}`);
        return (
          <ChartFigure
            title="Scores per round"
            definition={DEFINITIONS.scores}
            controls={
              <Suspense fallback={<Skeleton height={44} w={{ base: '100%', xs: 240 }} radius="md" />}>
                <ScoreMeasureSwitch value={measure} onChange={setMeasure} />
              </Suspense>
            }
            note={`${measureLabel}, oldest round first${lengths.length > 1 ? '; each round length in its own plot, with its own moving average and season mean' : ''}. Season mean ${means.join(', ')}.`}
            chart={
              <Stack gap="md">
                {plots.map((plot) => (
                  <Stack key={plot.holes} gap={4}>
                    {lengths.length > 1 && (
                      <Text size="sm" fw={600}>
                        {plot.holes}-hole rounds
                      </Text>
                    )}
                    <PerRoundChart
                      labels={plot.indices.map((index) => labels[index]!)}
                      lines={[{ label: measureLabel, values: plot.values }]}
                      zeroLine={measure === 'toPar'}
                    />
                  </Stack>
                ))}
              </Stack>
            }
            table={{
              newestLast: true,
              columns: ['Round', 'Holes', 'Score', 'Par', 'To par', `${MOVING_AVERAGE_LABEL}, ${measureLabel.toLowerCase()}`],
              rows: rounds.map((round, index) => [
                labels[index]!,
                round.holes,
                round.score,
                round.par,
                formatToPar(round.score - round.par),
                formatValue(averageOf(index)),
              ]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function ParAveragesFigure() {
  const { uid } = usePlayerView();
  const query = useStat('par_avgs');
  return (
    <QueryCard title="Par averages" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const pars = [...player.pars].sort((a, b) => a.par - b.par);
        return (
          <ChartFigure
            title="Par averages"
            definition={DEFINITIONS.parAverages}
            chart={
              <StatBarChart
                data={pars.map((par) => ({ par: `Par ${par.par}`, average: par.average }))}
                dataKey="par"
                series={[{ name: 'average', label: 'Average score', color: seriesColour(0) }]}
                valueFormatter={(value) => value.toFixed(2)}
              />
            }
            table={{
              columns: ['Par', 'Holes', 'Average', 'To par'],
              rows: pars.map((par) => [`Par ${par.par}`, par.holes, par.average.toFixed(2), formatSigned(par.average - par.par, 2)]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

function ScoreTypesFigure() {
  const { uid } = usePlayerView();
  const query = useStat('summary');
  return (
    <QueryCard title="Birdies, bogeys and doubles" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const rows = [
          { name: 'Birdies or better', value: player.birdies_per_round },
          { name: 'Bogeys', value: player.bogeys_per_round },
          { name: 'Doubles or worse', value: player.doubles_per_round },
        ];
        return (
          <ChartFigure
            title="Birdies, bogeys and doubles"
            definition={DEFINITIONS.scoreTypes}
            note="Per round (18 holes)."
            chart={
              <StatBarChart
                data={rows.map((row) => ({ name: row.name, perRound: row.value ?? 0 }))}
                dataKey="name"
                series={[{ name: 'perRound', label: 'Per round', color: seriesColour(0) }]}
                valueFormatter={(value) => formatNumber(value, 1)}
              />
            }
            table={{ columns: ['Score', 'Per round'], rows: rows.map((row) => [row.name, formatNumber(row.value, 1)]) }}
          />
        );
      }}
    </QueryCard>
  );
}

function GirFigure() {
  const { uid, units } = usePlayerView();
  const query = useStat('gir');
  const unit = unitAbbreviation(units, 'long');
  return (
    <QueryCard title="Greens in regulation" query={query} pick={(data) => pickPlayer(data.players, uid)}>
      {(player) => {
        const bins = longDistanceBands(player.dists, units);
        return (
          <ChartFigure
            title="Greens in regulation"
            definition={`${DEFINITIONS.gir} ${DEFINITIONS.girDistance}`}
            note={`${formatPercent(player.percent)}: ${outOf(player.greens, player.holes, 'holes')}. Below: where the greens hit in regulation were found from.`}
            chart={
              <StatBarChart
                data={bins.map((bin) => ({ from: bin.short, greens: bin.count }))}
                dataKey="from"
                xAxisLabel={`Found the green from (${unit})`}
                series={[{ name: 'greens', label: 'Greens hit', color: seriesColour(2) }]}
              />
            }
            table={{
              columns: ['From', 'Greens hit', 'Share'],
              rows: bins.map((bin) => [bin.label, bin.count, formatPercent(bin.percent)]),
            }}
          />
        );
      }}
    </QueryCard>
  );
}

export default function PlayerScoringPage() {
  return (
    <StatsPage title="Scoring" team={paths.teamScoring} ranges>
      <Stack gap="lg">
        <ScoringSummary />
        <ScoresFigure />
        <ParAveragesFigure />
        <ScoreTypesFigure />
        <GirFigure />
        <SgTrendFigure part="overall" title="Strokes gained per round" definition={DEFINITIONS.sgOverall} />
      </Stack>
    </StatsPage>
  );
}
