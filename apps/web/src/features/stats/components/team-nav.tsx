import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { TEAM_AREAS, type TeamArea } from '../lib/team-areas.ts';

/** Links between the five team views; the one shown is marked as the current page. */
export function TeamNav({ current }: { current: TeamArea }) {
  return (
    <Group component="nav" aria-label="Team views" gap="xs" wrap="wrap">
      {TEAM_AREAS.map((info) => {
        const here = info.area === current;
        return (
          <Button
            key={info.area}
            component={Link}
            to={info.team}
            variant={here ? 'filled' : 'default'}
            h={44}
            aria-current={here ? 'page' : undefined}
          >
            {info.label}
          </Button>
        );
      })}
    </Group>
  );
}
