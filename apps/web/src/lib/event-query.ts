import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventResponse } from '@holeout/contracts';
import { ApiError, apiClient } from './api-client.ts';

/** One event by id, kept under ['events', 'one', id] for every page that shows it (the event page, a practice's drill results), so a write that invalidates ['events'] refreshes them all. */
export const eventKey = (eventId: number) => ['events', 'one', eventId] as const;

/** GET /events?event_id=N: one event, or null when it does not exist or is not shared with the caller (404). */
export async function fetchEvent(eventId: number): Promise<EventResponse | null> {
  try {
    const { events } = await apiClient.get<{ events: EventResponse[] }>('/events', { query: { event_id: eventId }, quiet: true });
    return events[0] ?? null;
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 404) return null;
    // Anything else is reported like every other failed call.
    throw cause;
  }
}

export const eventQuery = (eventId: number) => queryOptions({ queryKey: eventKey(eventId), queryFn: () => fetchEvent(eventId) });

export function useEvent(eventId: number | null) {
  return useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== null });
}
