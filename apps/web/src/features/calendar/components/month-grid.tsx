import { Text, UnstyledButton } from '@mantine/core';
import type { EventResponse } from '@holeout/contracts';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { EVENT_TYPE_LABELS } from '../../../lib/event-names.ts';
import { DIMMED_TEXT } from '../../../lib/theme.ts';
import { dayLabel, shiftDayKey, toDayKey, WEEKDAY_NAMES } from '../lib/date-grid.ts';
import { calendarType, EVENT_TYPE_COLOURS } from '../lib/event-type-style.ts';
import { EventChip } from './event-chip.tsx';
import { canMoveEvent } from './day-events.tsx';

/** How many chips a wide month cell shows before "+N more". */
const CHIPS_PER_CELL = 3;

export interface DayGridProps {
  selected: string;
  today: string;
  byDay: ReadonlyMap<string, EventResponse[]>;
  /** The day under a dragged event. */
  dropDay: string | null;
  /** Select a day; `focus` moves the keyboard focus to it (arrow keys). */
  onSelect: (dayKey: string, focus?: boolean) => void;
  onDragStart: (press: PointerEvent<HTMLElement>, event: EventResponse) => void;
  /** The id of the text telling keyboard users how to move between days. */
  keysHintId?: string;
}

/** What a day says to a screen reader: its date, today, and its events by type. */
export function dayDescription(date: Date, today: string, events: readonly EventResponse[]): string {
  const key = toDayKey(date);
  const parts = [dayLabel(date)];
  if (key === today) parts.push('today');
  if (events.length === 0) parts.push('no events');
  else
    parts.push(
      `${events.length} ${events.length === 1 ? 'event' : 'events'}: ${events.map((e) => EVENT_TYPE_LABELS[calendarType(e.event_type)]).join(', ')}`,
    );
  return parts.join(', ');
}

/** Arrow keys move the selected day (a day left and right, a week up and down). */
export function dayKeyHandler(dayKey: string, onSelect: DayGridProps['onSelect']) {
  return (press: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[press.key];
    if (step === undefined) return;
    press.preventDefault();
    onSelect(shiftDayKey(dayKey, step), true);
  };
}

/** The outline of the day under a dragged event, the selected day and today. */
export function cellStyle(key: string, { selected, dropDay }: Pick<DayGridProps, 'selected' | 'dropDay'>) {
  return {
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 4,
    background: key === selected ? 'var(--mantine-primary-color-light)' : undefined,
    outline:
      key === dropDay
        ? '3px dashed var(--mantine-primary-color-filled)'
        : key === selected
          ? '2px solid var(--mantine-primary-color-filled)'
          : undefined,
    outlineOffset: -2,
  };
}

/** A day's number; today's is ringed and bold (and "today" is in its name). */
export function DayNumber({ date, today, outside }: { date: Date; today: string; outside: boolean }) {
  const isToday = toDayKey(date) === today;
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 24,
        height: 24,
        borderRadius: 12,
        fontWeight: isToday ? 700 : 400,
        border: isToday ? '2px solid currentColor' : undefined,
        color: outside ? DIMMED_TEXT : undefined,
      }}
    >
      {date.getDate()}
    </span>
  );
}

/** Small marks for a phone's narrow cell: one dot per event (up to three) in its type's colour, and the count. */
function DayDots({ events }: { events: readonly EventResponse[] }) {
  if (events.length === 0) return null;
  return (
    <span aria-hidden style={{ display: 'flex', alignItems: 'center', gap: 2, fontSize: 'var(--mantine-font-size-xs)', lineHeight: 1 }}>
      {events.slice(0, 3).map((event) => (
        <span
          key={event.event_id}
          style={{ width: 6, height: 6, borderRadius: 3, background: EVENT_TYPE_COLOURS[calendarType(event.event_type)] }}
        />
      ))}
      <span>{events.length}</span>
    </span>
  );
}

function WeekdayHeader({ wide }: { wide: boolean }) {
  return (
    <div aria-hidden style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 2 }}>
      {WEEKDAY_NAMES.map((name) => (
        <Text key={name} size="xs" fw={600} ta="center">
          {wide ? name.slice(0, 3) : name.slice(0, 1)}
        </Text>
      ))}
    </div>
  );
}

/** Seven narrow or wide columns, a row per week. */
function Rows({ children, label, keysHintId }: { children: ReactNode; label: string; keysHintId?: string }) {
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={keysHintId}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 2 }}
    >
      {children}
    </div>
  );
}

/**
 * The month: on a phone each day is one button with a dot per event and their count (the
 * selected day's events are listed below the grid); wide, each day shows its first events as chips.
 */
export function MonthGrid({
  weeks,
  month,
  wide,
  label,
  ...props
}: DayGridProps & { weeks: Date[][]; month: number; wide: boolean; label: string }) {
  const { selected, today, byDay, onSelect, onDragStart } = props;
  return (
    <div>
      <WeekdayHeader wide={wide} />
      <Rows label={label} keysHintId={props.keysHintId}>
        {weeks.flat().map((date) => {
          const key = toDayKey(date);
          const events = byDay.get(key) ?? [];
          const outside = date.getMonth() !== month;
          const dayButton = {
            'data-day-button': key,
            'aria-pressed': key === selected,
            'aria-label': dayDescription(date, today, events),
            tabIndex: key === selected ? 0 : -1,
            onClick: () => onSelect(key),
            onKeyDown: dayKeyHandler(key, onSelect),
          };
          if (!wide) {
            return (
              <UnstyledButton
                key={key}
                data-date={key}
                {...dayButton}
                style={{
                  ...cellStyle(key, props),
                  minHeight: 52,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'flex-start',
                  gap: 2,
                  padding: '2px 0',
                }}
              >
                <DayNumber date={date} today={today} outside={outside} />
                <DayDots events={events} />
              </UnstyledButton>
            );
          }
          const more = events.length - CHIPS_PER_CELL;
          return (
            <div
              key={key}
              data-date={key}
              onClick={() => onSelect(key)}
              style={{
                ...cellStyle(key, props),
                minHeight: 112,
                padding: 4,
                display: 'flex',
                flexDirection: 'column',
                gap: 2,
                minWidth: 0,
              }}
            >
              <UnstyledButton {...dayButton} style={{ alignSelf: 'flex-start', minHeight: 24 }}>
                <DayNumber date={date} today={today} outside={outside} />
              </UnstyledButton>
              {events.slice(0, CHIPS_PER_CELL).map((event) => (
                <EventChip key={event.event_id} event={event} size="compact" onDragStart={canMoveEvent(event) ? onDragStart : undefined} />
              ))}
              {more > 0 && (
                <Text size="xs" fw={600}>
                  +{more} more
                </Text>
              )}
            </div>
          );
        })}
      </Rows>
    </div>
  );
}
