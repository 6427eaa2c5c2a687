import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UnitsPair } from '@holeout/golf';
import type { StatBody } from '../api/stats.ts';
import { Definition } from '../../../components/charts/chart-figure.tsx';
import { formatDistance, formatFixed, formatPercent, NO_VALUE } from '../lib/format.ts';

export type PlayerSummary = StatBody<'summary'>['players'][number];

interface SummaryFigure {
  key: keyof PlayerSummary;
  label: string;
  format: (value: number | null, units: UnitsPair) => string;
  definition: string;
}

const perRound = (value: number | null) => formatFixed(value, 1);
/** Shares on the home cards keep their decimal: "50.0%". */
const share = (value: number | null) => formatPercent(value, { fixed: true });

/** The summary figures of GET /v4/stats/summary, each defined as packages/golf's README defines it. */
export const SUMMARY_FIGURES: SummaryFigure[] = [
  {
    key: 'scoring_avg',
    label: 'Scoring average',
    format: perRound,
    definition: 'Your strokes per 18 holes, penalty strokes included, over the rounds counted. A 9-hole round counts as half a round.',
  },
  { key: 'putts_per_round', label: 'Putts per round', format: perRound, definition: 'Strokes played on the green, per 18 holes.' },
  {
    key: 'putts_per_gir',
    label: 'Putts per green in regulation',
    format: (value) => formatFixed(value, 2),
    definition: 'Putts on the holes where you reached the green in regulation, per such hole.',
  },
  {
    key: 'gir_pct',
    label: 'Greens in regulation',
    format: share,
    definition:
      'The share of holes where the ball was on the green (or holed) after at most par minus 2 strokes, penalty strokes included (the PGA TOUR definition).',
  },
  {
    key: 'fairways_pct',
    label: 'Fairways hit',
    format: share,
    definition: 'The share of drives (tee shots on par 4s and 5s) that finished on the fairway, on the green or in the hole.',
  },
  {
    key: 'scrambling_pct',
    label: 'Scrambling',
    format: share,
    definition: 'The share of holes where you missed the green in regulation and still made par or better.',
  },
  {
    key: 'sand_save_pct',
    label: 'Sand saves',
    format: share,
    definition:
      'The share of greenside bunker visits (sand within the chip distance, before the ball first found the green) from which you holed out in at most two strokes, whatever the score.',
  },
  {
    key: 'three_putt_avoid_pct',
    label: '3-putt avoidance',
    format: share,
    definition: 'The share of holes with a putt on which you took at most two putts.',
  },
  {
    key: 'one_putt_pct',
    label: 'One-putts',
    format: share,
    definition: 'The share of holes with a putt on which you took exactly one putt.',
  },
  {
    key: 'avg_drive',
    label: 'Average drive',
    format: (value, units) => formatDistance(value, 'long', units, 0),
    definition:
      'How much closer each drive brought the ball to the hole, on average. Drives out of bounds, or dropped from a penalty area, are left out. On a dogleg this is less than the distance the ball flew.',
  },
  { key: 'birdies_per_round', label: 'Birdies per round', format: perRound, definition: 'Birdies or better, per 18 holes.' },
  { key: 'bogeys_per_round', label: 'Bogeys per round', format: perRound, definition: 'Bogeys (one over par), per 18 holes.' },
  { key: 'doubles_per_round', label: 'Doubles per round', format: perRound, definition: 'Double bogeys or worse, per 18 holes.' },
  {
    key: 'penalties_per_round',
    label: 'Penalties per round',
    format: perRound,
    definition: 'Penalty strokes (out of bounds, a drop from a penalty area), per 18 holes.',
  },
];

function StatCard({ figure, player, units }: { figure: SummaryFigure; player: PlayerSummary | null | undefined; units: UnitsPair }) {
  const raw = player ? player[figure.key] : undefined;
  const value = typeof raw === 'number' ? raw : null;
  const text = player === undefined ? null : figure.format(value, units);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`stat-${figure.key}`}>
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
          <Text size="sm" fw={600} mt={6}>
            {figure.label}
          </Text>
          <Definition term={figure.label}>{figure.definition}</Definition>
        </Group>
        {text === null ? (
          <Skeleton height={30} width="60%" radius="sm" aria-hidden />
        ) : (
          <Text fz={26} fw={700} lh={1.2} data-testid="stat-value">
            {text}
          </Text>
        )}
        {text === NO_VALUE && (
          <Text size="xs" c="dimmed">
            no chances yet
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The summary figures as cards, each with its definition a tap away; a skeleton in each until they load. */
export function HomeSummary({
  player,
  loading,
  failed,
  units,
}: {
  player: PlayerSummary | null;
  loading: boolean;
  failed: boolean;
  units: UnitsPair;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-summary-heading" aria-busy={loading}>
      <Title order={2} size="h4" id="home-summary-heading">
        Scoring, putting and more
      </Title>
      {failed ? (
        <Alert color="red" title="These figures could not be loaded">
          Check your connection and try again.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {player
              ? `Over ${player.rounds} ${player.rounds === 1 ? 'round' : 'rounds'} (${player.holes} holes). “Per round” means per 18 holes.`
              : '“Per round” means per 18 holes.'}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {SUMMARY_FIGURES.map((figure) => (
              <StatCard key={figure.key} figure={figure} player={loading ? undefined : player} units={units} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
