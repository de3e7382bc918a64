/**
 * How many of something may be open at once per key (a client address, a guest): `acquire` takes a place
 * under each of its keys, or under none when one of them is at its limit. Keys without a place held are
 * forgotten, so memory stays bounded by what is open.
 */
export class ConcurrencyCaps {
  private readonly held = new Map<string, number>();

  /** A place under every key (each with its own limit): its release (safe to call twice), or null when a key is full. */
  acquire(keys: readonly (readonly [key: string, limit: number])[]): (() => void) | null {
    if (keys.some(([key, limit]) => this.count(key) >= limit)) return null;
    for (const [key] of keys) this.held.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const left = this.count(key) - 1;
        if (left > 0) this.held.set(key, left);
        else this.held.delete(key);
      }
    };
  }

  /** Places held under `key`. */
  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}
