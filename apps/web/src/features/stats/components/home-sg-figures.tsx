import { Alert, Card, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { formatDate, type CategoryBoundaries, type UnitsPair } from '@holeout/golf';
import type { StatBody } from '../api/stats.ts';
import { ChartFigure, type FigureTable } from '../../../components/charts/chart-figure.tsx';
import { SgBarChart } from './sg-charts.tsx';
import { MOVING_AVERAGE_LABEL, PerRoundChart, perRoundTrend } from '../../../components/charts/per-round-chart.tsx';
import { formatSg } from '../lib/format.ts';
import { pickPlayer } from '../lib/player-view.ts';
import {
  benchmarkNameOf,
  categoryRows,
  partDefinition,
  partRows,
  SG_DEFINITION,
  SG_PART_TITLES,
  type SgPart,
  type SgRow,
} from '../lib/sg-categories.ts';

type SgPlayer = StatBody<'sg'>['players'][number];
type RoundSgRow = StatBody<'round_sg'>['rounds'][number];

/** The trend shows at most this many rounds (the latest), so its table stays readable on a phone. */
export const TREND_ROUNDS = 30;

const LIMITED_NOTE = 'Counted over your latest 300 rounds.';

function FigureSkeleton({ label }: { label: string }) {
  return (
    <Card withBorder radius="md" padding="md" aria-busy="true" aria-label={`Loading ${label}`}>
      <Stack gap="sm">
        <Skeleton height={22} width="50%" />
        <Skeleton height={220} />
      </Stack>
    </Card>
  );
}

function FigureError({ title }: { title: string }) {
  return (
    <Alert color="red" title={`${title} could not be loaded`}>
      Check your connection and try again.
    </Alert>
  );
}

const sgTable = (first: string, rows: readonly SgRow[]): FigureTable => ({
  columns: [first, 'Strokes gained'],
  rows: rows.map((row) => [row.label, formatSg(row.value)]),
});

export interface SgQueryState<T> {
  data: T | undefined;
  isError: boolean;
  /** The figures shown are the previous benchmark's or selection's while the new ones load. */
  isPlaceholderData: boolean;
}

function Updating({ active }: { active: boolean }) {
  return active ? (
    <Text size="sm" c="dimmed" role="status">
      Updating…
    </Text>
  ) : null;
}

/**
 * Strokes gained by category against the benchmark, then one part of the game at a time (a tab
 * each) with its leaves: approach by distance, short game by lie, putting by length.
 */
export function HomeSgFigures({
  query,
  uid,
  units,
  boundaries,
}: {
  query: SgQueryState<StatBody<'sg'>>;
  uid: number;
  units: UnitsPair;
  boundaries: CategoryBoundaries;
}) {
  const title = 'Strokes gained by category';
  if (query.isError && !query.data) return <FigureError title="Strokes gained" />;
  if (!query.data) return <FigureSkeleton label={title} />;
  const body = query.data;
  const player: SgPlayer | undefined = pickPlayer(body.players, uid);
  if (!player) {
    return (
      <Alert color="gray" title="No strokes gained yet">
        Strokes gained appear once a round with its shots is counted.
      </Alert>
    );
  }
  const benchmark = benchmarkNameOf(body.benchmark);
  const rows = categoryRows(player.sg);
  const note = (
    <>
      Per 18 holes against {benchmark}, over {player.rounds} {player.rounds === 1 ? 'round' : 'rounds'}. Above 0 is better than the
      benchmark, below 0 worse.
      {body.limited && ` ${LIMITED_NOTE}`}
    </>
  );
  const parts: SgPart[] = ['approach', 'chip', 'putt'];
  return (
    <Stack gap="md" data-testid="sg-figures">
      <Updating active={query.isPlaceholderData} />
      <ChartFigure
        title={title}
        definition={SG_DEFINITION}
        note={note}
        chart={<SgBarChart rows={rows} height={240} />}
        table={sgTable('Part of the game', rows)}
      />
      <Tabs defaultValue="approach" keepMounted={false} variant="outline">
        <Tabs.List grow aria-label="Strokes gained in detail">
          {parts.map((part) => (
            <Tabs.Tab key={part} value={part} mih={44} fz="sm" fw={600}>
              {rows.find((row) => row.key === part)?.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {parts.map((part) => {
          const leaves = partRows(player.sg, part, units, boundaries);
          return (
            <Tabs.Panel key={part} value={part} pt="sm">
              <ChartFigure
                title={SG_PART_TITLES[part]}
                definition={partDefinition(part, units, boundaries)}
                note={`Per 18 holes against ${benchmark}.`}
                chart={<SgBarChart rows={leaves} height={part === 'chip' ? 240 : 220} labelWidth={112} />}
                table={sgTable('Shots', leaves)}
              />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}

/**
 * Strokes gained overall per round, oldest to newest (the latest TREND_ROUNDS), with the moving
 * average of 5 (over every counted round, so the first rounds shown have theirs) and the season
 * mean of the rounds shown.
 */
export function HomeSgTrend({ query, uid }: { query: SgQueryState<StatBody<'round_sg'>>; uid: number }) {
  const title = 'Strokes gained per round';
  if (query.isError && !query.data) return <FigureError title={title} />;
  if (!query.data) return <FigureSkeleton label={title} />;
  const body = query.data;
  const all: RoundSgRow[] = body.rounds
    .filter((round) => round.uid === uid)
    .sort((a, b) => a.start.localeCompare(b.start) || a.event_id - b.event_id);
  if (all.length === 0) return null;
  const shown = all.slice(-TREND_ROUNDS);
  const averages = perRoundTrend(all.map((round) => round.sg.overall)).movingAverage.slice(-TREND_ROUNDS);
  const values = shown.map((round) => round.sg.overall);
  const benchmark = benchmarkNameOf(body.benchmark);
  const labels = shown.map((round) => formatDate(round.start));
  const note = (
    <>
      Overall, per 18 holes against {benchmark}, oldest to newest
      {shown.length < all.length ? `: your latest ${shown.length} of ${all.length} rounds.` : '.'} Season mean{' '}
      {formatSg(perRoundTrend(values).mean)}.{body.limited && ` ${LIMITED_NOTE}`}
    </>
  );
  return (
    <ChartFigure
      title={title}
      definition={`${SG_DEFINITION} A 9-hole round's figure is doubled so rounds compare.`}
      note={note}
      chart={<PerRoundChart labels={labels} lines={[{ label: 'Strokes gained', values }]} zeroLine />}
      table={{
        newestLast: true,
        columns: ['Date', 'Score', 'Strokes gained', MOVING_AVERAGE_LABEL],
        rows: shown.map((round, index) => [
          formatDate(round.start),
          round.holes === 18 ? round.score : `${round.score} (${round.holes} holes)`,
          formatSg(round.sg.overall),
          formatSg(averages[index]),
        ]),
      }}
    />
  );
}
