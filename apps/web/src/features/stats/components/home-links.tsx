import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, type AppPath } from '../../../lib/paths.ts';
import { LinkCard } from './link-card.tsx';

const DETAIL_PAGES: { path: AppPath; label: string; hint: string }[] = [
  { path: paths.playerScoring, label: 'Scoring', hint: 'Scores, par averages, birdies and bogeys' },
  { path: paths.playerPutting, label: 'Putting', hint: 'Putts made and missed by length' },
  { path: paths.playerShortgame, label: 'Short game', hint: 'Up and down, sand saves' },
  { path: paths.playerApproach, label: 'Approach', hint: 'Greens in regulation, approach misses' },
  { path: paths.playerDrives, label: 'Driving', hint: 'Distance and fairways' },
  { path: paths.missStats, label: 'Miss patterns', hint: 'Where your misses go' },
];

/** The detail pages, and the page where the user sets their own target. */
export function HomeLinks({ hasTarget }: { hasTarget: boolean }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-links-heading">
      <Title order={2} size="h4" id="home-links-heading">
        More statistics
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="home-links-heading"
      >
        {DETAIL_PAGES.map((page) => (
          <li key={page.path}>
            <LinkCard to={page.path} gap={0} fillHeight>
              <Text fw={700} c="var(--mantine-color-anchor)">
                {page.label}
              </Text>
              <Text size="sm" c="dimmed">
                {page.hint}
              </Text>
            </LinkCard>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to={paths.customSgSettings} variant="outline" h={48} leftSection={<IconTarget size={18} aria-hidden />}>
          {hasTarget ? 'Change my target' : 'Set my target'}
        </Button>
      </Group>
    </Stack>
  );
}
