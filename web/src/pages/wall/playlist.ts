import type { UploadDto } from '../../../../src/http/api-types';

// What the wall shows next. New uploads go first (in the order they came), but while a burst of them is
// waiting every third slide is an older one, so the wall keeps moving through the whole event. Older ones
// are chosen among those shown longest ago, at random, so a long night does not repeat a fixed order.
// Everything held is bounded by the number of uploads (no per-slide growth).

/** Slides of the new-upload queue between two older ones, while new ones wait. */
const FRESH_RUN = 2;
/** How many slides back the arrow keys can go. */
const HISTORY = 50;

export class Playlist {
  private readonly items = new Map<number, UploadDto>();
  /** ids of new uploads not shown yet, oldest first */
  private fresh: number[] = [];
  /** slide number at which each upload was last shown (0 = never) */
  private readonly lastShown = new Map<number, number>();
  private history: number[] = [];
  /** position in `history` while stepping back; history.length - 1 when at the newest */
  private cursor = -1;
  private slide = 0;
  private freshRun = 0;
  private loaded = false;

  constructor(
    private eligible: (u: UploadDto) => boolean,
    private readonly random: () => number = Math.random,
  ) {}

  get size(): number {
    return this.items.size;
  }

  /**
   * Replaces everything (first load, resync); what was on screen keeps its place in the rotation. After the
   * first load, uploads not known yet (arrived while the wall was offline) count as new.
   */
  setAll(list: UploadDto[]) {
    const keep = new Set<number>();
    for (const u of list) if (this.eligible(u)) keep.add(u.id);
    for (const id of [...this.items.keys()]) if (!keep.has(id)) this.remove(id);
    for (const u of list) {
      if (!keep.has(u.id)) continue;
      if (this.loaded && !this.items.has(u.id) && !this.fresh.includes(u.id)) this.fresh.push(u.id);
      this.items.set(u.id, u);
    }
    this.loaded = true;
  }

  /** A new or changed upload; `isNew` puts it at the front (a live 'upload' message). */
  upsert(u: UploadDto, isNew: boolean) {
    if (!this.eligible(u)) {
      this.remove(u.id);
      return;
    }
    const known = this.items.has(u.id);
    this.items.set(u.id, u);
    if ((isNew || !known) && !this.fresh.includes(u.id) && !this.lastShown.get(u.id)) this.fresh.push(u.id);
  }

  remove(id: number) {
    this.items.delete(id);
    this.lastShown.delete(id);
    this.fresh = this.fresh.filter((f) => f !== id);
    const at = this.history.indexOf(id);
    if (at >= 0) {
      this.history = this.history.filter((h) => h !== id);
      this.cursor = Math.min(this.cursor, this.history.length - 1);
    }
  }

  /** The settings changed (videos on or off): drop what no longer belongs. */
  setEligible(eligible: (u: UploadDto) => boolean) {
    this.eligible = eligible;
    for (const u of [...this.items.values()]) if (!eligible(u)) this.remove(u.id);
  }

  has(id: number): boolean {
    return this.items.has(id);
  }

  get waitingFresh(): number {
    return this.fresh.length;
  }

  /** The next slide, or null when there is nothing to show. */
  next(): UploadDto | null {
    // After stepping back, forward walks the history again first.
    if (this.cursor < this.history.length - 1) {
      this.cursor++;
      return this.items.get(this.history[this.cursor]!) ?? this.next();
    }
    const id = this.pick();
    if (id === null) return null;
    this.slide++;
    this.lastShown.set(id, this.slide);
    this.history.push(id);
    if (this.history.length > HISTORY) this.history.shift();
    this.cursor = this.history.length - 1;
    return this.items.get(id)!;
  }

  /** The slide before the current one, or null at the start of the history. */
  previous(): UploadDto | null {
    if (this.cursor <= 0) return null;
    this.cursor--;
    return this.items.get(this.history[this.cursor]!) ?? null;
  }

  private pick(): number | null {
    const olderWaiting = this.items.size > this.fresh.length;
    if (this.fresh.length > 0 && (this.freshRun < FRESH_RUN || !olderWaiting)) {
      this.freshRun++;
      return this.fresh.shift()!;
    }
    this.freshRun = 0;
    if (this.items.size === 0) return null;
    // One at random among those never shown, else among the third shown longest ago; never the one on
    // screen if there is any other.
    const current = this.history[this.history.length - 1];
    const candidates = [...this.items.keys()].filter((id) => id !== current || this.items.size === 1);
    candidates.sort((a, b) => (this.lastShown.get(a) ?? 0) - (this.lastShown.get(b) ?? 0));
    const neverShown = candidates.filter((id) => !this.lastShown.get(id));
    const pool = neverShown.length > 0 ? neverShown : candidates.slice(0, Math.max(1, Math.ceil(candidates.length / 3)));
    const chosen = pool[Math.floor(this.random() * pool.length)]!;
    this.fresh = this.fresh.filter((f) => f !== chosen);
    return chosen;
  }
}
