/**
 * Token buckets per key (a client address): each key may spend `burst` at once, and gets one back every
 * `refillMs`. Keys whose bucket is full again are forgotten, so memory stays bounded by the active ones.
 * The one brake on logins of the box: the admin's password attempts and new guests by consent.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly opts: { burst: number; refillMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one token of `key`; false when none is left. */
  take(key: string): boolean {
    const t = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.opts.burst, at: t };
    const refilled = Math.floor((t - bucket.at) / this.opts.refillMs);
    if (refilled > 0) {
      bucket.tokens = Math.min(this.opts.burst, bucket.tokens + refilled);
      bucket.at += refilled * this.opts.refillMs;
    }
    if (bucket.tokens === 0) {
      this.buckets.set(key, bucket);
      return false;
    }
    bucket.tokens--;
    this.buckets.set(key, bucket);
    this.forgetFull(t);
    return true;
  }

  /** `key`'s bucket is full again (a login that succeeded takes back its attempt and the failures before it). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Every bucket is full again. */
  clear(): void {
    this.buckets.clear();
  }

  private forgetFull(t: number) {
    if (this.buckets.size < 1024) return;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + Math.floor((t - bucket.at) / this.opts.refillMs) >= this.opts.burst) this.buckets.delete(key);
    }
  }
}
