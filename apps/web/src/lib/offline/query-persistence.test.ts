import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryQueryStore, createQueryPersistence, PERSISTED_QUERIES_MAX_AGE_MS } from './query-persistence.ts';

afterEach(() => vi.useRealTimers());

function device(build = 'build-1') {
  const store = createMemoryQueryStore();
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const persistence = (forBuild = build) => createQueryPersistence({ store: () => store, build: forBuild, now: () => clock, delayMs: 50 });
  return { store, persistence, advance: (ms: number) => (clock += ms) };
}

/** A page that loaded these answers, kept by `persistence` for user `uid`. */
async function pageLoaded(
  persistence: ReturnType<ReturnType<typeof device>['persistence']>,
  uid: number,
  answers: Record<string, unknown>,
) {
  const client = new QueryClient();
  persistence.start(client, uid);
  for (const [key, value] of Object.entries(answers)) await client.fetchQuery({ queryKey: [key], queryFn: async () => value });
  return client;
}

describe('the pages\u2019 last data, kept on the device', () => {
  it('is written once the cache is still, and read back into a new app for the same user with its load time', async () => {
    const phone = device();
    await pageLoaded(phone.persistence(), 7, { rounds: [{ id: 1 }], stats: { sg: -1.2 } });
    await vi.waitFor(() => expect(phone.store.value).not.toBeNull());
    expect(phone.store.value!.uid).toBe(7);

    const reopened = new QueryClient();
    await phone.persistence().restore(reopened, 7);
    expect(reopened.getQueryData(['rounds'])).toEqual([{ id: 1 }]);
    expect(reopened.getQueryData(['stats'])).toEqual({ sg: -1.2 });
    expect(reopened.getQueryState(['stats'])!.dataUpdatedAt).toBeGreaterThan(0);
  });

  it('writes once for a burst of answers', async () => {
    const phone = device();
    const write = vi.spyOn(phone.store, 'write');
    await pageLoaded(phone.persistence(), 7, { a: 1, b: 2, c: 3, d: 4 });
    await vi.waitFor(() => expect(write).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer whose reload failed as the answer it was', async () => {
    const phone = device();
    const client = await pageLoaded(phone.persistence(), 7, { home: { rounds: 12 } });
    await vi.waitFor(() => expect(phone.store.value).not.toBeNull());
    await client
      .fetchQuery({ queryKey: ['home'], queryFn: async () => Promise.reject(new Error('no answer')), staleTime: 0 })
      .catch(() => undefined);
    expect(client.getQueryState(['home'])!.status).toBe('error');
    await vi.waitFor(() => expect(phone.store.value!.state.queries[0]!.state.status).toBe('success'));
    const reopened = new QueryClient();
    await phone.persistence().restore(reopened, 7);
    expect(reopened.getQueryData(['home'])).toEqual({ rounds: 12 });
    expect(reopened.getQueryState(['home'])!.status).toBe('success');
  });

  it('keeps no failure without an answer, and nothing a query asked not to keep', async () => {
    const phone = device();
    const client = new QueryClient();
    phone.persistence().start(client, 7);
    await client.fetchQuery({ queryKey: ['ok'], queryFn: async () => 'yes' });
    await client.fetchQuery({ queryKey: ['failed'], queryFn: async () => Promise.reject(new Error('no')) }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['secret'], queryFn: async () => 'token', meta: { keep: false } });
    await vi.waitFor(() => expect(phone.store.value).not.toBeNull());
    expect(phone.store.value!.state.queries.map((q) => q.queryKey)).toEqual([['ok']]);
  });

  it.each([
    ['another user', { uid: 8, build: 'build-1', age: 0 }],
    ['another build of the app', { uid: 7, build: 'build-2', age: 0 }],
    ['data older than 7 days', { uid: 7, build: 'build-1', age: PERSISTED_QUERIES_MAX_AGE_MS + 1 }],
  ])('is not read back for %s', async (_case, { uid, build, age }) => {
    const phone = device();
    await pageLoaded(phone.persistence(), 7, { rounds: [1, 2] });
    await vi.waitFor(() => expect(phone.store.value).not.toBeNull());
    phone.advance(age);
    const reopened = new QueryClient();
    await phone.persistence(build).restore(reopened, uid);
    expect(reopened.getQueryData(['rounds'])).toBeUndefined();
  });

  it('never replaces an answer the app already holds that is newer', async () => {
    const phone = device();
    await pageLoaded(phone.persistence(), 7, { rounds: 'kept' });
    await vi.waitFor(() => expect(phone.store.value).not.toBeNull());
    const reopened = new QueryClient();
    phone.advance(1000);
    await reopened.fetchQuery({ queryKey: ['rounds'], queryFn: async () => 'fresh' });
    await phone.persistence().restore(reopened, 7);
    expect(reopened.getQueryData(['rounds'])).toBe('fresh');
  });

  it('logout deletes it and stops keeping: a write pending then never lands', async () => {
    const phone = device();
    const persistence = phone.persistence();
    const client = await pageLoaded(persistence, 7, { rounds: [1] });
    await vi.waitFor(() => expect(phone.store.value).not.toBeNull());
    await client.fetchQuery({ queryKey: ['more'], queryFn: async () => 2 });
    await persistence.clear();
    expect(phone.store.value).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(phone.store.value).toBeNull();
    const reopened = new QueryClient();
    await phone.persistence().restore(reopened, 7);
    expect(reopened.getQueryCache().getAll()).toEqual([]);
  });

  it('a store that fails to read or write is a warning, not a failure of the app', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = {
      read: async () => Promise.reject(new Error('quota')),
      write: async () => Promise.reject(new Error('quota')),
      clear: async () => Promise.reject(new Error('quota')),
    };
    const persistence = createQueryPersistence({ store: () => broken, build: 'b', delayMs: 10 });
    const client = new QueryClient();
    await persistence.restore(client, 7);
    persistence.start(client, 7);
    await client.fetchQuery({ queryKey: ['x'], queryFn: async () => 1 });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    await persistence.clear();
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('an observed query restored from the device shows its data at once, and loads again however fresh it was', async () => {
    const phone = device();
    await pageLoaded(phone.persistence(), 7, { home: { rounds: 12 } });
    await vi.waitFor(() => expect(phone.store.value).not.toBeNull());
    const reopened = new QueryClient();
    await phone.persistence().restore(reopened, 7);
    const load = vi.fn(async () => ({ rounds: 13 }));
    // Kept a moment ago, within any staleTime: still loaded again when a page shows it.
    const observer = new QueryObserver(reopened, { queryKey: ['home'], queryFn: load, staleTime: 30_000 });
    expect(observer.getCurrentResult().data).toEqual({ rounds: 12 });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ rounds: 13 }));
    expect(load).toHaveBeenCalledTimes(1);
    stop();
  });
});
