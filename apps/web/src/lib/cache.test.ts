import { describe, expect, it } from 'vitest';
import { CACHE_VERSION, createLocalCache, DEFAULT_CACHE_TTL_MS } from './cache.ts';

describe('local cache', () => {
  it('is version 2 with a one-day default expiry', () => {
    expect(CACHE_VERSION).toBe(2);
    expect(DEFAULT_CACHE_TTL_MS).toBe(86_400_000);
  });

  it('returns an entry until it expires after the default day', () => {
    let now = 1_000;
    const cache = createLocalCache(
      () => localStorage,
      () => now,
    );
    cache.set('settings', { theme: 3 });
    now += DEFAULT_CACHE_TTL_MS - 1;
    expect(cache.get('settings')).toEqual({ theme: 3 });
    now += 1;
    expect(cache.get('settings')).toBeNull();
  });

  it('honours a custom expiry', () => {
    let now = 0;
    const cache = createLocalCache(
      () => localStorage,
      () => now,
    );
    cache.set('orgs', [1, 2], 500);
    now = 499;
    expect(cache.get('orgs')).toEqual([1, 2]);
    now = 500;
    expect(cache.get('orgs')).toBeNull();
  });

  it('ignores entries written by another cache version', () => {
    localStorage.setItem('holeout-cache:settings', JSON.stringify({ v: 1, exp: Date.now() + 60_000, data: { theme: 4 } }));
    const cache = createLocalCache(() => localStorage);
    expect(cache.get('settings')).toBeNull();
    expect(localStorage.getItem('holeout-cache:settings')).toBeNull();
  });

  it('treats a corrupt entry as missing', () => {
    localStorage.setItem('holeout-cache:x', '{not json');
    expect(createLocalCache(() => localStorage).get('x')).toBeNull();
  });

  it('clear drops cache entries but keeps the stored keys', () => {
    const cache = createLocalCache(() => localStorage);
    cache.set('a', 1);
    cache.set('b', 2);
    localStorage.setItem('token', 'tok');
    localStorage.setItem('tracking', '1');
    cache.clear();
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeNull();
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('tracking')).toBe('1');
  });
});
