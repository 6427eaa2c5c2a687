import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventResponse } from '@holeout/contracts';
import { PERMISSIONS } from '@holeout/golf';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /events?event_id=N: the saved round an edit starts from. */
export async function fetchRoundEvent(eventId: number): Promise<EventResponse> {
  const { events } = await apiClient.get<{ events: EventResponse[] }>('/events', {
    query: { event_id: eventId },
    fallbackMessage: 'Could not load the round',
  });
  const event = events[0];
  if (!event?.round) throw new Error('That event is not a round');
  if (event.permissions < PERMISSIONS.MODIFY) throw new Error('You may view this round but not change it');
  return event;
}

export const roundEventQuery = (eventId: number) =>
  queryOptions({ queryKey: ['events', 'round-to-edit', eventId], queryFn: () => fetchRoundEvent(eventId), staleTime: 0 });

export function useRoundEvent(eventId: number | null) {
  return useQuery({ ...roundEventQuery(eventId ?? 0), enabled: eventId !== null });
}
