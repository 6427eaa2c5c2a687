import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { BENCHMARK_LABELS, BENCHMARK_LEVELS } from '@holeout/golf';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { noRoundsDestination } from '../lib/statistics-destination.ts';

const BENCHMARK_NAMES = BENCHMARK_LEVELS.map((level) => BENCHMARK_LABELS[level]);

/** "a, b and c" */
const listOf = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

const WHAT_YOU_WILL_SEE: { title: string; text: string }[] = [
  {
    title: 'Strokes gained',
    text: `Off the tee, approach, short game and putting, measured against ${BENCHMARK_LEVELS.length} benchmarks (${listOf(BENCHMARK_NAMES)}) or a target of your own.`,
  },
  { title: 'Scoring', text: 'Scoring average, averages on par 3s, 4s and 5s, birdies, bogeys and penalties per round.' },
  { title: 'Putting', text: 'Putts per round, one-putts and 3-putt avoidance, and how often you hole out from each length.' },
  { title: 'Short game', text: 'Getting up and down from the fairway, the rough and the sand, and scrambling.' },
  { title: 'Approach', text: 'Greens in regulation and where your approach shots finish.' },
  { title: 'Driving', text: 'Driving distance and fairways hit, with your misses left and right.' },
  { title: 'Miss patterns', text: 'Which way your putts, approaches and drives miss.' },
];

/**
 * No statistics yet (route no-stats): where the statistics pages send a user with no rounds to
 * count. Not inside StatsPage, which sends a user with no rounds here. A coach opening it is sent on
 * to the team view of their players.
 */
export default function NoStatsPage() {
  const isCoach = useSession((s) => s.user.is_coach);
  const selected = useSession((s) => s.selectedRounds.length);
  const navigate = useNavigate();

  // A coach's statistics are their players': the team view (or the chooser of their players), never a dead end.
  if (isCoach) return <Navigate to={noRoundsDestination({ is_coach: true })} replace />;

  function clearSelection() {
    session.setSelectedRounds([]);
    void navigate(paths.home);
  }

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          No statistics yet
        </Title>
        <Text>Add a round, shot by shot, and your statistics appear here. Round by round or over a season, you will see:</Text>
      </Stack>

      {selected > 0 && (
        <Alert color="gray" variant="light" title="Nothing to count in your selection" data-testid="selection-notice">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {selected === 1 ? 'The round you selected on Events has' : `The ${selected} rounds you selected on Events have`} no shots to
              count. Clear the selection to see the statistics of all your rounds.
            </Text>
            <Group gap="xs">
              <Button variant="default" h={44} onClick={clearSelection}>
                Clear selection
              </Button>
              <Anchor component={Link} to={paths.events} size="sm" py={12}>
                Change selection
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}

      <Group>
        <Button component={Link} to={paths.scanner} size="md" h={48} leftSection={<IconPlus size={18} aria-hidden />}>
          Add Round
        </Button>
      </Group>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="no-stats-preview-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="no-stats-preview-heading">
            What your statistics will show
          </Title>
          <List spacing="xs" size="sm">
            {WHAT_YOU_WILL_SEE.map((item) => (
              <List.Item key={item.title}>
                <Text span fw={600} size="sm">
                  {item.title}
                </Text>
                {': '}
                {item.text}
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Strokes gained compares every shot with what a golfer of the benchmark would be expected to take from the same place, so you can
            see where you gain and where you lose strokes.
          </Text>
        </Stack>
      </Card>

      <Text size="sm">
        <>
          Set a target of your own on{' '}
          <Anchor component={Link} to={paths.customSgSettings}>
            Strokes gained settings
          </Anchor>
          , or read{' '}
          <Anchor component={Link} to={paths.howTo}>
            How-To
          </Anchor>{' '}
          to record your first round.
        </>
      </Text>
    </Stack>
  );
}
