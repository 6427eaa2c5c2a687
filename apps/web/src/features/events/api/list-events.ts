import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventResponse } from '@holeout/contracts';
import type { EventType } from '@holeout/golf';
import { apiClient } from '../../../lib/api-client.ts';

/** Events per page of the list. */
export const EVENTS_PAGE_SIZE = 20;

export interface EventFilters {
  types: EventType[];
  /** Dates (YYYY-MM-DD), inclusive. */
  from: string;
  to: string;
  tags: string[];
  /** Only this owner's events (GET /events?uid=); null for everyone's the caller sees. */
  uid: number | null;
}

export const NO_FILTERS: EventFilters = { types: [], from: '', to: '', tags: [], uid: null };

/** GET /events: one page, newest first, from offset `start` (the number already loaded). */
export async function fetchEventsPage(filters: EventFilters, start: number): Promise<EventResponse[]> {
  const { events } = await apiClient.get<{ events: EventResponse[] }>('/events', {
    query: {
      start,
      limit: EVENTS_PAGE_SIZE,
      types: filters.types.length > 0 ? filters.types : undefined,
      tags: filters.tags.length > 0 ? filters.tags : undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      uid: filters.uid ?? undefined,
    },
    fallbackMessage: 'Could not load your events',
  });
  return events;
}

export const eventsListQuery = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: ['events', 'list', filters],
    queryFn: ({ pageParam }) => fetchEventsPage(filters, pageParam),
    initialPageParam: 0,
    // A short page is the last; the next page starts after everything loaded so far.
    getNextPageParam: (last, pages) => (last.length < EVENTS_PAGE_SIZE ? undefined : pages.reduce((count, page) => count + page.length, 0)),
  });

export function useEventsList(filters: EventFilters) {
  return useInfiniteQuery(eventsListQuery(filters));
}
