/**
 * A versioned localStorage cache (version 2; entries expire after 1 day unless told otherwise).
 * Entries written by another cache version are treated as missing, so a release that changes a
 * cached shape never reads the old one.
 */
export const CACHE_VERSION = 2;
export const DEFAULT_CACHE_TTL_MS = 86_400_000;
const PREFIX = 'holeout-cache:';

interface CacheEntry<T> {
  v: number;
  /** Epoch milliseconds after which the entry is stale. */
  exp: number;
  data: T;
}

export interface LocalCache {
  get<T>(key: string): T | null;
  set<T>(key: string, data: T, ttlMs?: number): void;
  remove(key: string): void;
  /** Drops every cache entry, leaving the stored keys (token, tracking, report keys) alone. */
  clear(): void;
}

function isEntry(value: unknown): value is CacheEntry<unknown> {
  return typeof value === 'object' && value !== null && 'v' in value && 'exp' in value && 'data' in value;
}

export function createLocalCache(storageOf: () => Storage, now: () => number = Date.now): LocalCache {
  return {
    get<T>(key: string): T | null {
      const raw = storageOf().getItem(PREFIX + key);
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        storageOf().removeItem(PREFIX + key);
        return null;
      }
      if (!isEntry(parsed) || parsed.v !== CACHE_VERSION || parsed.exp <= now()) {
        storageOf().removeItem(PREFIX + key);
        return null;
      }
      return parsed.data as T;
    },
    set<T>(key: string, data: T, ttlMs = DEFAULT_CACHE_TTL_MS): void {
      const entry: CacheEntry<T> = { v: CACHE_VERSION, exp: now() + ttlMs, data };
      storageOf().setItem(PREFIX + key, JSON.stringify(entry));
    },
    remove(key: string): void {
      storageOf().removeItem(PREFIX + key);
    },
    clear(): void {
      const keys: string[] = [];
      const storage = storageOf();
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key?.startsWith(PREFIX)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
    },
  };
}

/** The app's cache on window.localStorage. */
export const localCache: LocalCache = createLocalCache(() => localStorage);
