import type { UploadDto } from '../../../../src/http/api-types';
import { renamed, type LiveChange } from '../../api/live';

// What the wall shows next. New uploads go first, taking turns by guest (one guest's burst of twenty does
// not hold back the next guest's one photo), but while new ones are waiting every third slide is an older
// one, so the wall keeps moving through the whole event. Older ones are chosen among those shown longest
// ago, at random, so a long night does not repeat a fixed order. Everything held is bounded by the number
// of uploads and guests (no per-slide growth). With 'Fotos mit Herzen öfter zeigen' (issue 28) an upload's wait
// since its last showing counts as many times as its weight (1 + its hearts, capped), so a loved photo comes
// round about that many times as often.

/** Slides of the new-upload queue between two older ones, while new ones wait. */
const FRESH_RUN = 2;
/** How many slides back the arrow keys can go. */
const HISTORY = 50;
/** The most an upload's hearts multiply how often it comes round: one much-loved photo must not take over the night. */
export const LOVED_WEIGHT_MAX = 4;

/** How much an upload's wait counts when loved photos are favoured: 1 + its hearts, at most LOVED_WEIGHT_MAX. */
export const lovedWeight = (u: UploadDto) => Math.min(1 + u.heart_count, LOVED_WEIGHT_MAX);

/** A slide to show; `fresh`: a new upload's first showing (the wall marks it 'Neu'). */
export interface Pick {
  upload: UploadDto;
  fresh: boolean;
}

/** Who took a photo, for taking turns: the guest's session, else the name given (a booth, an import). */
const guestOf = (u: UploadDto) => (u.user_id !== null ? `u:${u.user_id}` : `n:${u.uploader_nickname ?? ''}`);

export class Playlist {
  private readonly items = new Map<number, UploadDto>();
  /** ids of new uploads not shown yet, oldest first */
  private fresh: number[] = [];
  /** slide number at which each upload was last shown (0 = never) */
  private readonly lastShown = new Map<number, number>();
  /** slide number at which each guest's last new upload was shown */
  private readonly guestTurn = new Map<string, number>();
  private history: number[] = [];
  /** position in `history` while stepping back; history.length - 1 when at the newest */
  private cursor = -1;
  private slide = 0;
  private freshRun = 0;
  private loaded = false;
  private favorLoved = false;

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

  /** A guest's new nickname, on the uploads of theirs the wall holds (nothing moves in the rotation). */
  rename(change: Extract<LiveChange, { kind: 'nickname' }>) {
    for (const id of change.uploadIds) {
      const u = this.items.get(id);
      if (u) this.items.set(id, renamed(u, change));
    }
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

  /** The host's 'Fotos mit Herzen öfter zeigen'. */
  setFavorLoved(on: boolean) {
    this.favorLoved = on;
  }

  has(id: number): boolean {
    return this.items.has(id);
  }

  get waitingFresh(): number {
    return this.fresh.length;
  }

  /** The next slide, or null when there is nothing to show. */
  next(): Pick | null {
    // After stepping back, forward walks the history again first.
    if (this.cursor < this.history.length - 1) {
      this.cursor++;
      const again = this.items.get(this.history[this.cursor]!);
      return again ? { upload: again, fresh: false } : this.next();
    }
    const picked = this.pick();
    if (picked === null) return null;
    this.take(picked.id);
    return { upload: this.items.get(picked.id)!, fresh: picked.fresh };
  }

  /**
   * The next picture that `fits` (a second portrait for Hochformat-Paare, one not on screen yet for a
   * collage tile): the next new upload that fits, else the older one that fits shown longest ago; never the
   * one picked last; null when there is none.
   */
  pickWhere(fits: (u: UploadDto) => boolean): Pick | null {
    const current = this.history[this.history.length - 1];
    const fresh = this.freshPick((id) => id !== current && fits(this.items.get(id)!));
    if (fresh !== null) {
      this.take(fresh);
      return { upload: this.items.get(fresh)!, fresh: true };
    }
    const older = [...this.items.values()].filter((u) => u.id !== current && !this.fresh.includes(u.id) && fits(u));
    if (older.length === 0) return null;
    older.sort((a, b) => this.waited(b.id) - this.waited(a.id));
    const chosen = older[0]!;
    this.take(chosen.id);
    return { upload: chosen, fresh: false };
  }

  /** How long `id` has waited since it was last shown, in slides, times its weight when loved photos are favoured. */
  private waited(id: number): number {
    const slides = this.slide + 1 - (this.lastShown.get(id) ?? 0);
    return this.favorLoved ? slides * lovedWeight(this.items.get(id)!) : slides;
  }

  /** Records `id` as shown now. */
  private take(id: number) {
    this.slide++;
    this.lastShown.set(id, this.slide);
    this.history.push(id);
    if (this.history.length > HISTORY) this.history.shift();
    this.cursor = this.history.length - 1;
  }

  /** The slide before the current one, or null at the start of the history. */
  previous(): Pick | null {
    if (this.cursor <= 0) return null;
    this.cursor--;
    const u = this.items.get(this.history[this.cursor]!);
    return u ? { upload: u, fresh: false } : null;
  }

  /**
   * Takes the new upload whose guest's turn it is (the guest whose last new upload was shown longest ago;
   * among equals the one waiting longest) out of the queue; null when none `fits`.
   */
  private freshPick(fits: (id: number) => boolean = () => true): number | null {
    let best: number | null = null;
    let bestTurn = Infinity;
    for (const id of this.fresh) {
      if (!fits(id)) continue;
      const turn = this.guestTurn.get(guestOf(this.items.get(id)!)) ?? 0;
      if (turn < bestTurn) {
        best = id;
        bestTurn = turn;
      }
    }
    if (best === null) return null;
    this.fresh = this.fresh.filter((f) => f !== best);
    this.guestTurn.set(guestOf(this.items.get(best)!), this.slide + 1);
    return best;
  }

  private pick(): { id: number; fresh: boolean } | null {
    const olderWaiting = this.items.size > this.fresh.length;
    if (this.fresh.length > 0 && (this.freshRun < FRESH_RUN || !olderWaiting)) {
      this.freshRun++;
      return { id: this.freshPick()!, fresh: true };
    }
    this.freshRun = 0;
    if (this.items.size === 0) return null;
    // One at random among those never shown, else among the third that waited longest (weighted); never the
    // one on screen if there is any other.
    const current = this.history[this.history.length - 1];
    const candidates = [...this.items.keys()].filter((id) => id !== current || this.items.size === 1);
    candidates.sort((a, b) => this.waited(b) - this.waited(a));
    const neverShown = candidates.filter((id) => !this.lastShown.get(id));
    const pool = neverShown.length > 0 ? neverShown : candidates.slice(0, Math.max(1, Math.ceil(candidates.length / 3)));
    const chosen = pool[Math.floor(this.random() * pool.length)]!;
    const wasFresh = this.fresh.includes(chosen);
    this.fresh = this.fresh.filter((f) => f !== chosen);
    return { id: chosen, fresh: wasFresh };
  }
}
