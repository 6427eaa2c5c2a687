import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventBody, EventResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { eventKey } from '../../../lib/event-query.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';
import { TAGS_KEY } from '../../../lib/tags.ts';

/** POST /events (create) or POST /events?event_id= (replace the editable fields). */
export function saveEvent({ eventId, body }: { eventId: number | null; body: EventBody }): Promise<EventResponse> {
  return apiClient.post<EventResponse>('/events', body, {
    query: eventId === null ? undefined : { event_id: eventId },
    fallbackMessage: 'Could not save the event',
  });
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEvent,
    onSuccess: (saved) => {
      queryClient.setQueryData(eventKey(saved.event_id), saved);
      void queryClient.invalidateQueries({ queryKey: ['events', 'list'] });
      void queryClient.invalidateQueries({ queryKey: TAGS_KEY });
      void invalidateStatistics(queryClient);
      // The event's drills may have changed: the drills' events and the results of dropped event drills.
      void queryClient.invalidateQueries({ queryKey: ['drills', 'events'] });
      void queryClient.invalidateQueries({ queryKey: ['drill-results'] });
    },
  });
}
