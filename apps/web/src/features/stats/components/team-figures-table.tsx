/**
 * The key figures of one part of the game, a row per player and the team average, sortable by any
 * column: each player's row, their name in their chart colour, opens that player's page of the same part.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { NO_VALUE } from '../lib/format.ts';
import type { TeamArea } from '../lib/team-areas.ts';
import type { StatBody } from '../api/stats.ts';
import { byPlayer, meanOf, roundsByPlayer, type Team, type TeamMember } from '../lib/team-members.ts';
import { useTeamStat } from '../lib/use-team.ts';
import { TeamCard, TeamQueryCard } from './team-card.tsx';
import { TeamTable } from './team-table.tsx';

/** What a figure is for a player: a number, null (nothing to count yet) or undefined (no rounds counted). */
export type Figure = number | null | undefined;

export interface TeamColumn {
  label: string;
  value: (uid: number) => Figure;
  format: (value: number | null) => string;
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
      <TeamTable
        caption={title}
        area={area}
        members={team.members}
        columns={[
          {
            key: 'rounds',
            label: 'Rounds',
            sortValue: (member) => rounds.get(member.uid),
            cell: (member) => rounds.get(member.uid) ?? (member.listed ? 'None shared' : 'Not shared'),
            average: `${totalRounds} in all`,
          },
          ...columns.map((column) => ({
            key: column.label,
            label: column.label,
            sortValue: (member: TeamMember) => (rounds.has(member.uid) ? column.value(member.uid) : undefined),
            cell: (member: TeamMember) => (rounds.has(member.uid) ? column.format(column.value(member.uid) ?? null) : NO_VALUE),
            average: column.format(meanOf(withRounds.map((member) => column.value(member.uid)))),
          })),
        ]}
      />
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
