import { ActionIcon, Box, Button, Card, Group, Popover, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Fragment, isValidElement, useId, useState, type ReactNode } from 'react';
import { ScrollTable, STICKY_CELL, STICKY_CORNER } from '../scroll-table.tsx';

/** A table longer than this shows COLLAPSED_ROWS rows and a button for the rest (a season is 40 rows on a phone). */
const COLLAPSE_OVER = 12;
const COLLAPSED_ROWS = 10;

/** The numbers behind a chart: a header row and body rows, shown as a table beside the chart. */
export interface FigureTable {
  columns: string[];
  rows: Array<Array<string | number>>;
  /** The first cell of each row names it (a row header for screen readers). Default true. */
  rowHeaders?: boolean;
  /** Rows run oldest to newest: a long table shows its last rows until expanded. Default false (the first rows). */
  newestLast?: boolean;
  /**
   * The column of the figure the table is read for ("Greens hit %"): shown next to the first
   * column, so a phone shows both before any scrolling.
   */
  keyColumn?: number;
}

/** More columns than this make the table wider than a phone: it scrolls with its first column fixed. */
const WIDE_OVER = 4;

/** The columns in the order shown: the first, then the key figure, then the rest in their order. */
export function shownColumnOrder(columns: number, keyColumn: number | undefined): number[] {
  const order = Array.from({ length: columns }, (_, index) => index);
  if (keyColumn === undefined || keyColumn <= 1 || keyColumn >= columns) return order;
  return [0, keyColumn, ...order.slice(1).filter((index) => index !== keyColumn)];
}

/** A definition a tap away: an info button that opens the written definition. */
export function Definition({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size="xl" aria-label={`What is ${term}?`}>
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
  const [expanded, setExpanded] = useState(false);
  const collapsible = table.rows.length > COLLAPSE_OVER;
  const shown =
    !collapsible || expanded ? table.rows : table.newestLast ? table.rows.slice(-COLLAPSED_ROWS) : table.rows.slice(0, COLLAPSED_ROWS);
  const offset = collapsible && !expanded && table.newestLast ? table.rows.length - COLLAPSED_ROWS : 0;
  const toggle = collapsible && (
    <Button
      variant="subtle"
      size="md"
      mih={44}
      onClick={() => setExpanded((value) => !value)}
      aria-expanded={expanded}
      style={{ alignSelf: 'flex-start' }}
    >
      {expanded ? `Show ${table.newestLast ? 'the latest' : 'the first'} ${COLLAPSED_ROWS} rows` : `Show all ${table.rows.length} rows`}
    </Button>
  );
  return (
    <Stack gap="xs">
      {table.newestLast && toggle}
      <DataTableBody
        table={{ ...table, rows: shown }}
        caption={collapsible && !expanded ? `${caption} (${COLLAPSED_ROWS} of ${table.rows.length} rows)` : caption}
        rowHeaders={rowHeaders}
        offset={offset}
      />
      {!table.newestLast && toggle}
    </Stack>
  );
}

function DataTableBody({
  table,
  caption,
  rowHeaders,
  offset,
}: {
  table: FigureTable;
  caption: string;
  rowHeaders: boolean;
  offset: number;
}) {
  const wide = table.columns.length > WIDE_OVER;
  const order = shownColumnOrder(table.columns.length, table.keyColumn);
  // The first column names each row: on a wide table it stays in view while the figures scroll under it.
  const fixed = (column: number, header: boolean) => (wide && column === 0 ? (header ? STICKY_CORNER : STICKY_CELL) : undefined);
  return (
    <ScrollTable
      label={caption}
      minWidth={wide ? 480 : undefined}
      scrollbar={wide ? 'always' : 'auto'}
      cue={wide && `Scroll sideways for more columns; the ${table.columns[0]!.toLowerCase()} column stays in view.`}
    >
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {order.map((column) => (
            <Table.Th key={column} scope="col" style={fixed(column, true)}>
              {table.columns[column]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row, index) => (
          <Table.Tr key={offset + index}>
            {order.map((column) =>
              column === 0 && rowHeaders ? (
                <Table.Th key={column} scope="row" fw={500} style={fixed(column, false)}>
                  {row[column]}
                </Table.Th>
              ) : (
                <Table.Td key={column} style={fixed(column, false)}>
                  {row[column]}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/**
 * A chart with its table beside it (below on a phone): the same numbers for screen readers and
 * for copying. The chart itself is hidden from assistive technology; the table carries it.
 * `controls` sit above the chart (a band switch), `children` below it; `caption` names the table
 * when it is not the title. `stacked` puts the table under the chart at every width (a wide table:
 * a team's players by category).
 */
export function ChartFigure(props: {
  title: string;
  definition?: ReactNode;
  chart: ReactNode;
  /** The numbers as a plain table; or `tableElement`, a table of the caller's own (a sortable one). */
  table?: FigureTable;
  tableElement?: ReactNode;
  note?: ReactNode;
  controls?: ReactNode;
  caption?: string;
  children?: ReactNode;
  stacked?: boolean;
}) {
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
        {props.controls}
        {/* A note that is its own element (a paragraph with a live region) comes as it is; text is set dimmed. */}
        {isValidElement(props.note) && props.note.type !== Fragment ? (
          props.note
        ) : props.note ? (
          <Text size="sm" c="dimmed">
            {props.note}
          </Text>
        ) : null}
        <Box
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-md)',
            gridTemplateColumns: props.stacked ? 'minmax(0, 1fr)' : 'repeat(auto-fit, minmax(280px, 1fr))',
            alignItems: 'start',
          }}
        >
          <Box aria-hidden="true">{props.chart}</Box>
          {props.tableElement ?? (props.table && <DataTable table={props.table} caption={props.caption ?? props.title} />)}
        </Box>
        {props.children}
      </Stack>
    </Card>
  );
}
