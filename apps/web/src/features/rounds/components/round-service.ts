/**
 * The app's one round store and outbox, started by the first page that needs them. Once started
 * it sends waiting rounds when the device comes back online, when a user signs in, and every
 * minute while any wait.
 */
import type { EventResponse } from '@holeout/contracts';
import { invalidateStatistics, queryClient } from '../../../lib/query-client.ts';
import { session } from '../../../lib/session/session.ts';
import { createOutbox, type Outbox } from '../../../lib/offline/outbox.ts';
import { createDeviceRoundStore, type OutboxEntry, type RoundStore } from '../../../lib/offline/round-store.ts';
import { sendRound } from '../../../lib/offline/send-round.ts';
import type { RoundDraft } from './round-draft.ts';

const RETRY_EVERY_MS = 60_000;

type SentListener = (entry: OutboxEntry, event: EventResponse) => void;

export interface RoundService {
  store: RoundStore<RoundDraft>;
  outbox: Outbox;
  /** Told of every round the API accepted; returns the unsubscribe. */
  onSent(listener: SentListener): () => void;
  /** Sends what waits for the signed-in user, if anyone is signed in and the device is online. */
  flushNow(): Promise<void>;
}

let service: RoundService | null = null;

const signedInUid = (): number | null => {
  const state = session.store.get();
  return state.status === 'loggedIn' && state.user.uid > 0 ? state.user.uid : null;
};

function startRoundService(): RoundService {
  const store = createDeviceRoundStore<RoundDraft>();
  const listeners = new Set<SentListener>();
  const outbox = createOutbox({
    store,
    send: sendRound,
    onSent: (entry, event) => {
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void invalidateStatistics(queryClient);
      for (const listener of listeners) listener(entry, event);
    },
  });

  async function flushNow(): Promise<void> {
    const uid = signedInUid();
    if (uid === null) return;
    await outbox.refresh(uid);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    await outbox.flush(uid);
  }
  const flushQuietly = () => void flushNow().catch((cause: unknown) => console.warn('Sending saved rounds failed', cause));

  if (typeof window !== 'undefined') {
    window.addEventListener('online', flushQuietly);
    window.setInterval(() => {
      if (outbox.state.get().entries.some((entry) => !entry.rejected)) flushQuietly();
    }, RETRY_EVERY_MS);
  }
  let lastUid = signedInUid();
  session.store.subscribe(() => {
    const uid = signedInUid();
    if (uid === lastUid) return;
    lastUid = uid;
    if (uid === null) outbox.state.set({ entries: [], sending: false });
    else flushQuietly();
  });
  flushQuietly();

  return {
    store,
    outbox,
    onSent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flushNow,
  };
}

export function roundService(): RoundService {
  service ??= startRoundService();
  return service;
}

/** Tests only: forget the service, so the next roundService() starts afresh (a new store). */
export function resetRoundService(): void {
  service = null;
}
