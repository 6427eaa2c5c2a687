import { describe, expect, it } from 'vitest';
import { BackgroundWork } from '../../lib/background-work.ts';
import { StatsCache } from './stats-cache.ts';
import type { StatsRepository } from './stats.repository.ts';

/** The stats_cache table in memory, counting the round trips the cache makes. */
function fakeTable(stored: Record<string, string> = {}) {
  const rows = new Map(Object.entries(stored));
  const trips = { reads: 0, writes: 0, prunes: 0 };
  const repository = {
    async cachedBodies(keys: readonly string[]) {
      trips.reads += 1;
      return new Map(keys.filter((key) => rows.has(key)).map((key) => [key, rows.get(key)!]));
    },
    async storeBodies(write: ReadonlyArray<{ key: string; body: string }>) {
      trips.writes += 1;
      for (const { key, body } of write) if (!rows.has(key)) rows.set(key, body);
    },
    async pruneBodiesBefore() {
      trips.prunes += 1;
    },
  };
  return { rows, trips, repository: repository as unknown as StatsRepository };
}

describe('StatsCache.getMany', () => {
  it('answers in the order asked: stored bodies read in one query, the rest computed in one call and stored in one insert', async () => {
    const table = fakeTable({ 'sg:k': '{"sg":1}' });
    const cache = new StatsCache(table.repository);
    const computed: string[][] = [];
    const bodies = await cache.getMany(['summary:k', 'sg:k', 'round_sg:k'], async (missing) => {
      computed.push(missing);
      return new Map(missing.map((key) => [key, `{"${key}":2}`]));
    });
    expect(bodies).toEqual(['{"summary:k":2}', '{"sg":1}', '{"round_sg:k":2}']);
    expect(computed).toEqual([['summary:k', 'round_sg:k']]);
    expect(table.trips.reads).toBe(1);
    expect(table.trips.writes).toBe(1);
    expect([...table.rows.keys()].sort()).toEqual(['round_sg:k', 'sg:k', 'summary:k']);

    // All in memory now: no round trip, nothing computed.
    const again = await cache.getMany(['round_sg:k', 'sg:k'], async () => {
      throw new Error('computed again');
    });
    expect(again).toEqual(['{"round_sg:k":2}', '{"sg":1}']);
    expect(table.trips.reads).toBe(1);
  });

  it('computes a key once while another request computes it, and fails when a computation leaves a key out', async () => {
    const table = fakeTable();
    const cache = new StatsCache(table.repository);
    let calls = 0;
    const slow = async (missing: string[]) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 10));
      return new Map(missing.map((key) => [key, `"${key}"`]));
    };
    const [a, b, one] = await Promise.all([
      cache.getMany(['x', 'y'], slow),
      cache.getMany(['y', 'x'], slow),
      cache.get('x', async () => '"other"'),
    ]);
    expect(a).toEqual(['"x"', '"y"']);
    expect(b).toEqual(['"y"', '"x"']);
    expect(one).toBe('"x"');
    expect(calls).toBe(1);

    await expect(cache.getMany(['p', 'q'], async () => new Map([['p', '1']]))).rejects.toThrow('nothing computed for q');
    // Nothing half-stored: the next ask computes both.
    expect(await cache.getMany(['p', 'q'], async (missing) => new Map(missing.map((key) => [key, '2'])))).toEqual(['2', '2']);
  });

  it('with background work: answers before the body is stored, from memory meanwhile, and a failed store only logs', async () => {
    const table = fakeTable();
    let openStore!: () => void;
    const gate = new Promise<void>((resolve) => (openStore = resolve));
    const storeBodies = table.repository.storeBodies.bind(table.repository);
    let failNext = false;
    table.repository.storeBodies = async (write, now) => {
      await gate;
      if (failNext) throw new Error('disk full');
      return storeBodies(write, now);
    };
    const background = new BackgroundWork();
    const errors: unknown[] = [];
    const cache = new StatsCache(table.repository, () => new Date(), { background, onError: (err) => errors.push(err) });

    expect(await cache.getMany(['sg:k'], async (missing) => new Map(missing.map((key) => [key, '"a"'])))).toEqual(['"a"']);
    expect(table.rows.size).toBe(0);
    expect(await cache.get('sg:k', async () => '"computed again"')).toBe('"a"');
    openStore();
    await background.settled();
    expect([...table.rows]).toEqual([['sg:k', '"a"']]);

    failNext = true;
    expect(await cache.get('summary:k', async () => '"b"')).toBe('"b"');
    await background.settled();
    expect(errors).toEqual([new Error('disk full')]);
    expect(table.rows.has('summary:k')).toBe(false);
  });
});
