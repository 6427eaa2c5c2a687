import type { EventBody, EventResponse } from '@holeout/contracts';
import { apiClient } from '../api-client.ts';

export interface RoundToSend {
  /** The Idempotency-Key: the same for every try of the same round. */
  id: string;
  /** Set when it replaces a saved round. */
  eventId: number | null;
  body: EventBody;
}

/**
 * POST /events (a new round) or POST /events?event_id= (an edited one) with the round's
 * Idempotency-Key, so a retry after a lost answer creates nothing new. Quiet: the outbox says
 * itself what became of the round.
 */
export function sendRound(round: RoundToSend): Promise<EventResponse> {
  return apiClient.post<EventResponse>('/events', round.body, {
    query: round.eventId === null ? undefined : { event_id: round.eventId },
    headers: { 'Idempotency-Key': round.id },
    quiet: true,
  });
}
