import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { PENDING_PAGES } from './pending-pages.ts';
import type { AppPath } from '../lib/paths.ts';

/** A route that exists but whose page is built later: says so plainly, with no made-up data. */
export function PendingPage() {
  const { pathname } = useLocation();
  const page = PENDING_PAGES[(pathname.replace(/\/+$/, '') || '/') as AppPath];
  const title = page?.title ?? 'Coming soon';
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert icon={<IconClockHour4 size={18} />} title="Not available yet" color="gray" variant="light">
        <Text size="sm">This page is not available yet.</Text>
        {page && (
          <Text size="sm" mt="xs">
            It will show {page.willHold}
          </Text>
        )}
      </Alert>
    </Stack>
  );
}

export default PendingPage;
