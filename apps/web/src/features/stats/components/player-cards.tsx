/**
 * Building blocks of the player statistics pages: a card that shows a skeleton until its query has
 * data (or says it could not load), and a card of headline figures with their definitions.
 */
import { Alert, Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Definition } from '../../../components/charts/chart-figure.tsx';
import { CHART_HEIGHT } from '../../../components/charts/stat-charts.tsx';

/** A card section: its heading, then what goes under it (tiles, or a placeholder, an alert or a line until a query's figures arrive). */
function CardFrame({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The figures of one query: a skeleton (under the card's heading) until the query has data, an
 * alert if it failed, else what `children` draws from the data. With a player's data missing
 * (`pick` gives undefined) it says there is nothing to show yet.
 */
export function QueryCard<T, P>(props: {
  title: string;
  query: { data: T | undefined; isError: boolean };
  pick: (data: T) => P | undefined;
  height?: number;
  children: (picked: P, data: T) => ReactNode;
}) {
  const { title, query, pick, height = CHART_HEIGHT + 60, children } = props;
  if (query.data === undefined) {
    return (
      <CardFrame title={title}>
        {query.isError ? (
          <Alert color="red" title="Could not load these figures">
            Check your connection and try again.
          </Alert>
        ) : (
          <Skeleton height={height} radius="md" data-testid="card-skeleton" />
        )}
      </CardFrame>
    );
  }
  const picked = pick(query.data);
  if (picked === undefined) {
    return (
      <CardFrame title={title}>
        <Text size="sm">Nothing to show yet for the rounds counted.</Text>
      </CardFrame>
    );
  }
  return <>{children(picked, query.data)}</>;
}

export interface Tile {
  label: string;
  value: string;
  /** A line under the value: what it counts ("14 of 36 holes"), or "No chances yet". */
  detail?: string;
  definition?: ReactNode;
}

/** Headline figures, two a row on a phone and four on wider screens, each with its definition. */
export function StatTiles({ title, tiles }: { title: string; tiles: Tile[] }) {
  return (
    <CardFrame title={title}>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="md" m={0}>
        {tiles.map((tile) => (
          <Box key={tile.label} data-testid="stat-tile">
            <Group component="dt" gap={0} wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm" c="dimmed" component="span">
                {tile.label}
              </Text>
              {tile.definition && <Definition term={tile.label}>{tile.definition}</Definition>}
            </Group>
            <Box component="dd" m={0}>
              <Text fz={26} fw={700} lh={1.2} component="span" display="block">
                {tile.value}
              </Text>
              {tile.detail && (
                <Text size="sm" c="dimmed" component="span" display="block">
                  {tile.detail}
                </Text>
              )}
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </CardFrame>
  );
}
