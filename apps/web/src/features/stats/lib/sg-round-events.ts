/**
 * Round events for the statistics pages, read from GET /events (types=ROUND): the names of the
 * rounds the home page lists (the statistics bodies carry no course), and the user's latest rounds
 * with their shots for the live preview of custom-sg-settings.
 */
import { useQuery } from '@tanstack/react-query';
import type { EventResponse } from '@holeout/contracts';
import type { PlayerRound } from '@holeout/golf';
import { apiClient } from '../../../lib/api-client.ts';

/** How many of the latest rounds the custom-sg-settings preview reads. */
export const PREVIEW_ROUNDS = 5;

/**
 * The round events started in [from, to] (ISO times), newest first. Quiet: the names are a
 * nicety, so a failure leaves the list with plain "Round" instead of a toast.
 */
async function fetchRoundEventsBetween(from: string, to: string): Promise<EventResponse[]> {
  // The API's `to` is exclusive: a minute past the newest start keeps that round in.
  const until = new Date(new Date(to).getTime() + 60_000).toISOString();
  const { events } = await apiClient.get<{ events: EventResponse[] }>('/events', {
    query: { types: ['ROUND'], from: new Date(from).toISOString(), to: until, start: 0, limit: 50 },
    quiet: true,
  });
  return events;
}

/** The events of the rounds between two starts, keyed by event id (empty until loaded, or on failure). */
export function useRoundEventsBetween(from: string | undefined, to: string | undefined) {
  const valid = Boolean(from && to && !Number.isNaN(new Date(from).getTime()) && !Number.isNaN(new Date(to).getTime()));
  return useQuery({
    queryKey: ['events', 'stats-rounds', from, to],
    queryFn: () => fetchRoundEventsBetween(from!, to!),
    enabled: valid,
    select: (events) => new Map(events.map((event) => [event.event_id, event])),
  });
}

/** The caller's latest round events (their own and shared ones), newest first. */
async function fetchLatestRoundEvents(uid: number, count: number): Promise<EventResponse[]> {
  const { events } = await apiClient.get<{ events: EventResponse[] }>('/events', {
    query: { types: ['ROUND'], uid, start: 0, limit: count },
    fallbackMessage: 'Could not load your latest rounds',
  });
  return events;
}

export function useLatestRoundEvents(uid: number, count = PREVIEW_ROUNDS) {
  return useQuery({ queryKey: ['events', 'latest-rounds', uid, count], queryFn: () => fetchLatestRoundEvents(uid, count) });
}

/** A round event as the statistics engine reads it; null for an event without a round. */
export function toPlayerRound(event: EventResponse): PlayerRound | null {
  if (!event.round) return null;
  return { event_id: event.event_id, uid: event.uid, start: event.start, round: event.round };
}
