import type { GuestbookEntryDto } from '../../../../src/http/api-types';
import type { GuestbookChange } from '../../api/live';

// Which guestbook entry the wall shows next, between the photos (issue 27 item 4): a new entry first (the
// newest waiting), else the one shown longest ago. Holds the entries a visitor sees (shared ones), no more.

export class GuestbookRotation {
  private readonly entries = new Map<number, GuestbookEntryDto>();
  /** ids of entries that arrived live and were not shown yet, newest last */
  private fresh: number[] = [];
  /** card number at which each entry was last shown (0 = never) */
  private readonly lastShown = new Map<number, number>();
  private shown = 0;

  get size(): number {
    return this.entries.size;
  }

  get waitingFresh(): number {
    return this.fresh.length;
  }

  /** Replaces everything (first load, resync); what was shown keeps its place. */
  setAll(list: GuestbookEntryDto[]) {
    const keep = new Set(list.filter((e) => e.approved).map((e) => e.id));
    for (const id of [...this.entries.keys()]) if (!keep.has(id)) this.remove(id);
    for (const e of list) if (keep.has(e.id)) this.entries.set(e.id, e);
  }

  /** A live change: a new shared entry waits at the front; a withdrawn or deleted one goes. */
  apply(change: GuestbookChange) {
    if (change.kind === 'gone' || !change.entry.approved) return this.remove(change.kind === 'gone' ? change.id : change.entry.id);
    const known = this.entries.has(change.entry.id);
    this.entries.set(change.entry.id, change.entry);
    if (!known && !this.lastShown.get(change.entry.id)) this.fresh.push(change.entry.id);
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  remove(id: number) {
    this.entries.delete(id);
    this.lastShown.delete(id);
    this.fresh = this.fresh.filter((f) => f !== id);
  }

  /** The entry for the next card, or null when there is none. */
  next(): GuestbookEntryDto | null {
    let id = this.fresh.pop();
    if (id === undefined) {
      // never shown first (newest first, as the guestbook lists them), then the one shown longest ago
      const all = [...this.entries.values()].sort((a, b) =>
        a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id,
      );
      all.sort((a, b) => (this.lastShown.get(a.id) ?? 0) - (this.lastShown.get(b.id) ?? 0));
      id = all[0]?.id;
    }
    if (id === undefined) return null;
    this.lastShown.set(id, ++this.shown);
    return this.entries.get(id)!;
  }
}
