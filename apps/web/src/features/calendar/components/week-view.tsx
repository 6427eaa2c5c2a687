import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { dayLabel, toDayKey, WEEKDAY_NAMES, weekdayIndex } from '../lib/date-grid.ts';
import { AddEventMenu, canMoveEvent, DayEventList, type MoveHandlers } from './day-events.tsx';
import { EventChip } from './event-chip.tsx';
import { cellStyle, dayDescription, dayKeyHandler, DayNumber, type DayGridProps } from './month-grid.tsx';

/** Wide: seven columns holding every event of each day as chips. */
function WeekColumns({ days, label, ...props }: DayGridProps & { days: Date[]; label: string }) {
  const { selected, today, byDay, onSelect, onDragStart } = props;
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={props.keysHintId}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 2 }}
    >
      {days.map((date) => {
        const key = toDayKey(date);
        const events = byDay.get(key) ?? [];
        return (
          <div
            key={key}
            data-date={key}
            onClick={() => onSelect(key)}
            style={{ ...cellStyle(key, props), minHeight: 220, padding: 4, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
          >
            <UnstyledButton
              data-day-button={key}
              aria-pressed={key === selected}
              aria-label={dayDescription(date, today, events)}
              tabIndex={key === selected ? 0 : -1}
              onClick={() => onSelect(key)}
              onKeyDown={dayKeyHandler(key, onSelect)}
              style={{ display: 'flex', alignItems: 'center', gap: 4, minHeight: 28 }}
            >
              <Text size="xs" fw={600} component="span">
                {WEEKDAY_NAMES[weekdayIndex(date)]!.slice(0, 3)}
              </Text>
              <DayNumber date={date} today={today} outside={false} />
            </UnstyledButton>
            {events.map((event) => (
              <EventChip key={event.event_id} event={event} size="compact" onDragStart={canMoveEvent(event) ? onDragStart : undefined} />
            ))}
          </div>
        );
      })}
    </div>
  );
}

/** A phone: the days one under another, each with its events listed; the selected one offers Add event. */
function WeekList({
  days,
  label,
  uid,
  offerRound,
  handlers,
  ...props
}: DayGridProps & { days: Date[]; label: string; uid: number; offerRound: boolean; handlers: MoveHandlers }) {
  const { selected, today, byDay, onSelect } = props;
  return (
    <Stack gap="xs" role="group" aria-label={label} aria-describedby={props.keysHintId}>
      {days.map((date) => {
        const key = toDayKey(date);
        const events = byDay.get(key) ?? [];
        return (
          <section key={key} data-date={key} aria-label={dayLabel(date)} style={{ ...cellStyle(key, props), padding: 8 }}>
            <Stack gap="xs">
              <Title order={3} size="h5">
                <UnstyledButton
                  data-day-button={key}
                  aria-pressed={key === selected}
                  aria-label={dayDescription(date, today, events)}
                  tabIndex={key === selected ? 0 : -1}
                  onClick={() => onSelect(key)}
                  onKeyDown={dayKeyHandler(key, onSelect)}
                  style={{ minHeight: 44, width: '100%', fontWeight: key === today ? 700 : 600 }}
                >
                  {dayLabel(date)}
                  {key === today ? ' (today)' : ''}
                </UnstyledButton>
              </Title>
              <DayEventList events={events} uid={uid} handlers={handlers} emptyText="Nothing on this day." />
              {key === selected && (
                <div>
                  <AddEventMenu dayKey={key} offerRound={offerRound} />
                </div>
              )}
            </Stack>
          </section>
        );
      })}
    </Stack>
  );
}

export function WeekView({
  wide,
  ...props
}: DayGridProps & { days: Date[]; label: string; wide: boolean; uid: number; offerRound: boolean; handlers: MoveHandlers }) {
  return wide ? <WeekColumns {...props} /> : <WeekList {...props} />;
}
