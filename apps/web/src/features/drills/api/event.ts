import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventResponse } from '@holeout/contracts';
import { ApiError, apiClient } from '../../../lib/api-client.ts';

/**
 * GET /events?event_id=N for the drill pages: the practice, lesson or workout whose drills are
 * recorded. Kept under the events feature's key (['events', 'one', id]) so an edit of the event
 * (which invalidates ['events']) refreshes it here too.
 */
export async function fetchDrillEvent(eventId: number): Promise<EventResponse | null> {
  try {
    const { events } = await apiClient.get<{ events: EventResponse[] }>('/events', { query: { event_id: eventId }, quiet: true });
    return events[0] ?? null;
  } catch (cause) {
    // Not there, or not shared with the caller: the page says so.
    if (cause instanceof ApiError && cause.status === 404) return null;
    throw cause;
  }
}

export const drillEventQuery = (eventId: number) => queryOptions({ queryKey: ['events', 'one', eventId], queryFn: () => fetchDrillEvent(eventId) });

export const useDrillEvent = (eventId: number | null) => useQuery({ ...drillEventQuery(eventId ?? 0), enabled: eventId !== null });
