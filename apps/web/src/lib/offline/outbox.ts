/**
 * Rounds saved on the device and not yet accepted by the API. A save goes into the outbox first
 * (IndexedDB), then is sent; a failed send waits there and goes again when the device is back
 * online, always with the same Idempotency-Key, so it is created once however often it is tried.
 */
import type { EventResponse } from '@holeout/contracts';
import { ApiError } from '../api-client.ts';
import { createStore, type Store } from '../store.ts';
import type { OutboxEntry, OutboxStore } from './round-store.ts';
import type { RoundToSend } from './send-round.ts';

export type SendOutcome =
  | { id: string; status: 'sent'; event: EventResponse }
  /** Not sent now (offline, server trouble): tried again later. */
  | { id: string; status: 'waiting'; message: string }
  /** Refused by the API (e.g. a rule it checks that this app did not): never retried as it is. */
  | { id: string; status: 'rejected'; message: string };

export interface OutboxState {
  /** The signed-in user's waiting and refused rounds, oldest first. */
  entries: OutboxEntry[];
  sending: boolean;
}

export interface OutboxDeps {
  store: OutboxStore;
  send: (round: RoundToSend) => Promise<EventResponse>;
  /** Called once for each round the API accepted. */
  onSent?: (entry: OutboxEntry, event: EventResponse) => void;
  now?: () => Date;
}

export interface Outbox {
  state: Store<OutboxState>;
  /** Reads this user's entries from the device. */
  refresh(uid: number): Promise<void>;
  /** Puts a saved round in the outbox (dropping its draft) and tries to send it at once. */
  submit(entry: OutboxEntry): Promise<SendOutcome>;
  /** Tries every waiting round of this user once (rounds already on their way are not sent twice). */
  flush(uid: number): Promise<SendOutcome[]>;
  discard(id: string, uid: number): Promise<void>;
}

export const OFFLINE_MESSAGE = 'No connection: it will be sent when you are back online';

/** Whether a failed send may succeed later unchanged: no answer, server trouble, timeouts, limits, sign-in. */
function isRetryable(cause: unknown): boolean {
  if (!(cause instanceof ApiError)) return true;
  return cause.status === 0 || cause.status === 401 || cause.status === 408 || cause.status === 429 || cause.status >= 500;
}

function messageOf(cause: unknown): string {
  if (cause instanceof ApiError && cause.status === 0) return OFFLINE_MESSAGE;
  return cause instanceof Error ? cause.message : String(cause);
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const state = createStore<OutboxState>({ entries: [], sending: false });
  const inFlight = new Map<string, Promise<SendOutcome>>();

  async function refresh(uid: number): Promise<void> {
    const entries = await deps.store.listOutbox(uid);
    state.set((previous) => ({ ...previous, entries }));
  }

  async function sendEntry(entry: OutboxEntry): Promise<SendOutcome> {
    try {
      const event = await deps.send({ id: entry.id, eventId: entry.eventId, body: entry.body });
      await deps.store.deleteOutbox(entry.id);
      deps.onSent?.(entry, event);
      return { id: entry.id, status: 'sent', event };
    } catch (cause) {
      const rejected = !isRetryable(cause);
      const message = messageOf(cause);
      await deps.store.putOutbox({ ...entry, attempts: entry.attempts + 1, lastError: message, rejected });
      return { id: entry.id, status: rejected ? 'rejected' : 'waiting', message };
    }
  }

  /** One send per round at a time: a second caller waits for the first try's outcome. */
  function sendOnce(entry: OutboxEntry): Promise<SendOutcome> {
    const running = inFlight.get(entry.id);
    if (running) return running;
    state.set((previous) => ({ ...previous, sending: true }));
    const attempt = sendEntry(entry).finally(() => {
      inFlight.delete(entry.id);
      if (inFlight.size === 0) state.set((previous) => ({ ...previous, sending: false }));
    });
    inFlight.set(entry.id, attempt);
    return attempt;
  }

  async function submit(entry: OutboxEntry): Promise<SendOutcome> {
    await deps.store.moveToOutbox(entry);
    await refresh(entry.uid);
    const outcome = await sendOnce(entry);
    await refresh(entry.uid);
    return outcome;
  }

  async function flush(uid: number): Promise<SendOutcome[]> {
    const waiting = (await deps.store.listOutbox(uid)).filter((entry) => !entry.rejected);
    const outcomes: SendOutcome[] = [];
    // One after the other: a phone on a weak signal does better with one request at a time.
    for (const entry of waiting) outcomes.push(await sendOnce(entry));
    await refresh(uid);
    return outcomes;
  }

  async function discard(id: string, uid: number): Promise<void> {
    await deps.store.deleteOutbox(id);
    await refresh(uid);
  }

  return { state, refresh, submit, flush, discard };
}
