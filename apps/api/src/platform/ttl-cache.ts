interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * A small time-bounded cache with a size cap (least recently used goes first) that also joins
 * concurrent misses for one key: while the first caller computes, the others wait for its answer.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<T | undefined>>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /**
   * The cached value, or `compute()`'s (stored when it answers something): one computation per
   * key at a time. `undefined` from compute means "not cacheable" and is not stored.
   */
  async getOrCompute(key: string, compute: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const work = compute()
      .then((value) => {
        if (value !== undefined) this.set(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
