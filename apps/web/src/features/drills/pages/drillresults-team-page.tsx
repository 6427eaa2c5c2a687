/**
 * Team drill results (route drillresults-team, ?drill_id=N): a coach's view of one drill across
 * their chosen players (settings.group, chosen on the group page), ranked by recent form with
 * rankDrillPlayers (packages/golf). Each player links to their progress on the drill. Without a
 * drill_id a picker offers the drills the caller may see.
 */
import { Alert, Anchor, Button, Card, NativeSelect, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconUsersGroup } from '@tabler/icons-react';
import type { DrillResponse, DrillResultResponse, Person } from '@holeout/contracts';
import { formatStat, rankDrillPlayers, RECENT_ATTEMPTS, type DrillScore, type RankedPlayer } from '@holeout/golf';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { personName, usePeople } from '../../../lib/people.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { ScrollTable, STICKY_CELL, STICKY_CORNER } from '../../../components/scroll-table.tsx';
import { useDrill, useDrills } from '../api/drills.ts';
import { useDrillResults } from '../api/drill-results.ts';
import { useSavedGroup } from '../../../lib/saved-group.ts';
import { RecentFormChart } from '../components/progress-chart.tsx';
import { scoreFieldOf, scoreLabelOf } from '../components/progress-figures.tsx';
import { DrillPageLoading } from '../components/progress-frame.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { positiveId } from '../../../lib/route-params.ts';
import { TrendLabel, trendText } from '../components/progress-trend.tsx';

const TITLE = 'Team drill results';

interface TeamPlayer {
  uid: number;
  name: string;
  /** Listed by GET /people: their results may be asked for. */
  listed: boolean;
}

/** The chosen players by name ('Unknown' for anyone GET /people no longer lists, last). */
function teamPlayers(group: readonly number[], people: readonly Person[] | undefined): TeamPlayer[] {
  const byUid = new Map((people ?? []).map((person) => [person.uid, person]));
  return group
    .map((uid) => ({ uid, name: personName(byUid.get(uid)), listed: people === undefined || byUid.has(uid) }))
    .sort((a, b) => Number(!a.listed) - Number(!b.listed) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uid - b.uid);
}

const progressPath = (drillId: number, uid: number) => `${paths.drillprogress}?drill_id=${drillId}&uid=${uid}`;

function DrillPicker({ drillId, onPick }: { drillId: number | null; onPick: (drillId: number) => void }) {
  const drills = useDrills();
  if (drills.isPending) return <DrillPageLoading label="Loading your drills" />;
  if (drills.isError) return <LoadFailed title="Your drills could not be loaded" onRetry={() => drills.refetch()} />;
  if (drills.data.length === 0) {
    return (
      <Text size="sm">
        You have no drills yet.{' '}
        <Anchor component={Link} to={paths.drills}>
          Create one in your drill library
        </Anchor>{' '}
        first.
      </Text>
    );
  }
  const sorted = [...drills.data].sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
  return (
    <NativeSelect
      label="Drill"
      description={drillId === null ? 'Choose the drill whose results you want to compare' : undefined}
      value={drillId === null ? '' : String(drillId)}
      onChange={(event) => event.currentTarget.value && onPick(Number(event.currentTarget.value))}
      data={[
        ...(drillId === null ? [{ value: '', label: 'Choose a drill', disabled: true }] : []),
        ...sorted.map((drill) => ({ value: String(drill.drill_id), label: drill.title })),
      ]}
      size="md"
      maw={480}
      styles={{ input: { minHeight: 44 } }}
    />
  );
}

function NoGroup() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          No players chosen yet
        </Title>
        <Text size="sm">Choose the players of your team to compare their results on this drill.</Text>
        <Button component={Link} to={paths.group} h={44} leftSection={<IconUsersGroup size={20} aria-hidden="true" />}>
          Choose players
        </Button>
      </Stack>
    </Card>
  );
}

