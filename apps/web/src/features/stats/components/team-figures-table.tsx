/**
 * The key figures of one part of the game, a row per player and the team average: each player's
 * name, in their chart colour, opens that player's page of the same part.
 */
import { Anchor, ColorSwatch, Group, ScrollArea, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_VALUE } from '../lib/format.ts';
import { playerPagePath, type TeamArea } from '../lib/team-areas.ts';
import type { StatBody } from '../api/stats.ts';
import { byPlayer, meanOf, roundsByPlayer, type Team, type TeamMember } from '../lib/team-members.ts';
import { useTeamStat } from '../lib/use-team.ts';
import { TeamCard, TeamQueryCard } from './team-card.tsx';

/** What a figure is for a player: a number, null (nothing to count yet) or undefined (no rounds counted). */
export type Figure = number | null | undefined;

export interface TeamColumn {
  label: string;
  value: (uid: number) => Figure;
  format: (value: number | null) => string;
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

export function TeamFiguresTable(props: {
  title: string;
  definition?: ReactNode;
  note?: ReactNode;
  area: TeamArea;
  team: Team;
  /** Rounds counted per player (GET /v4/stats/summary): a player without an entry has none shared. */
  rounds: ReadonlyMap<number, number>;
  columns: TeamColumn[];
}) {
  const { title, definition, note, area, team, rounds, columns } = props;
  const withRounds = team.members.filter((member) => rounds.has(member.uid));
  const totalRounds = withRounds.reduce((sum, member) => sum + rounds.get(member.uid)!, 0);
  return (
    <TeamCard title={title} definition={definition}>
      <Text size="sm" c="dimmed">
        {note} Team average: the mean of the players&apos; figures, each player counting once; a player with nothing to count is left out. A
        name opens that player&apos;s page.
      </Text>
      <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${title}: table` }}>
        <Table striped withTableBorder fz="sm" miw={columns.length > 2 ? 560 : undefined} style={{ overflowWrap: 'normal' }}>
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Player</Table.Th>
              <Table.Th scope="col">Rounds</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.label} scope="col">
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" fw={600}>
                Team average
              </Table.Th>
              <Table.Td fw={600}>{totalRounds} in all</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.label} fw={600}>
                  {column.format(meanOf(withRounds.map((member) => column.value(member.uid))))}
                </Table.Td>
              ))}
            </Table.Tr>
            {team.members.map((member) => (
              <Table.Tr key={member.uid}>
                <Table.Th scope="row" fw={500}>
                  <PlayerCell member={member} area={area} />
                </Table.Th>
                <Table.Td>{rounds.get(member.uid) ?? (member.listed ? 'None shared' : 'Not shared')}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.label}>
                    {rounds.has(member.uid) ? column.format(column.value(member.uid) ?? null) : NO_VALUE}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </TeamCard>
  );
}

type SummaryPlayer = StatBody<'summary'>['players'][number];
type SgPlayer = StatBody<'sg'>['players'][number];

/**
 * A part of the game's key figures drawn from the summary and strokes gained: the two statistics
 * are asked for, and `columns` picks each column's figure from them per player.
 */
export function SummarySgFigures(props: {
  title: string;
  definition: ReactNode;
  note: ReactNode;
  area: TeamArea;
  team: Team;
  columns: (figures: ReadonlyMap<number, SummaryPlayer>, gained: ReadonlyMap<number, SgPlayer>) => TeamColumn[];
}) {
  const { title, team } = props;
  const summary = useTeamStat('summary', team);
  const sg = useTeamStat('sg', team);
  return (
    <TeamQueryCard title={title} queries={[summary, sg]}>
      {() => (
        <TeamFiguresTable
          title={title}
          definition={props.definition}
          note={props.note}
          area={props.area}
          team={team}
          rounds={roundsByPlayer(summary.data!.players)}
          columns={props.columns(byPlayer(summary.data!.players), byPlayer(sg.data!.players))}
        />
      )}
    </TeamQueryCard>
  );
}
