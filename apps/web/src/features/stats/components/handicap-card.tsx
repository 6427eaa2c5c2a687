/**
 * The handicap index on Statistics (the user's own, or a coach's player with ?uid=): the index or
 * how many rated rounds it still needs, the rule that made it and any cap, the differentials with
 * those that count marked in words, and, from Basic up, the index's history as a chart with its
 * table. The user's own index becomes their custom target in one tap.
 */
import { Anchor, Box, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import type { PlayerHandicap } from '@holeout/contracts';
import { formatDate, hasBasicAccess } from '@holeout/golf';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChartFigure, Definition } from '../../../components/charts/chart-figure.tsx';
import { CHART_HEIGHT } from '../../../components/charts/chart-height.ts';
import { axisTickLabel } from '../../../components/charts/scale.ts';
import { SvgLines } from '../../../components/charts/svg-charts.tsx';
import { ScrollTable, STICKY_CELL, STICKY_CORNER } from '../../../components/scroll-table.tsx';
import { mantineToaster } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useSaveSettings } from '../../account/index.ts';
import { useHandicap } from '../api/handicap.ts';
import { capText, formatHandicapIndex, handicapTarget, SCORE_CAP_LABELS } from '../lib/handicap-view.ts';
import { pickPlayer, usePlayerView } from '../lib/player-view.ts';

/** Scores an index needs: 3 rated 18-hole rounds (54 holes; two 9-hole rounds make one). */
const SCORES_NEEDED = 3;

const DEFINITION =
  'Your World Handicap System index: each rated round gives a score differential, (113 / slope) × (adjusted gross score − course rating), and the index averages the lowest 8 of the latest 20 (fewer rounds: fewer, with an adjustment). Hole scores are capped at net double bogey when the holes’ stroke indexes are known, otherwise at par + 5.';

function UseAsTarget({ handicap }: { handicap: PlayerHandicap }) {
  const saved = useSession((s) => s.settings?.custom_sg ?? null);
  const save = useSaveSettings();
  const queryClient = useQueryClient();
  const target = handicapTarget(handicap, saved);
  if (target === null || !('handicap_index' in target.target)) return null;
  const { handicap_index: index, course_rating: rating, slope } = target.target;
  const current = saved !== null && 'handicap_index' in saved.target ? saved.target : null;
  const same = current !== null && current.handicap_index === index && current.course_rating === rating && current.slope === slope;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        h={44}
        loading={save.isPending}
        disabled={same}
        onClick={() =>
          save.mutate(
            { custom_sg: target },
            {
              onSuccess: () => {
                // Every statistic against "My target" reads the target: drop what was computed with the old one.
                void invalidateStatistics(queryClient);
                mantineToaster.show(`Your target is now handicap ${formatHandicapIndex(index)} from ${rating} / ${slope}`, 'success');
              },
            },
          )
        }
      >
        {same ? 'This is your custom target' : 'Use as my custom target'}
      </Button>
      <Text size="xs" c="dimmed">
        From the course rating {rating} and slope {slope} of your latest counted round; your category distances stay as they are.
      </Text>
    </Stack>
  );
}

/** A phone shows this many differentials until the rest are asked for. */
const SHOWN_DIFFERENTIALS = 10;

function DifferentialsTable({ handicap }: { handicap: PlayerHandicap }) {
  const [expanded, setExpanded] = useState(false);
  const all = handicap.differentials;
  const rows = expanded ? all : all.slice(0, SHOWN_DIFFERENTIALS);
  const caption = `Score differentials, newest first${rows.length < all.length ? ` (the latest ${rows.length} of ${all.length})` : ''}`;
  return (
    <Stack gap="xs">
      <ScrollTable label="Score differentials" minWidth={600} cue="Scroll sideways for more columns; the date column stays in view.">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_CORNER}>
              Date
            </Table.Th>
            <Table.Th scope="col">Differential</Table.Th>
            <Table.Th scope="col">In the index</Table.Th>
            <Table.Th scope="col">Course rating</Table.Th>
            <Table.Th scope="col">Slope</Table.Th>
            <Table.Th scope="col">Adjusted gross</Table.Th>
            <Table.Th scope="col">Holes</Table.Th>
            <Table.Th scope="col">Hole scores capped at</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.event_id}
              data-counted={row.counted || undefined}
              fw={row.counted ? 600 : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Th scope="row" fw={row.counted ? 700 : 500} style={STICKY_CELL}>
                {formatDate(row.date)}
              </Table.Th>
              <Table.Td>{row.differential.toFixed(1)}</Table.Td>
              <Table.Td>
                {row.counted ? (
                  <Group gap={4} wrap="nowrap">
                    <IconCircleCheck size={16} aria-hidden style={{ flexShrink: 0 }} />
                    Counted
                  </Group>
                ) : (
                  'Not counted'
                )}
              </Table.Td>
              <Table.Td>{row.course_rating.toFixed(1)}</Table.Td>
              <Table.Td>{row.slope}</Table.Td>
              <Table.Td>{row.adjusted_gross}</Table.Td>
              <Table.Td>{row.holes}</Table.Td>
              <Table.Td>{SCORE_CAP_LABELS[row.method]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
      {all.length > SHOWN_DIFFERENTIALS && (
        <Button
          variant="subtle"
          mih={44}
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? `Show the latest ${SHOWN_DIFFERENTIALS}` : `Show all ${all.length} differentials`}
        </Button>
      )}
    </Stack>
  );
}

