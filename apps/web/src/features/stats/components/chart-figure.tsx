import { ActionIcon, Box, Card, Group, Popover, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

/** The numbers behind a chart: a header row and body rows, shown as a table beside the chart. */
export interface FigureTable {
  columns: string[];
  rows: Array<Array<string | number>>;
  /** The first cell of each row names it (a row header for screen readers). Default true. */
  rowHeaders?: boolean;
}

/** A definition a tap away: an info button that opens the written definition. */
export function Definition({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`What is ${term}?`}>
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600}>
          {term}
        </Text>
        <Text size="sm">{children}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

export function DataTable({ table, caption }: { table: FigureTable; caption: string }) {
  const rowHeaders = table.rowHeaders ?? true;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped withTableBorder fz="sm" miw={table.columns.length > 4 ? 480 : undefined}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, index) => (
            <Table.Tr key={index}>
              {row.map((cell, column) =>
                column === 0 && rowHeaders ? (
                  <Table.Th key={column} scope="row" fw={500}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={column}>{cell}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * A chart with its table beside it (below on a phone): the same numbers for screen readers and
 * for copying. The chart itself is hidden from assistive technology; the table carries it.
 */
export function ChartFigure(props: { title: string; definition?: ReactNode; chart: ReactNode; table: FigureTable; note?: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {props.title}
          </Title>
          {props.definition && <Definition term={props.title}>{props.definition}</Definition>}
        </Group>
        {props.note && (
          <Text size="sm" c="dimmed">
            {props.note}
          </Text>
        )}
        <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-md)', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', alignItems: 'start' }}>
          <Box aria-hidden="true">{props.chart}</Box>
          <DataTable table={props.table} caption={props.title} />
        </Box>
      </Stack>
    </Card>
  );
}
