/**
 * How each event type looks on the calendar: a fill (white text on it reaches 4.5:1) and a short
 * label. Colour is never the only cue: chips and the legend also carry the type's icon and name.
 */
import { EVENT_TYPES, type EventType } from '@holeout/golf';

export const EVENT_TYPE_COLOURS: Record<EventType, string> = {
  ROUND: '#1b6e3a',
  PRACTICE: '#1f5fa8',
  LESSON: '#7a2e9c',
  WORKOUT: '#a63d12',
  NOTE: '#55595f',
};

/** Text on every chip. */
export const CHIP_TEXT = '#ffffff';

/** The types a day can hold, in the legend's order. */
export const CALENDAR_TYPES = ['ROUND', 'PRACTICE', 'LESSON', 'WORKOUT', 'NOTE'] as const satisfies readonly EventType[];

/** The type of an event as the API names it, or NOTE for a type this app does not know yet. */
export function calendarType(type: string): EventType {
  return (EVENT_TYPES as readonly string[]).includes(type) ? (type as EventType) : 'NOTE';
}
