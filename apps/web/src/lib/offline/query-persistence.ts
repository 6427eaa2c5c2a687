/**
 * The pages' last data, kept on the device: the query cache (TanStack Query) is written to
 * IndexedDB a moment after it changes and read back when the app opens, so a page opened with no
 * network shows what it showed last (with the time it was loaded), and a repeat visit draws at
 * once while the fresh answer loads. Only answers (never a failure in their place) are kept, for one
 * user and one build of the app (a new build may read a different shape), for at most 7 days; logout
 * drops them with the other caches.
 */
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { currentBuild } from './app-build.ts';
import { requestResult, transactionDone } from './round-store.ts';

export const PERSISTED_QUERIES_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** How long the cache must stay still before it is written: a page loading ten queries writes once. */
export const PERSIST_DELAY_MS = 1000;

export interface PersistedQueries {
  uid: number;
  build: string;
  savedAt: number;
  state: DehydratedState;
}

export interface PersistedQueryStore {
  read(): Promise<PersistedQueries | null>;
  write(value: PersistedQueries): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'holeout-queries';
const STORE = 'cache';
const KEY = 'last';

export function createIndexedDbQueryStore(factory: IDBFactory): PersistedQueryStore {
  let opening: Promise<IDBDatabase> | null = null;
  const db = () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'));
    }));
  // One connection: IndexedDB runs its read-write transactions in the order they were made, so a
  // clear made after a write always lands after it.
  async function change(work: (store: IDBObjectStore) => void): Promise<void> {
    const tx = (await db()).transaction(STORE, 'readwrite');
    const done = transactionDone(tx);
    work(tx.objectStore(STORE));
    await done;
  }
  return {
    async read() {
      const tx = (await db()).transaction(STORE, 'readonly');
      return ((await requestResult(tx.objectStore(STORE).get(KEY))) as PersistedQueries | undefined) ?? null;
    },
    write: (value) => change((store) => store.put(value, KEY)),
    clear: () => change((store) => store.delete(KEY)),
  };
}

export function createMemoryQueryStore(): PersistedQueryStore & { value: PersistedQueries | null } {
  const memory = {
    value: null as PersistedQueries | null,
    read: async () => (memory.value ? structuredClone(memory.value) : null),
    write: async (value: PersistedQueries) => {
      memory.value = structuredClone(value);
    },
    clear: async () => {
      memory.value = null;
    },
  };
  return memory;
}

export interface QueryPersistence {
  /** Starts reading what was kept; cheap to call early, the read is shared. */
  prefetch(): void;
  /** Puts what was kept for this user and build into the query client; the data keeps its own load times. */
  restore(queryClient: QueryClient, uid: number): Promise<void>;
  /** Keeps the query client's answers for this user from now on; returns a stop. */
  start(queryClient: QueryClient, uid: number): () => void;
  /** Stops keeping and deletes what was kept (logout). */
  clear(): Promise<void>;
}

export interface QueryPersistenceDeps {
  store: () => PersistedQueryStore | null;
  build: string;
  now?: () => number;
  delayMs?: number;
}

export function createQueryPersistence(deps: QueryPersistenceDeps): QueryPersistence {
  const now = deps.now ?? Date.now;
  const delayMs = deps.delayMs ?? PERSIST_DELAY_MS;
  let reading: Promise<PersistedQueries | null> | null = null;
  let stop: (() => void) | null = null;
  /** Bumped by clear(): a read or a write begun before it never lands after it. */
  let generation = 0;

  const warn = (what: string) => (cause: unknown) => console.warn(`Kept page data could not be ${what}`, cause);
  const read = () => (reading ??= (deps.store()?.read() ?? Promise.resolve(null)).catch((cause: unknown) => (warn('read')(cause), null)));

  return {
    prefetch() {
      void read();
    },
    async restore(queryClient, uid) {
      const started = generation;
      const kept = await read();
      reading = null;
      if (started !== generation || !kept) return;
      if (kept.uid !== uid || kept.build !== deps.build || now() - kept.savedAt > PERSISTED_QUERIES_MAX_AGE_MS) return;
      // hydrate keeps whatever the client already holds that is newer than the kept copy.
      hydrate(queryClient, kept.state);
      // Shown at once, but never taken as fresh: each is loaded again as soon as a page shows it
      // (rounds saved elsewhere since, on another device or by a coach, must not wait out a staleTime).
      for (const { queryHash } of kept.state.queries) queryClient.getQueryCache().get(queryHash)?.invalidate();
    },
    start(queryClient, uid) {
      stop?.();
      const started = generation;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const save = () => {
        timer = null;
        const store = deps.store();
        if (!store || started !== generation) return;
        const dehydrated = dehydrate(queryClient, {
          shouldDehydrateQuery: (query) => query.state.data !== undefined && query.meta?.keep !== false,
        });
        // An answer whose reload failed (one bar of signal) is still the last data the page loaded:
        // kept as the answer it was, not as the failure.
        const queries = dehydrated.queries.map((query) =>
          query.state.status === 'success'
            ? query
            : { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureReason: null } },
        );
        store.write({ uid, build: deps.build, savedAt: now(), state: { ...dehydrated, queries } }).catch(warn('saved'));
      };
      const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' && event.type !== 'removed') return;
        if (timer === null) timer = setTimeout(save, delayMs);
      });
      stop = () => {
        unsubscribe();
        if (timer !== null) clearTimeout(timer);
        stop = null;
      };
      return stop;
    },
    async clear() {
      generation += 1;
      stop?.();
      reading = null;
      await deps.store()?.clear().catch(warn('deleted'));
    },
  };
}

let deviceStore: PersistedQueryStore | null | undefined;

export const queryPersistence: QueryPersistence = createQueryPersistence({
  store: () => (deviceStore ??= typeof indexedDB === 'undefined' ? null : createIndexedDbQueryStore(indexedDB)),
  build: currentBuild(),
});
