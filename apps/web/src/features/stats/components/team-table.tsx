/**
 * A team table a coach can read on a phone: a row per player under the team average, every column
 * sortable from its header (a button, with aria-sort on the header cell), the player column kept
 * in place while the rest scrolls sideways, and every player's row opening that player's page.
 */
import { Anchor, ColorSwatch, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ScrollTable, STICKY_CELL, STICKY_CORNER } from '../../../components/scroll-table.tsx';
import { playerPagePath, type TeamArea } from '../lib/team-areas.ts';
import type { TeamMember } from '../lib/team-members.ts';
import { ariaSortOf, nextSort, sortRows, type SortValue, type TableSort } from '../lib/team-sort.ts';

export interface TeamTableColumn {
  /** Unique within the table. */
  key: string;
  label: string;
  /** What a player's row sorts by: null or undefined for nothing to count (always last). */
  sortValue: (member: TeamMember) => SortValue;
  cell: (member: TeamMember) => ReactNode;
  /** The team average row's cell. */
  average: ReactNode;
}

const PLAYER_COLUMN = 'player';

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconSelector;
  return <Icon size={14} aria-hidden="true" style={{ flexShrink: 0 }} />;
}

function SortHeader({
  label,
  state,
  onSort,
  style,
}: {
  label: string;
  state: 'ascending' | 'descending' | 'none';
  onSort: () => void;
  style?: CSSProperties;
}) {
  return (
    <Table.Th scope="col" aria-sort={state} style={{ ...style, verticalAlign: 'bottom' }}>
      <UnstyledButton
        onClick={onSort}
        mih={44}
        fz="sm"
        fw={600}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, textAlign: 'left' }}
      >
        {label}
        <SortIcon state={state} />
      </UnstyledButton>
    </Table.Th>
  );
}

function PlayerCell({ member, area }: { member: TeamMember; area: TeamArea }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={member.colour} size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
      {member.listed ? (
        <Anchor component={Link} to={playerPagePath(area, member.uid)} size="sm" fw={500} py={10} style={{ whiteSpace: 'nowrap' }}>
          {member.name}
        </Anchor>
      ) : (
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {member.name}
        </Text>
      )}
    </Group>
  );
}

export function TeamTable({
  caption,
  area,
  members,
  columns,
}: {
  caption: string;
  area: TeamArea;
  members: readonly TeamMember[];
  columns: readonly TeamTableColumn[];
}) {
  const [sort, setSort] = useState<TableSort | null>(null);
  const navigate = useNavigate();
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const rows = sortRows(members, sort, (member, key) => (key === PLAYER_COLUMN ? member.name : byKey.get(key)?.sortValue(member)));
  const sortedBy = sort && (sort.column === PLAYER_COLUMN ? 'Player' : byKey.get(sort.column)?.label);

  // The whole row is a tap target for a thumb; the name is the link a keyboard and a screen reader use.
  function openRow(event: MouseEvent<HTMLTableRowElement>, member: TeamMember) {
    if (!member.listed || (event.target as HTMLElement).closest('a, button')) return;
    void navigate(playerPagePath(area, member.uid));
  }

  return (
    <Stack gap={4}>
      <ScrollTable
        label={caption}
        minWidth={columns.length > 2 ? 160 + columns.length * 104 : undefined}
        cue={
          columns.length > 2 &&
          'Scroll sideways for more columns; the player stays in view. Tap a heading to sort, a row to open the player.'
        }
      >
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortHeader
              label="Player"
              state={ariaSortOf(sort, PLAYER_COLUMN)}
              onSort={() => setSort(nextSort(sort, PLAYER_COLUMN))}
              style={STICKY_CORNER}
            />
            {columns.map((column) => (
              <SortHeader
                key={column.key}
                label={column.label}
                state={ariaSortOf(sort, column.key)}
                onSort={() => setSort(nextSort(sort, column.key))}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" fw={600} style={STICKY_CELL}>
              Team average
            </Table.Th>
            {columns.map((column) => (
              <Table.Td key={column.key} fw={600}>
                {column.average}
              </Table.Td>
            ))}
          </Table.Tr>
          {rows.map((member) => (
            <Table.Tr
              key={member.uid}
              data-uid={member.uid}
              onClick={(event) => openRow(event, member)}
              style={member.listed ? { cursor: 'pointer' } : undefined}
            >
              <Table.Th scope="row" fw={500} style={STICKY_CELL}>
                <PlayerCell member={member} area={area} />
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.cell(member)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
      <VisuallyHidden aria-live="polite">
        {sort && sortedBy ? `Sorted by ${sortedBy}, ${sort.direction}, nothing to count last.` : ''}
      </VisuallyHidden>
    </Stack>
  );
}
