/**
 * The frame of every team view: its heading, the links between the five views and to the group
 * page, the benchmark switch, what is counted, and the figures of the coach's chosen players.
 * Without a chosen player it lists the coach's players, each opening their own pages, and how to
 * choose some.
 */
import { Alert, Anchor, Button, Card, ColorSwatch, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { BenchmarkSwitch } from '../components/benchmark-switch.tsx';
import { ShareReportSlot } from '../components/share-report-slot.tsx';
import { StatsSkeleton } from '../components/stats-page.tsx';
import { usePeople } from '../../../lib/people.ts';
import { playerPagePath, teamArea, type TeamArea } from '../lib/team-areas.ts';
import { groupCandidates, MAX_GROUP, type Team } from '../lib/team-members.ts';
import { useTeam, useTeamStat } from '../lib/use-team.ts';
import { TeamNav } from './team-nav.tsx';

/**
 * An empty group is no dead end: the coach's players (GET /people, coaches left out), each opening
 * their own statistics, and the way to choose some for the team view.
 */
function NoTeam() {
  const people = usePeople();
  const players = groupCandidates(people.data?.people ?? [], []);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="no-team-heading">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="no-team-heading">
          No players chosen yet
        </Title>
        <Text size="sm">Choose up to {MAX_GROUP} of your players to see their statistics side by side here.</Text>
        <Button component={Link} to={paths.group} h={44} leftSection={<IconUsersGroup size={20} aria-hidden="true" />}>
          Choose players
        </Button>
        {people.isPending ? (
          <Skeleton height={88} radius="md" />
        ) : players.length === 0 ? (
          <Text size="sm">
            None of your players shares with you yet. Invite them from{' '}
            <Anchor component={Link} to={paths.orgInfo}>
              your organisation
            </Anchor>
            .
          </Text>
        ) : (
          <Stack gap={0} w="100%">
            <Text size="sm" fw={600}>
              Or open one player&apos;s statistics:
            </Text>
            <List listStyleType="none" spacing={0} aria-label="Your players">
              {players.map((player) => (
                <List.Item key={player.uid}>
                  <Group gap={8} wrap="nowrap">
                    <ColorSwatch color={player.colour} size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                    <Anchor component={Link} to={playerPagePath('scoring', player.uid)} size="sm" fw={500} py={12} display="block">
                      {player.name}
                    </Anchor>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** What is counted: only rounds shared with the coach, all of them; and when the statistics were cut to the limits. */
function CountedNote({ team }: { team: Team }) {
  const summary = useTeamStat('summary', team);
  const hidden = team.members.length - team.uids.length;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Only rounds your players share with you (or with your organisation) are counted, every one of them: your Events selection does not
        apply to the team.
      </Text>
      {hidden > 0 && (
        <Text size="sm" c="dimmed">
          {hidden === 1 ? 'One chosen player is' : `${hidden} chosen players are`} no longer among your people (shown as Unknown) and not
          counted.
        </Text>
      )}
      {summary.data?.limited && (
        <Alert color="gray" icon={<IconAlertTriangle size={18} aria-hidden />} title="Not every round is counted">
          The statistics count at most 15 players and 300 rounds, the most recent; the rest of your players&apos; rounds were left out.
        </Alert>
      )}
    </Stack>
  );
}

export function TeamPage({ area, children }: { area: TeamArea; children: (team: Team) => ReactNode }) {
  const info = teamArea(area);
  const team = useTeam();
  const players = team.state === 'ready' ? team.team.members.length : undefined;
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {info.title}
          </Title>
          <Text size="sm" c="dimmed">
            {players === undefined ? 'Your chosen players side by side' : `${players} ${players === 1 ? 'player' : 'players'} side by side`}
            {' · '}
            <Anchor component={Link} to={paths.group} size="sm">
              Choose players
            </Anchor>
          </Text>
        </Stack>
        {team.state === 'ready' && (
          <Group gap="sm" align="flex-end" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
            {team.team.uids.length > 0 && <ShareReportSlot team={team.team.uids} />}
            <BenchmarkSwitch />
          </Group>
        )}
      </Group>
      <TeamNav current={area} />
      {team.state === 'loading' ? (
        <StatsSkeleton />
      ) : team.state === 'error' ? (
        <Alert color="red" title="Your team could not be loaded">
          Check your connection and try again.
        </Alert>
      ) : team.state === 'empty' ? (
        <NoTeam />
      ) : team.team.uids.length === 0 ? (
        <Alert color="blue" title="No statistics to show">
          None of your chosen players is among your people any more.{' '}
          <Anchor component={Link} to={paths.group}>
            Choose players
          </Anchor>{' '}
          from those who are.
        </Alert>
      ) : (
        <>
          <CountedNote team={team.team} />
          <Stack gap="lg">{children(team.team)}</Stack>
        </>
      )}
    </Stack>
  );
}
