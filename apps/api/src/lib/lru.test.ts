import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('Lru', () => {
  it('drops the least recently used entries once the count passes the capacity; get makes an entry recent', () => {
    const lru = new Lru<string, number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(1);
    lru.set('d', 4);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([1, 3, 4]);
    expect(lru.usage).toEqual({ entries: 3, size: 3 });
  });

  it('counts sizes: a new entry pushes out as many old ones as it needs, one larger than the capacity is not kept', () => {
    const lru = new Lru<string, string>(10, (text) => text.length);
    lru.set('a', 'xxxx');
    lru.set('b', 'yyyy');
    lru.set('c', 'zzzzzz');
    expect(lru.get('a')).toBeUndefined();
    expect(lru.usage).toEqual({ entries: 2, size: 10 });
    lru.set('big', 'w'.repeat(11));
    expect(lru.get('big')).toBeUndefined();
    expect(lru.usage).toEqual({ entries: 2, size: 10 });
    // Replacing an entry counts its new size only.
    lru.set('b', 'y');
    expect(lru.usage).toEqual({ entries: 2, size: 7 });
    lru.delete('c');
    expect(lru.usage).toEqual({ entries: 1, size: 1 });
  });
});
