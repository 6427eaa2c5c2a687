import { VisuallyHidden } from '@mantine/core';
import type { EventResponse } from '@holeout/contracts';
import type { PointerEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { EVENT_TYPE_LABELS, eventTitle } from '../../../lib/event-names.ts';
import { timeOfDay } from '../lib/date-grid.ts';
import { calendarType, CHIP_TEXT, EVENT_TYPE_COLOURS } from '../lib/event-type-style.ts';
import { EventTypeIcon } from './event-type-icon.tsx';

export const eventPath = (eventId: number) => `${paths.event}?event_id=${eventId}`;

export interface EventChipProps {
  event: EventResponse;
  /** compact: inside a day cell; row: a line of the day's list (44 px tall). */
  size: 'compact' | 'row';
  /** Given when the caller may move the event: a press that moves past the threshold drags it. */
  onDragStart?: (press: PointerEvent<HTMLElement>, event: EventResponse) => void;
  /**
   * Whether a touch on the chip starts a drag (default). In a day's list it does not: a finger
   * there scrolls the page, and the row's handle drags instead.
   */
  touchDrags?: boolean;
  /** Drawn under the pointer while dragging: not a link, not announced. */
  ghost?: boolean;
}

/** An event on the calendar: its type's colour, icon and name, its time and title; a tap opens it. */
export function EventChip({ event, size, onDragStart, touchDrags = true, ghost = false }: EventChipProps) {
  const type = calendarType(event.event_type);
  const style = {
    display: 'flex',
    alignItems: 'center',
    gap: 4,
    minWidth: 0,
    minHeight: size === 'row' ? 44 : 24,
    padding: size === 'row' ? '4px 10px' : '2px 6px',
    borderRadius: 4,
    background: EVENT_TYPE_COLOURS[type],
    color: CHIP_TEXT,
    fontSize: size === 'row' ? 'var(--mantine-font-size-sm)' : 'var(--mantine-font-size-xs)',
    lineHeight: 1.3,
    textDecoration: 'none',
    // Dragging by touch: the browser must not scroll instead.
    touchAction: onDragStart ? (touchDrags ? 'none' : 'pan-y') : undefined,
    cursor: onDragStart ? 'grab' : 'pointer',
    userSelect: 'none' as const,
  };
  const content = (
    <>
      <EventTypeIcon type={type} size={size === 'row' ? 16 : 12} />
      <VisuallyHidden>{EVENT_TYPE_LABELS[type]}:</VisuallyHidden>
      <span style={{ flexShrink: 0 }}>{timeOfDay(event.start)}</span>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 600 }}>{eventTitle(event)}</span>
    </>
  );
  if (ghost) {
    return (
      <div aria-hidden style={{ ...style, boxShadow: 'var(--mantine-shadow-md)', maxWidth: 220 }}>
        {content}
      </div>
    );
  }
  return (
    <Link
      to={eventPath(event.event_id)}
      style={style}
      data-testid="event-chip"
      draggable={false}
      onDragStart={(e) => e.preventDefault()}
      onPointerDown={onDragStart ? (press) => onDragStart(press, event) : undefined}
    >
      {content}
    </Link>
  );
}
