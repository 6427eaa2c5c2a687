import { Group, Text } from '@mantine/core';
import { EVENT_TYPE_LABELS } from '../../../lib/event-names.ts';
import { CALENDAR_TYPES, CHIP_TEXT, EVENT_TYPE_COLOURS } from '../lib/event-type-style.ts';
import { EventTypeIcon } from './event-type-icon.tsx';

/** Which colour and icon stand for which type. */
export function TypeLegend() {
  return (
    <Group component="ul" gap="xs" p={0} m={0} aria-label="Event types" style={{ listStyle: 'none' }}>
      {CALENDAR_TYPES.map((type) => (
        <Group component="li" key={type} gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 20,
              height: 20,
              borderRadius: 4,
              background: EVENT_TYPE_COLOURS[type],
              color: CHIP_TEXT,
            }}
          >
            <EventTypeIcon type={type} />
          </span>
          <Text size="sm">{EVENT_TYPE_LABELS[type]}</Text>
        </Group>
      ))}
    </Group>
  );
}
