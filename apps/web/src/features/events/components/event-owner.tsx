import { ColorSwatch, Group, Text } from '@mantine/core';
import { playerColour } from '@holeout/golf';
import { usePersonName } from '../../../lib/people.ts';

/**
 * Whose event it is, for an event of someone else: the person's colour (the one their series has in
 * every chart, from the uid) beside their name through GET /people ('Unknown' for someone the caller
 * does not know, as on every page). `lead` goes before the name ("Round by").
 */
export function EventOwner({ uid, lead = '', size = 'sm' }: { uid: number; lead?: string; size?: 'sm' | 'md' }) {
  const name = usePersonName(uid);
  return (
    <Group gap={6} wrap="nowrap" data-testid="event-owner" mih={20}>
      <ColorSwatch color={playerColour(uid)} size={size === 'sm' ? 12 : 14} aria-hidden="true" style={{ flexShrink: 0 }} />
      <Text size={size} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name === undefined ? '' : `${lead}${name}`}
      </Text>
    </Group>
  );
}