type Ranked = RankedPlayer<TeamPlayer>;

function RankingTable({ drill, ranked, scoreLabel }: { drill: DrillResponse; ranked: Ranked[]; scoreLabel: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="drill-ranking-heading">
      <Title order={2} size="h4" id="drill-ranking-heading">
        Ranking
      </Title>
      <Text size="sm" c="dimmed">
        By recent form: the average {scoreLabel.toLowerCase()} of each player&apos;s latest {RECENT_ATTEMPTS} attempts,{' '}
        {drill.higher_is_better ? 'highest' : 'lowest'} first.
      </Text>
      {/* The player stays at the left edge with rank and trend beside: a phone shows who, where and which way without scrolling. */}
      <ScrollTable
        label="Ranking"
        minWidth={560}
        cue="Scroll sideways for best and attempts; the player stays in view."
        tableProps={{ 'data-testid': 'drill-ranking' }}
      >
        <Table.Caption>Players ranked on {drill.title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY_CORNER}>
              Player
            </Table.Th>
            <Table.Th scope="col">Rank</Table.Th>
            <Table.Th scope="col">Trend</Table.Th>
            <Table.Th scope="col">Recent form</Table.Th>
            <Table.Th scope="col">Best</Table.Th>
            <Table.Th scope="col">Attempts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ranked.map((row) => (
            <Table.Tr key={row.uid}>
              <Table.Th scope="row" fw={500} style={STICKY_CELL}>
                {row.extra.listed ? (
                  <Anchor component={Link} to={progressPath(drill.drill_id, row.uid)} size="sm" display="inline-block" py={10}>
                    {row.extra.name}
                  </Anchor>
                ) : (
                  row.extra.name
                )}
              </Table.Th>
              <Table.Td>{row.rank ?? '-'}</Table.Td>
              <Table.Td>
                <TrendLabel progress={row.progress} />
              </Table.Td>
              <Table.Td>{formatStat(row.progress.recentAverage)}</Table.Td>
              <Table.Td>{formatStat(row.progress.best)}</Table.Td>
              <Table.Td>{row.progress.attempts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
    </Stack>
  );
}

/** A drill without a score field: no ranking, but how many attempts each player recorded and when last. */
function AttemptsByPlayer({ drill, players, results }: { drill: DrillResponse; players: TeamPlayer[]; results: DrillResultResponse[] }) {
  return (
    <>
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Ranking needs a score field">
        <Text size="sm">
          This drill has no score, so its players cannot be ranked. Its owner can choose one of its number fields as the score.
        </Text>
      </Alert>
      <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Attempts by player: table' }}>
        <Table striped withTableBorder fz="sm" data-testid="drill-attempts">
          <Table.Caption>Attempts by player</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Player</Table.Th>
              <Table.Th scope="col">Attempts</Table.Th>
              <Table.Th scope="col">Latest</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {players.map((player) => {
              const own = results.filter((result) => result.uid === player.uid);
              const latest = own[own.length - 1];
              return (
                <Table.Tr key={player.uid}>
                  <Table.Th scope="row" fw={500}>
                    {player.listed ? (
                      <Anchor component={Link} to={progressPath(drill.drill_id, player.uid)} size="sm" display="inline-block" py={10}>
                        {player.name}
                      </Anchor>
                    ) : (
                      player.name
                    )}
                  </Table.Th>
                  <Table.Td>{own.length}</Table.Td>
                  <Table.Td>{latest ? formatDateTime(latest.time) : '-'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}

function TeamResults({ drill, players }: { drill: DrillResponse; players: TeamPlayer[] }) {
  const asked = players.filter((player) => player.listed).map((player) => player.uid);
  const results = useDrillResults(asked.length > 0 ? drill.drill_id : null, { uids: asked });
  if (asked.length === 0) {
    return (
      <Alert color="gray" variant="light" title="No results to show">
        None of your chosen players is among your people any more.{' '}
        <Anchor component={Link} to={paths.group}>
          Choose players
        </Anchor>{' '}
        from those who are.
      </Alert>
    );
  }
  if (results.isPending) return <DrillPageLoading label="Loading the results" />;
  if (results.isError) return <LoadFailed title="The results could not be loaded" onRetry={() => results.refetch()} />;
  const field = scoreFieldOf(drill);
  if (field === null) return <AttemptsByPlayer drill={drill} players={players} results={results.data} />;
  const scoreLabel = scoreLabelOf(field);
  const ranked = rankDrillPlayers(
    players.map((player) => ({
      uid: player.uid,
      extra: player,
      scores: results.data
        .filter((result) => result.uid === player.uid && result.score !== null)
        .map((result): DrillScore => ({ time: result.time, score: result.score! })),
    })),
    drill.higher_is_better,
  );
  const withForm = ranked.filter((row) => row.progress.recentAverage !== null);
  return (
    <>
      {withForm.length === 0 && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No scored attempts yet">
          <Text size="sm">
            None of your chosen players has a scored attempt of this drill shared with you. Results show here once they record attempts in
            events they share with you.
          </Text>
        </Alert>
      )}
      <RankingTable drill={drill} ranked={ranked} scoreLabel={scoreLabel} />
      {withForm.length > 0 && (
        <ChartFigure
          title="Recent form by player"
          definition={`The average ${field.label.toLowerCase()} of each player's latest ${RECENT_ATTEMPTS} attempts (all of them with fewer). ${drill.higher_is_better ? 'Higher' : 'Lower'} is better on this drill.`}
          note={`${withForm.length} of ${players.length} ${players.length === 1 ? 'player' : 'players'} with scored attempts, best first.`}
          chart={
            <RecentFormChart
              players={withForm.map((row) => ({ name: row.extra.name, recent: row.progress.recentAverage! }))}
              scoreLabel={scoreLabel}
            />
          }
          table={{
            columns: ['Player', 'Recent form', 'Attempts', 'Trend'],
            rows: withForm.map((row) => [
              row.extra.name,
              formatStat(row.progress.recentAverage),
              row.progress.attempts,
              trendText(row.progress),
            ]),
          }}
        />
      )}
    </>
  );
}

function ChosenDrill({ drillId }: { drillId: number }) {
  const drill = useDrill(drillId);
  const { group, isError, retry } = useSavedGroup();
  const people = usePeople();
  if (drill.isPending) return <DrillPageLoading label="Loading the drill" />;
  if (drill.isError) return <LoadFailed title="The drill could not be loaded" onRetry={() => drill.refetch()} />;
  if (!drill.data) {
    return (
      <Alert color="gray" variant="light" title="No such drill">
        <Text size="sm">This drill does not exist, or it is not shared with you. Choose another above.</Text>
      </Alert>
    );
  }
  if (isError) return <LoadFailed title="Your chosen players could not be loaded" onRetry={retry} />;
  if (group === undefined || people.isPending) return <DrillPageLoading label="Loading your players" />;
  if (group.length === 0) return <NoGroup />;
  // Without the list of people the names are unknown, but the results can still be asked for.
  return <TeamResults drill={drill.data} players={teamPlayers(group, people.data?.people)} />;
}

export default function DrillResultsTeamPage() {
  const [params, setParams] = useSearchParams();
  const drillId = positiveId(params.get('drill_id'));
  return (
    <PageFrame
      title={TITLE}
      subtitle={
        <>
          Your chosen players on one drill ·{' '}
          <Anchor component={Link} to={paths.group} size="sm">
            Choose players
          </Anchor>
        </>
      }
    >
      <DrillPicker drillId={drillId} onPick={(id) => setParams({ drill_id: String(id) }, { replace: drillId === null })} />
      {drillId !== null && <ChosenDrill key={drillId} drillId={drillId} />}
    </PageFrame>
  );
}
