/**
 * Where rounds in progress and rounds waiting to be sent live on the device: IndexedDB, so a reload,
 * a killed app or a dead signal loses nothing. Raw IndexedDB (no wrapper package); an in-memory
 * store with the same interface stands in where IndexedDB is missing (and in unit tests). A draft
 * is kept as the page that edits it writes it; the store only reads whose it is, which saved round
 * it edits and when it last changed.
 */
import type { EventBody } from '@holeout/contracts';

/** What the store reads of a draft of a round. */
export interface StoredDraft {
  /** Also the Idempotency-Key of the save. */
  id: string;
  uid: number;
  /** Set when the draft edits a saved round. */
  eventId: number | null;
  updatedAt: string;
}

/** A round saved while it could not be sent: sent later with the same Idempotency-Key (its id). */
export interface OutboxEntry {
  /** The Idempotency-Key: the draft's id. */
  id: string;
  uid: number;
  /** Set when the round edits a saved one (POST /events?event_id=). */
  eventId: number | null;
  /** Exactly the body sent: a retry must repeat it byte for byte for the key to match. */
  body: EventBody;
  course: string;
  savedAt: string;
  attempts: number;
  /** Why the last try failed; `rejected` when the API refused it (it will not be retried). */
  lastError: string | null;
  rejected: boolean;
}

/** The outbox's part of the store: the rounds saved and not yet accepted by the API. */
export interface OutboxStore {
  /** Puts the round in the outbox and drops its draft, in one transaction. */
  moveToOutbox(entry: OutboxEntry): Promise<void>;
  listOutbox(uid: number): Promise<OutboxEntry[]>;
  putOutbox(entry: OutboxEntry): Promise<void>;
  deleteOutbox(id: string): Promise<void>;
}

export interface RoundStore<Draft extends StoredDraft> extends OutboxStore {
  /** The newest draft of this user for a new round (eventId null) or for editing that saved round. */
  loadDraft(uid: number, eventId: number | null): Promise<Draft | null>;
  saveDraft(draft: Draft): Promise<void>;
  deleteDraft(id: string): Promise<void>;
}

const DB_NAME = 'holeout-rounds';
const DB_VERSION = 1;
const DRAFTS = 'drafts';
const OUTBOX = 'outbox';

const newest = <T extends { updatedAt?: string; savedAt?: string }>(a: T, b: T) =>
  (b.updatedAt ?? b.savedAt ?? '') > (a.updatedAt ?? a.savedAt ?? '') ? 1 : -1;

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(DRAFTS)) db.createObjectStore(DRAFTS, { keyPath: 'id' }).createIndex('uid', 'uid');
      if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: 'id' }).createIndex('uid', 'uid');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'));
  });
}

export function createIndexedDbRoundStore<Draft extends StoredDraft>(factory: IDBFactory): RoundStore<Draft> {
  let opening: Promise<IDBDatabase> | null = null;
  const db = () => (opening ??= openDatabase(factory));

  async function write(stores: string[], work: (tx: IDBTransaction) => void): Promise<void> {
    const tx = (await db()).transaction(stores, 'readwrite');
    const done = transactionDone(tx);
    work(tx);
    await done;
  }

  async function byUid<T>(store: string, uid: number): Promise<T[]> {
    const tx = (await db()).transaction(store, 'readonly');
    return requestResult(tx.objectStore(store).index('uid').getAll(uid) as IDBRequest<T[]>);
  }

  return {
    async loadDraft(uid, eventId) {
      const drafts = await byUid<Draft>(DRAFTS, uid);
      return drafts.filter((d) => d.eventId === eventId).sort(newest)[0] ?? null;
    },
    saveDraft: (draft) => write([DRAFTS], (tx) => tx.objectStore(DRAFTS).put(draft)),
    deleteDraft: (id) => write([DRAFTS], (tx) => tx.objectStore(DRAFTS).delete(id)),
    moveToOutbox: (entry) =>
      write([DRAFTS, OUTBOX], (tx) => {
        tx.objectStore(OUTBOX).put(entry);
        tx.objectStore(DRAFTS).delete(entry.id);
      }),
    async listOutbox(uid) {
      const entries = await byUid<OutboxEntry>(OUTBOX, uid);
      return entries.sort((a, b) => (a.savedAt < b.savedAt ? -1 : 1));
    },
    putOutbox: (entry) => write([OUTBOX], (tx) => tx.objectStore(OUTBOX).put(entry)),
    deleteOutbox: (id) => write([OUTBOX], (tx) => tx.objectStore(OUTBOX).delete(id)),
  };
}

/** The same store in memory: for unit tests, and where IndexedDB is missing. */
export function createMemoryRoundStore<Draft extends StoredDraft>(): RoundStore<Draft> & {
  drafts: Map<string, Draft>;
  outbox: Map<string, OutboxEntry>;
} {
  const drafts = new Map<string, Draft>();
  const outbox = new Map<string, OutboxEntry>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    drafts,
    outbox,
    loadDraft: async (uid, eventId) =>
      copy([...drafts.values()].filter((d) => d.uid === uid && d.eventId === eventId).sort(newest)[0] ?? null),
    saveDraft: async (draft) => void drafts.set(draft.id, copy(draft)),
    deleteDraft: async (id) => void drafts.delete(id),
    moveToOutbox: async (entry) => {
      outbox.set(entry.id, copy(entry));
      drafts.delete(entry.id);
    },
    listOutbox: async (uid) => copy([...outbox.values()].filter((e) => e.uid === uid).sort((a, b) => (a.savedAt < b.savedAt ? -1 : 1))),
    putOutbox: async (entry) => void outbox.set(entry.id, copy(entry)),
    deleteOutbox: async (id) => void outbox.delete(id),
  };
}

/** IndexedDB when the browser has it, else memory (a warning: nothing survives a reload then). */
export function createDeviceRoundStore<Draft extends StoredDraft>(): RoundStore<Draft> {
  if (typeof indexedDB !== 'undefined') return createIndexedDbRoundStore<Draft>(indexedDB);
  console.warn('IndexedDB is not available: rounds in progress are kept in memory only');
  return createMemoryRoundStore<Draft>();
}
