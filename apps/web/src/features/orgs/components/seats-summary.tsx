import { Card, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { OrgSubscription } from '@holeout/contracts';
import { formatDate } from '@holeout/golf';
import { planName, subscriptionStatusLabel } from './org-labels.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';

function SeatBar({ label, used, total, testId }: { label: string; used: number; total: number; testId: string }) {
  const share = total > 0 ? Math.min(100, (used / total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid={testId}>
        <b>{label}</b> {used} of {total} used
      </Text>
      {/* The sentence above carries the numbers; the bar only draws them. */}
      <Progress value={share} size="lg" radius="sm" aria-hidden />
    </Stack>
  );
}

/** The organisation's plan and how many of its coach and premium seats are taken (GET /orgs/subscription). */
export function SeatsSummary({
  query,
}: {
  query: { data: OrgSubscription | null | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const subscription = query.data;
  return (
    <Card withBorder component="section" aria-labelledby="seats-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="seats-heading">
          Seats
        </Title>
        {query.isPending && (
          <Stack gap="xs" aria-hidden data-testid="seats-loading">
            <Skeleton height={18} width="60%" />
            <Skeleton height={12} />
            <Skeleton height={18} width="60%" />
            <Skeleton height={12} />
          </Stack>
        )}
        {query.isError && <LoadFailed title="The seats could not be loaded" onRetry={() => query.refetch()} />}
        {subscription === null && (
          <Text size="sm">This organisation has no subscription, so it has no seats to give. Members use their own plans.</Text>
        )}
        {subscription && (
          <>
            <Text size="sm" data-testid="org-plan">
              {planName(subscription)} · {subscriptionStatusLabel(subscription.status)}
              {subscription.expires_at ? ` · until ${formatDate(subscription.expires_at)}` : ''}
            </Text>
            <SeatBar label="Coach seats" used={subscription.seats.used_coach} total={subscription.seats.num_coach} testId="coach-seats" />
            <SeatBar
              label="Premium seats"
              used={subscription.seats.used_premium}
              total={subscription.seats.num_premium}
              testId="premium-seats"
            />
            <Text size="xs" c="dimmed">
              A member on a seat has that level (Coach, or Premium: Calendar, Drills and AI Coach) while the subscription is active.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
