/**
 * Answers that may be a moment old: each value is kept for `ttlMs` after it was loaded, at most
 * `maxEntries` of them (the oldest dropped first). For look-ups that many requests repeat within a second
 * and whose answer rarely changes. A load that throws is not kept.
 */
export class MomentCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly opts: { ttlMs: number; maxEntries: number },
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: K, load: () => V): V {
    const t = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > t) return kept.value;
    const value = load();
    this.entries.delete(key); // re-inserted last: the Map's order is the order of loading
    if (this.entries.size >= this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: t + this.opts.ttlMs });
    return value;
  }
}