/** "lowest 8 of 20: the 8 marked Counted of the latest 20 differentials (20 rated rounds)." */
function methodText(handicap: PlayerHandicap): string {
  const counted = handicap.differentials.filter((differential) => differential.counted).length;
  const listed = handicap.differentials.length;
  const rounds = handicap.rounds_used === 1 ? '1 rated round' : `${handicap.rounds_used} rated rounds`;
  return `Method: ${handicap.method}. The ${counted} marked Counted of the latest ${listed} ${listed === 1 ? 'differential' : 'differentials'} (${rounds}) make the index.`;
}

/** The index after each score from the third on: a chart with its table (Basic and above). */
function HandicapHistory({ history }: { history: NonNullable<PlayerHandicap['history']> }) {
  if (history.length < 2) return null;
  return (
    <ChartFigure
      title="Handicap index history"
      definition="The index after each rated score, from the third on: it moves as new differentials replace old ones among the latest 20."
      chart={
        // Plain SVG, as the other figures of the Statistics page: no chart library for it.
        <SvgLines
          labels={history.map((point) => formatDate(point.date))}
          series={[{ name: 'index', colour: 'var(--mantine-color-blue-7)', values: history.map((point) => point.index), dots: true }]}
          height={CHART_HEIGHT}
          format={axisTickLabel}
        />
      }
      table={{
        columns: ['Date', 'Index'],
        rows: history.map((point) => [formatDate(point.date), formatHandicapIndex(point.index)]),
        newestLast: true,
      }}
    />
  );
}

function HistoryOffer() {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm">
        The history of the index and its chart come with Basic.{' '}
        <Anchor component={Link} to={paths.subscriptions}>
          See the plans
        </Anchor>
      </Text>
    </Group>
  );
}

function HandicapFigures({ handicap, own, basic }: { handicap: PlayerHandicap; own: boolean; basic: boolean }) {
  const cap = capText(handicap);
  return (
    <Stack gap="md">
      {handicap.index === null ? (
        <Stack gap={4}>
          <Text fz="xl" fw={700} data-testid="handicap-needed">
            {SCORES_NEEDED} rated rounds needed
          </Text>
          <Text size="sm">
            {handicap.rated_rounds === 0
              ? own
                ? 'None of your rounds has a course rating and slope yet.'
                : 'None of the rounds shared with you has a course rating and slope yet.'
              : `${handicap.rated_rounds} ${handicap.rated_rounds === 1 ? 'round has' : 'rounds have'} a course rating and slope so far.`}{' '}
            An index needs {SCORES_NEEDED} rated rounds of 18 holes (two 9-hole rounds count as one). The course rating and slope are on the
            scorecard{own ? ', and you enter them on ' : '; they are entered on '}
            {own ? (
              <Anchor component={Link} to={paths.scanner}>
                Add Round
              </Anchor>
            ) : (
              'Add Round'
            )}
            .
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text fz={40} fw={700} lh={1.1} data-testid="handicap-index">
            {formatHandicapIndex(handicap.index)}
          </Text>
          <Text size="sm">{methodText(handicap)}</Text>
          {cap && <Text size="sm">{cap}</Text>}
          {own && <UseAsTarget handicap={handicap} />}
        </Stack>
      )}
      {handicap.differentials.length > 0 && <DifferentialsTable handicap={handicap} />}
      {handicap.index !== null && !basic && <HistoryOffer />}
    </Stack>
  );
}

/** The card, and the history beside it from Basic up; loaded after the page's figures (lazy), so the page opens as light as before. */
export function HandicapCard() {
  const headingId = useId();
  const basic = useSession((s) => hasBasicAccess(s.subscription));
  const { uid, other } = usePlayerView();
  const query = useHandicap(other);
  const handicap = query.data ? pickPlayer(query.data.players, uid) : undefined;
  return (
    <Stack gap="xl">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Title order={2} size="h4" id={headingId}>
              Handicap index
            </Title>
            <Definition term="Handicap index">{DEFINITION}</Definition>
          </Group>
          {query.isPending ? (
            <Box role="status" aria-label="Loading the handicap index">
              <Skeleton height={96} radius="md" />
            </Box>
          ) : handicap === undefined ? (
            <Text size="sm">The handicap index could not be loaded.</Text>
          ) : (
            <HandicapFigures handicap={handicap} own={other === null} basic={basic} />
          )}
        </Stack>
      </Card>
      {basic && handicap?.index != null && handicap.history && <HandicapHistory history={handicap.history} />}
    </Stack>
  );
}
