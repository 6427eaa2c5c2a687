import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { eventKey } from '../../../lib/event-query.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';

/** GET /events/unshare?event_id=: "Remove from my list" for an event someone shared with the caller. */
export function unshareEvent(eventId: number): Promise<OkResponse> {
  return apiClient.get<OkResponse>('/events/unshare', {
    query: { event_id: eventId },
    fallbackMessage: 'Could not remove the event from your list',
  });
}

export function useUnshareEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unshareEvent,
    onSuccess: (_answer, eventId) => {
      if (session.store.get().selectedRounds.includes(eventId)) session.toggleRoundSelection(eventId);
      queryClient.removeQueries({ queryKey: eventKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: ['events', 'list'] });
      void invalidateStatistics(queryClient);
    },
  });
}
