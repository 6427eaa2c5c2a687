/**
 * What an event is called on screen, wherever it is listed (events, the statistics' last rounds):
 * its title, or for an untitled round "Round at <course>", or the name of its type.
 */
import type { EventResponse } from '@holeout/contracts';
import type { EventType } from '@holeout/golf';

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  ROUND: 'Round',
  PRACTICE: 'Practice',
  LESSON: 'Lesson',
  WORKOUT: 'Workout',
  NOTE: 'Note',
};

export function eventTitle(event: Pick<EventResponse, 'title' | 'event_type' | 'round_summary'>): string {
  if (event.title.trim()) return event.title;
  if (event.event_type === 'ROUND') return event.round_summary?.course ? `Round at ${event.round_summary.course}` : 'Round';
  return EVENT_TYPE_LABELS[event.event_type as EventType] ?? event.event_type;
}
