/**
 * A figure of the miss statistics: like ChartFigure (heading, definition, the picture hidden from
 * assistive technology with the same numbers in a table beside it), plus room for controls above
 * the picture and for lines below it.
 */
import { Box, Card, Group, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { DataTable, Definition, type FigureTable } from './chart-figure.tsx';

export function MissFigure(props: {
  title: string;
  definition: ReactNode;
  controls?: ReactNode;
  note?: ReactNode;
  picture: ReactNode;
  table: FigureTable;
  /** The table's caption; the title by default. */
  caption?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {props.title}
          </Title>
          <Definition term={props.title}>{props.definition}</Definition>
        </Group>
        {props.controls}
        {props.note}
        <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-md)', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', alignItems: 'start' }}>
          <Box aria-hidden="true">{props.picture}</Box>
          <DataTable table={props.table} caption={props.caption ?? props.title} />
        </Box>
        {props.children}
      </Stack>
    </Card>
  );
}
