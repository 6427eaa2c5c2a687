import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventBody, EventResponse } from '@holeout/contracts';
import { PERMISSIONS, type EventType } from '@holeout/golf';
import { ApiError, apiClient } from '../../../lib/api-client.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';
import { moveToDay } from '../lib/date-grid.ts';

/**
 * The body of POST /events?event_id= that moves an event: every editable field as saved, with the
 * new start and end. Drills keep their ced_id (and so their results). Shares go only from the
 * owner, who alone may change them; left out, they stay as they are.
 */
export function movedEventBody(event: EventResponse, moved: { start: string; end: string | null }): EventBody {
  const body: EventBody = {
    event_type: event.event_type as EventType,
    title: event.title,
    start: moved.start,
    end: moved.end,
    notes: event.notes,
    tags: event.tags,
    round: event.round,
    eventdrills: event.eventdrills.map(({ drill_id, ced_id }) => ({ drill_id, ced_id })),
  };
  if (event.permissions < PERMISSIONS.OWNER) return body;
  return {
    ...body,
    share: event.share as EventBody['share'],
    usershares: event.usershares.filter((share) => share.uid !== event.uid) as EventBody['usershares'],
    orgshares: event.orgshares as EventBody['orgshares'],
  };
}

export interface MoveRequest {
  eventId: number;
  /** The day it moves to (YYYY-MM-DD, local). */
  dayKey: string;
}

/** Reads the whole event first (the calendar's copy may be older), then saves it on the new day. */
export async function moveEvent({ eventId, dayKey }: MoveRequest): Promise<EventResponse> {
  const { events } = await apiClient.get<{ events: EventResponse[] }>('/events', {
    query: { event_id: eventId },
    fallbackMessage: 'Could not move the event',
  });
  const event = events[0];
  if (!event) throw new ApiError('This event no longer exists, or it is not shared with you.', 404);
  const moved = moveToDay(event, dayKey);
  if (!moved) throw new ApiError('That is not a date.', 400);
  return apiClient.post<EventResponse>('/events', movedEventBody(event, moved), {
    query: { event_id: eventId },
    fallbackMessage: 'Could not move the event',
  });
}

export function useMoveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveEvent,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      // A round counts by its date (the season's limits, the trend by round).
      void invalidateStatistics(queryClient);
    },
  });
}
