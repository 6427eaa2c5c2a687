import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useStat } from '../api/stats.ts';
import { BenchmarkSwitch } from './benchmark-switch.tsx';

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

/**
 * The frame of every statistics page: its title, what it counts (the selected rounds or all), the
 * benchmark switch, and the figures. With no rounds to count it goes to no-stats; while the first
 * answer loads it shows skeletons.
 */
export function StatsPage({ title, children, benchmark = true }: { title: string; children: ReactNode; benchmark?: boolean }) {
  const selected = useSession((s) => s.selectedRounds.length);
  const uid = useSession((s) => s.user.uid);
  const scores = useStat('scores');
  // These pages are the user's own statistics: a selected round of another player (shared with
  // them) is counted for that player, not here.
  const mine = scores.data?.scores.filter((score) => score.uid === uid).length;
  const others = scores.data ? scores.data.scores.length - (mine ?? 0) : 0;
  if (mine === 0) return <Navigate to={paths.noStats} replace />;
  const rounds = mine;
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {rounds === undefined
              ? 'Counting your rounds…'
              : selected > 0
                ? `${rounds} selected ${rounds === 1 ? 'round' : 'rounds'}${others > 0 ? ` of yours (${others} of other players not counted here)` : ''}`
                : `All ${rounds} ${rounds === 1 ? 'round' : 'rounds'}`}
            {selected > 0 && (
              <>
                {' · '}
                <Anchor component={Link} to={paths.events} size="sm">
                  Change selection
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        {benchmark && <BenchmarkSwitch />}
      </Group>
      {scores.isError ? (
        <Alert color="red" title="Statistics could not be loaded">
          Check your connection and try again.
        </Alert>
      ) : scores.data ? (
        children
      ) : (
        <StatsSkeleton />
      )}
    </Stack>
  );
}
