/**
 * Strokes gained of each player of the team by category of one part of the game (GET
 * /v4/stats/sg with the team's players): one bar per player in the player's colour, and the table
 * beside it with a row per player and the team average, sortable by any column, with each
 * player's trend in that part of the game (GET /v4/stats/round_sg, packages/golf's sgTrend).
 * On a phone 14 players by 4 categories would be 56 hairline bars: there each category gets its
 * own small chart with a row per player, and the coach may pick one player to stand out.
 */
import { Box, ColorSwatch, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { sgTrend, SG_TREND_RECENT, type SgTrend } from '@holeout/golf';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { NARROW_CHART_QUERY, StatBarChart } from '../../../components/charts/stat-charts.tsx';
import { formatSg, NO_VALUE } from '../lib/format.ts';
import { benchmarkNameOf, type SgBreakdown } from '../lib/sg-categories.ts';
import type { StatBody } from '../api/stats.ts';
import type { TeamArea } from '../lib/team-areas.ts';
import { meanOf, type Team, type TeamMember } from '../lib/team-members.ts';
import { useTeamStat } from '../lib/use-team.ts';
import { TeamMessageCard, TeamQueryCard } from './team-card.tsx';
import { TeamSgRows } from './team-sg-rows.tsx';
import { TeamTable, type TeamTableColumn } from './team-table.tsx';

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

type RoundPart = keyof StatBody<'round_sg'>['rounds'][number]['sg'];

/** The strokes gained per round a trend follows: one part of the game as GET /v4/stats/round_sg gives it. */
export interface TrendPart {
  part: RoundPart;
  /** "putting", in "Strokes gained putting per round". */
  name: string;
}

/** "last 10: -1.20 vs season -0.80" */
export function recentAgainstSeason(trend: SgTrend): string {
  if (trend.recent === null) return NO_VALUE;
  return `last ${trend.recentRounds}: ${formatSg(trend.recent)} vs season ${formatSg(trend.season)}`;
}

/** "+0.12 improving", "-0.03 steady", or the slope alone when there are too few rounds to judge it. */
export function slopeWithWord(trend: SgTrend): string {
  if (trend.slopePer30Days === null) return NO_VALUE;
  return trend.word === null ? formatSg(trend.slopePer30Days) : `${formatSg(trend.slopePer30Days)} ${trend.word}`;
}

/** Each player's trend of one part of the game from the rounds of GET /v4/stats/round_sg. */
function trendsByPlayer(rounds: StatBody<'round_sg'>['rounds'], part: RoundPart): Map<number, SgTrend> {
  const byUid = new Map<number, Array<{ start: string; sg: number }>>();
  for (const round of rounds) {
    const list = byUid.get(round.uid) ?? [];
    list.push({ start: round.start, sg: round.sg[part] });
    byUid.set(round.uid, list);
  }
  return new Map([...byUid].map(([uid, list]) => [uid, sgTrend(list)]));
}

export function TeamSgFigure({
  title,
  definition,
  area,
  team,
  categories,
  trend,
}: {
  title: string;
  definition: ReactNode;
  area: TeamArea;
  team: Team;
  categories: SgCategory[];
  trend: TrendPart;
}) {
  const query = useTeamStat('sg', team);
  const perRound = useTeamStat('round_sg', team);
  const narrow = useMediaQuery(NARROW_CHART_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [highlight, setHighlight] = useState<number | null>(null);
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
        // The trend columns wait for their own statistic: the figures above them do not.
        const trends = perRound.data ? trendsByPlayer(perRound.data.rounds, trend.part) : undefined;
        const trendCell = (member: TeamMember, text: (value: SgTrend) => string) =>
          trends ? text(trends.get(member.uid) ?? sgTrend([])) : perRound.isError ? NO_VALUE : 'Loading…';
        const columns: TeamTableColumn[] = [
          {
            key: 'rounds',
            label: 'Rounds',
            sortValue: (member) => byUid.get(member.uid)?.rounds,
            cell: (member) => byUid.get(member.uid)?.rounds ?? (member.listed ? 'None shared' : 'Not shared'),
            average: `${counted.reduce((sum, member) => sum + byUid.get(member.uid)!.rounds, 0)} in all`,
          },
          ...categories.map((category) => ({
            key: category.column,
            label: category.column,
            sortValue: (member: TeamMember) => {
              const player = byUid.get(member.uid);
              return player ? category.value(player.sg) : undefined;
            },
            cell: (member: TeamMember) => {
              const player = byUid.get(member.uid);
              return player ? formatSg(category.value(player.sg)) : NO_VALUE;
            },
            average: formatSg(meanOf(counted.map((member) => category.value(byUid.get(member.uid)!.sg)))),
          })),
          {
            key: 'recent',
            label: `Per round, last ${SG_TREND_RECENT} vs season`,
            sortValue: (member) => trends?.get(member.uid)?.recent,
            cell: (member) => trendCell(member, recentAgainstSeason),
            average: NO_VALUE,
          },
          {
            key: 'slope',
            label: 'Trend per 30 days',
            sortValue: (member) => trends?.get(member.uid)?.slopePer30Days,
            cell: (member) => trendCell(member, slopeWithWord),
            average: NO_VALUE,
          },
        ];
        return (
          <ChartFigure
            stacked
            title={title}
            definition={definition}
            note={`Per 18 holes, against ${benchmarkNameOf(body.benchmark)}. Above zero is better than the benchmark. Team average: the mean of the players with rounds counted, each counting once. Trend: strokes gained ${trend.name} per round, the latest ${SG_TREND_RECENT} rounds against the season (the year to the latest round), and the change per 30 days along a straight line through the season, improving or getting worse only when larger than twice its noise.`}
            controls={
              narrow && counted.length > 1 ? (
                <NativeSelect
                  label="Highlight a player"
                  data={[{ value: '', label: 'No one' }, ...counted.map((member) => ({ value: String(member.uid), label: member.name }))]}
                  value={highlight !== null && byUid.has(highlight) ? String(highlight) : ''}
                  onChange={(event) => setHighlight(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
                  maw={320}
                  styles={{ input: { minHeight: 44 } }}
                />
              ) : undefined
            }
            chart={
              narrow ? (
                <TeamSgRows
                  categories={categories.map((category) => ({
                    label: category.label,
                    values: new Map(counted.map((member) => [member.uid, category.value(byUid.get(member.uid)!.sg)])),
                    average: meanOf(counted.map((member) => category.value(byUid.get(member.uid)!.sg)))!,
                  }))}
                  players={counted}
                  highlight={highlight !== null && byUid.has(highlight) ? highlight : null}
                />
              ) : (
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
              )
            }
            tableElement={<TeamTable caption={title} area={area} members={team.members} columns={columns} />}
          />
        );
      }}
    </TeamQueryCard>
  );
}
