import { Badge, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconGripVertical, IconPlus } from '@tabler/icons-react';
import type { EventResponse } from '@holeout/contracts';
import { PERMISSIONS } from '@holeout/golf';
import { useState, type FormEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { EVENT_TYPE_LABELS, eventTitle } from '../../../lib/event-names.ts';
import { dayLabel, parseDayKey, shiftDayKey, toDayKey } from '../lib/date-grid.ts';
import { calendarType } from '../lib/event-type-style.ts';
import { EventChip } from './event-chip.tsx';

/** The types "Add event" offers besides a round (rounds are added in Add Round). */
const NEW_EVENT_TYPES = ['PRACTICE', 'LESSON', 'WORKOUT', 'NOTE'] as const;

/** Only someone who may edit an event (MODIFY or owner) moves it. */
export const canMoveEvent = (event: EventResponse) => event.permissions >= PERMISSIONS.MODIFY;

export interface MoveHandlers {
  /** Move an event to a day (YYYY-MM-DD). */
  onMove: (event: EventResponse, dayKey: string) => void;
  onDragStart: (press: PointerEvent<HTMLElement>, event: EventResponse) => void;
}

/** "Add event" for one day: the event editor opened on that day with the chosen type, or Add Round. */
export function AddEventMenu({ dayKey, offerRound }: { dayKey: string; offerRound: boolean }) {
  const day = parseDayKey(dayKey);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          h={44}
          leftSection={<IconPlus size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={day ? `Add event on ${dayLabel(day)}` : 'Add event'}
        >
          Add event
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {NEW_EVENT_TYPES.map((type) => (
          <Menu.Item key={type} component={Link} to={`${paths.event}?new=${type}&date=${dayKey}`} mih={44}>
            {EVENT_TYPE_LABELS[type]}
          </Menu.Item>
        ))}
        {offerRound && (
          <Menu.Item component={Link} to={paths.scanner} mih={44}>
            Round (Add Round)
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function MoveToDateDialog({ event, onMove, onClose }: { event: EventResponse; onMove: (dayKey: string) => void; onClose: () => void }) {
  const [value, setValue] = useState(() => toDayKey(new Date(event.start)));
  const [error, setError] = useState<string | null>(null);
  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    if (!parseDayKey(value)) {
      setError('Give the date to move it to');
      return;
    }
    onMove(value);
    onClose();
  }
  return (
    <Modal opened onClose={onClose} title={`Move "${eventTitle(event)}"`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="date"
            label="New date"
            description="It keeps its time of day and length"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" h={44} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" h={44}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The keyboard and one-thumb way to move an event: a day back, a day on, or to a date. */
function MoveMenu({ event, onMove }: { event: EventResponse; onMove: MoveHandlers['onMove'] }) {
  const [choosing, setChoosing] = useState(false);
  const day = toDayKey(new Date(event.start));
  const name = eventTitle(event);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" h={44} px="sm" aria-label={`Move ${name}`} rightSection={<IconChevronDown size={16} aria-hidden />}>
            Move
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item mih={44} onClick={() => onMove(event, shiftDayKey(day, -1))}>
            Move to previous day
          </Menu.Item>
          <Menu.Item mih={44} onClick={() => onMove(event, shiftDayKey(day, 1))}>
            Move to next day
          </Menu.Item>
          <Menu.Item mih={44} onClick={() => setChoosing(true)}>
            Move to a date…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {choosing && <MoveToDateDialog event={event} onMove={(dayKey) => onMove(event, dayKey)} onClose={() => setChoosing(false)} />}
    </>
  );
}

/** One event in a day's list: drag handle, the chip (tap to open), its type in words, and Move. */
function DayEventRow({ event, uid, handlers }: { event: EventResponse; uid: number; handlers: MoveHandlers }) {
  const movable = canMoveEvent(event);
  const type = calendarType(event.event_type);
  return (
    <Group component="li" gap={6} wrap="nowrap" align="center" data-testid="day-event">
      {movable && (
        <span
          aria-hidden
          title="Drag to another day"
          onPointerDown={(press) => handlers.onDragStart(press, event)}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 28,
            height: 44,
            flexShrink: 0,
            touchAction: 'none',
            cursor: 'grab',
            color: 'var(--mantine-color-text)',
          }}
        >
          <IconGripVertical size={20} />
        </span>
      )}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <EventChip event={event} size="row" onDragStart={movable ? handlers.onDragStart : undefined} touchDrags={false} />
        <Group gap={6}>
          <Text size="xs">{EVENT_TYPE_LABELS[type]}</Text>
          {event.uid !== uid && (
            <Badge size="sm" variant="outline" color="dark">
              Shared with you
            </Badge>
          )}
        </Group>
      </Stack>
      {movable && <MoveMenu event={event} onMove={handlers.onMove} />}
    </Group>
  );
}

/** A day's events in order of time, or what to do when there are none. */
export function DayEventList({
  events,
  uid,
  handlers,
  emptyText,
}: {
  events: readonly EventResponse[];
  uid: number;
  handlers: MoveHandlers;
  emptyText: string;
}) {
  if (events.length === 0) {
    return (
      <Text size="sm" data-testid="day-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {events.map((event) => (
        <DayEventRow key={event.event_id} event={event} uid={uid} handlers={handlers} />
      ))}
    </Stack>
  );
}
