/**
 * A map that keeps the most recently used entries within a capacity: each entry has a size (1 by
 * default, or its bytes or characters), and when the total passes the capacity the least recently
 * used entries go first. Reading an entry with `get` makes it the most recently used. An entry larger
 * than the whole capacity is not kept at all.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (size > this.capacity) return;
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldKey, old] of this.entries) {
      if (this.total <= this.capacity) break;
      this.entries.delete(oldKey);
      this.total -= old.size;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  /** How many entries are kept, and their total size. */
  get usage(): { entries: number; size: number } {
    return { entries: this.entries.size, size: this.total };
  }
}
