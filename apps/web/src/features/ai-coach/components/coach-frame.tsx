/**
 * What both AI Coach pages share (the frame is components/page-frame.tsx): the loading block, the notice for an
 * answer of 403 PREMIUM_REQUIRED (the same notice the premium routes show: what is needed and
 * Subscribe) and the test for that answer.
 */
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PREMIUM_REQUIRED_CODE } from '@holeout/contracts';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';

/** Whether a failed call was refused for want of premium access. */
export function isPremiumRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === PREMIUM_REQUIRED_CODE;
}

/** Whether a failed call was about something the caller may not see (a player not shared with them). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Placeholders while something loads; `label` (starting "Loading") names it for screen readers. */
export function CoachLoading({ label, blocks = 2 }: { label: string; blocks?: number }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      {Array.from({ length: blocks }, (_, index) => (
        <Skeleton key={index} height={index === 0 ? 120 : 200} radius="md" />
      ))}
    </Stack>
  );
}

/** The API refused for want of premium access (the subscription lapsed since the menu was drawn): what is needed, and Subscribe. */
export function PremiumNeeded() {
  return (
    <Stack gap="sm" data-testid="access-needed">
      <Alert icon={<IconLock size={18} aria-hidden />} color="gray" variant="light" title="Premium needed">
        <Text size="sm">
          AI Coach comes with a premium subscription (or a coach, team or academy plan). Subscribe to have your rounds diagnosed and a
          practice plan made for you.
        </Text>
      </Alert>
      <div>
        <Button component={Link} to={paths.subscriptions} h={44}>
          Subscribe
        </Button>
      </div>
    </Stack>
  );
}
