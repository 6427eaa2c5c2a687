import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useStat, useViewScores } from '../api/stats.ts';
import { usePlayerName, usePlayerView } from '../lib/player-view.ts';
import { noRoundsDestination } from '../lib/statistics-destination.ts';
import { roundCountWords, useRoundRange } from '../lib/round-range.ts';
import { BenchmarkSwitch } from './benchmark-switch.tsx';
import { ShareReportSlot } from './share-report-slot.tsx';

// The quick ranges are on one player's pages only: loaded with them, so the team views (which are never
// narrowed) do not carry the segmented control; the placeholder keeps its height so nothing moves.
const RoundRangeSwitch = lazy(() => import('./round-range-switch.tsx').then((module) => ({ default: module.RoundRangeSwitch })));

/** Placeholder blocks shaped like a page of figures, so nothing is blank while the numbers load. */
export function StatsSkeleton({ blocks = 3 }: { blocks?: number }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading statistics">
      {Array.from({ length: blocks }, (_, index) => (
        <Skeleton key={index} height={index === 0 ? 96 : 220} radius="md" />
      ))}
    </Stack>
  );
}

/** The alert when the statistics failed: a player not shared with the coach answers 404. */
function StatsError({ error, name }: { error: unknown; name: string | undefined }) {
  if (name !== undefined && error instanceof ApiError && error.status === 404) {
    return (
      <Alert color="red" title="Statistics not shared with you">
        {name === 'Unknown' ? 'This player' : name} does not share statistics with you, or is no longer in your organisations.
      </Alert>
    );
  }
  return (
    <Alert color="red" title="Statistics could not be loaded">
      Check your connection and try again.
    </Alert>
  );
}

/**
 * The frame of every statistics page: its title, whose figures (another player's when a coach
 * opened one with ?uid=), what it counts (the selected rounds or all, narrowed by the quick range
 * on a player's pages), the benchmark switch, and
 * the figures. With no rounds of their own to count it goes to no-stats, or a coach to the team
 * view of their players (another player's page says nothing is shared instead); while the first answer loads it shows skeletons. `team` is the
 * team view of the same part of the game, linked from another player's page.
 */
export function StatsPage({
  title,
  children,
  benchmark = true,
  team,
  ranges = false,
}: {
  title: string;
  children: ReactNode;
  benchmark?: boolean;
  team?: string;
  /** Offer the quick ranges (all, the latest 5, the latest 10, the season): the pages of one player's rounds. */
  ranges?: boolean;
}) {
  const selected = useSession((s) => s.selectedRounds.length);
  const user = useSession((s) => s.user);
  const { uid, other } = usePlayerView();
  const otherName = usePlayerName(other);
  const [range] = useRoundRange();
  // The rounds the page chooses from, and those its quick range counts (the same without a range).
  const view = useViewScores();
  const scores = useStat('scores');
  // These pages are one player's statistics: a selected round of another player (shared with
  // them) is counted for that player, not here.
  const total = view.data?.scores.filter((score) => score.uid === uid).length;
  const mine = scores.data?.scores.filter((score) => score.uid === uid).length;
  const others = view.data ? view.data.scores.length - (total ?? 0) : 0;
  if (total === 0 && other === null) return <Navigate to={noRoundsDestination(user)} replace />;
  const who = other === null ? undefined : (otherName ?? '…');
  const counted =
    total === undefined || mine === undefined
      ? undefined
      : roundCountWords({ range, counted: mine, total, kind: other !== null ? 'shared' : selected > 0 ? 'selected' : 'all' });
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
            {who !== undefined && ' '}
            {who !== undefined && (
              <Text component="span" display="block" fz="lg" fw={600}>
                Statistics of {who}
              </Text>
            )}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="rounds-counted">
            {counted === undefined
              ? other !== null
                ? 'Counting the rounds shared with you…'
                : 'Counting your rounds…'
              : `${counted}${other === null && selected > 0 && others > 0 ? ` of yours (${others} of other players not counted here)` : ''}`}
            {other === null && selected > 0 && (
              <>
                {' · '}
                <Anchor component={Link} to={paths.events} size="sm">
                  Change selection
                </Anchor>
              </>
            )}
            {other !== null && team !== undefined && (
              <>
                {' · '}
                <Anchor component={Link} to={team} size="sm">
                  Back to the team
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
          {ranges && total !== undefined && total > 0 && <ShareReportSlot />}
          {benchmark && <BenchmarkSwitch />}
        </Group>
      </Group>
      {ranges && total !== 0 && (
        <Suspense fallback={<Skeleton height={44} w={{ base: '100%', xs: 360 }} radius="md" />}>
          <RoundRangeSwitch />
        </Suspense>
      )}
      {scores.isError || view.isError ? (
        <StatsError error={view.error ?? scores.error} name={other === null ? undefined : (otherName ?? 'Unknown')} />
      ) : total === 0 ? (
        <Alert color="blue" title="No rounds shared yet">
          {otherName === undefined || otherName === 'Unknown' ? 'This player' : otherName} has not shared a round with you yet. Their
          statistics show here once they share rounds with you or your organisation.
        </Alert>
      ) : scores.data ? (
        children
      ) : (
        <StatsSkeleton />
      )}
    </Stack>
  );
}
