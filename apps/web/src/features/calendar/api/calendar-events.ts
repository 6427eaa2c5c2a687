import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** The most GET /events answers at once (its `limit` is at most 200). */
export const CALENDAR_PAGE_SIZE = 200;
/** A month holding more than this many events is cut here rather than asked for without end. */
const MAX_PAGES = 10;

export interface CalendarRange {
  /** ISO instants: the first shown day's midnight and the midnight after the last. */
  from: string;
  to: string;
}

/**
 * GET /events?from=&to=&limit=200, every type, the caller's and those shared with them; while a
 * full page of 200 comes back, the next from offset `start`.
 */
export async function fetchCalendarEvents(range: CalendarRange): Promise<EventResponse[]> {
  const events: EventResponse[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const { events: batch } = await apiClient.get<{ events: EventResponse[] }>('/events', {
      query: { from: range.from, to: range.to, start: events.length, limit: CALENDAR_PAGE_SIZE },
      quiet: true,
    });
    events.push(...batch);
    if (batch.length < CALENDAR_PAGE_SIZE) break;
  }
  // Pages overlap when an event is added between two calls: keep each event once.
  return [...new Map(events.map((event) => [event.event_id, event])).values()];
}

/** Under ['events'], so every event write (a move here, an edit on the event page) refreshes it. */
export const calendarEventsQuery = (range: CalendarRange) =>
  queryOptions({
    queryKey: ['events', 'calendar', range.from, range.to],
    queryFn: () => fetchCalendarEvents(range),
    // Events created or deleted on the event page only invalidate the list: read again on opening.
    staleTime: 0,
  });

export function useCalendarEvents(range: CalendarRange) {
  return useQuery(calendarEventsQuery(range));
}
