/**
 * Strokes gained of each player of the team by category of one part of the game (GET
 * /v4/stats/sg with the team's players): one bar per player in the player's colour, and the table
 * beside it with a row per player and the team average.
 */
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { StatBarChart } from '../../../components/charts/stat-charts.tsx';
import { formatSg, NO_VALUE } from '../lib/format.ts';
import { benchmarkNameOf, type SgBreakdown } from '../lib/sg-categories.ts';
import { meanOf, type Team, type TeamMember } from '../lib/team-members.ts';
import { useTeamStat } from '../lib/use-team.ts';
import { TeamMessageCard, TeamQueryCard } from './team-card.tsx';

export interface SgCategory {
  /** Under its bars in the chart: "Short". */
  label: string;
  /** Its column in the table: "Short putts (under 6 ft)". */
  column: string;
  value: (sg: SgBreakdown) => number;
}

/** A chart series key per player (recharts keys must not be bare numbers). */
const seriesKey = (uid: number) => `player${uid}`;

/** The chart's own key, under it in the hidden box: the table beside it names every figure. */
function ChartKey({ members }: { members: TeamMember[] }) {
  return (
    <Group gap="xs" mt="xs" wrap="wrap">
      {members.map((member) => (
        <Group key={member.uid} gap={4} wrap="nowrap">
          <ColorSwatch color={member.colour} size={12} />
          <Text size="xs">{member.name}</Text>
        </Group>
      ))}
    </Group>
  );
}

export function TeamSgFigure({
  title,
  definition,
  team,
  categories,
}: {
  title: string;
  definition: ReactNode;
  team: Team;
  categories: SgCategory[];
}) {
  const query = useTeamStat('sg', team);
  return (
    <TeamQueryCard title={title} queries={[query]}>
      {() => {
        const body = query.data!;
        const byUid = new Map(body.players.map((player) => [player.uid, player]));
        const counted = team.members.filter((member) => byUid.has(member.uid));
        if (counted.length === 0) {
          return (
            <TeamMessageCard title={title}>
              No rounds of these players are shared with you yet, so there is no strokes gained to compare.
            </TeamMessageCard>
          );
        }
        const averages = categories.map((category) => meanOf(counted.map((member) => category.value(byUid.get(member.uid)!.sg))));
        return (
          <ChartFigure
            stacked
            title={title}
            definition={definition}
            note={`Per 18 holes, against ${benchmarkNameOf(body.benchmark)}. Above zero is better than the benchmark. Team average: the mean of the players with rounds counted, each counting once.`}
            chart={
              <Stack gap={0}>
                <StatBarChart
                  data={categories.map((category) => ({
                    category: category.label,
                    ...Object.fromEntries(counted.map((member) => [seriesKey(member.uid), category.value(byUid.get(member.uid)!.sg)])),
                  }))}
                  dataKey="category"
                  series={counted.map((member) => ({ name: seriesKey(member.uid), label: member.name, color: member.colour }))}
                  referenceLines={[{ y: 0, color: 'gray.7' }]}
                  valueFormatter={(value) => value.toFixed(2)}
                />
                <Box>
                  <ChartKey members={counted} />
                </Box>
              </Stack>
            }
            table={{
              columns: ['Player', 'Rounds', ...categories.map((category) => category.column)],
              // The average first: a long table shows its first rows until expanded.
              rows: [
                [
                  'Team average',
                  `${counted.reduce((sum, member) => sum + byUid.get(member.uid)!.rounds, 0)} in all`,
                  ...averages.map((average) => formatSg(average)),
                ],
                ...team.members.map((member) => {
                  const player = byUid.get(member.uid);
                  if (!player) return [member.name, member.listed ? 'None shared' : 'Not shared', ...categories.map(() => NO_VALUE)];
                  return [member.name, player.rounds, ...categories.map((category) => formatSg(category.value(player.sg)))];
                }),
              ],
            }}
          />
        );
      }}
    </TeamQueryCard>
  );
}
