import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { eventKey } from '../../../lib/event-query.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';

/** DELETE /events?event_id= (the owner). */
export function deleteEvent(eventId: number): Promise<OkResponse> {
  return apiClient.delete<OkResponse>('/events', { query: { event_id: eventId }, fallbackMessage: 'Could not delete the event' });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_answer, eventId) => {
      // A deleted round can no longer narrow the statistics.
      if (session.store.get().selectedRounds.includes(eventId)) session.toggleRoundSelection(eventId);
      queryClient.removeQueries({ queryKey: eventKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: ['events', 'list'] });
      void invalidateStatistics(queryClient);
    },
  });
}
