import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Definition } from '../../../components/charts/chart-figure.tsx';

/** A section card of a team view: its heading (with a definition a tap away) and what goes under it. */
export function TeamCard({ title, definition, children }: { title: string; definition?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {definition && <Definition term={title}>{definition}</Definition>}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The figures of one or more statistics: a skeleton under the card's heading until every one has
 * answered, an alert if one failed, else what `children` draws.
 */
export function TeamQueryCard({
  title,
  queries,
  children,
}: {
  title: string;
  queries: ReadonlyArray<{ data: unknown; isError: boolean }>;
  children: () => ReactNode;
}) {
  if (queries.every((query) => query.data !== undefined)) return <>{children()}</>;
  return (
    <TeamCard title={title}>
      {queries.some((query) => query.isError && query.data === undefined) ? (
        <Alert color="red" title="Could not load these figures">
          Check your connection and try again.
        </Alert>
      ) : (
        <Skeleton height={240} radius="md" data-testid="card-skeleton" />
      )}
    </TeamCard>
  );
}

/** A card that only says something (nothing shared yet). */
export function TeamMessageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TeamCard title={title}>
      <Text size="sm">{children}</Text>
    </TeamCard>
  );
}
