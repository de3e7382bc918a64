import { FADE_MS } from './stage';
import { Frame, type SlideItem } from './frame';

// The Collage layout: a grid of 4, 6 or 9 tiles, each a picture shown whole over its blurred copy (or a
// guestbook card). It
// changes one tile at a time (the one that changed longest ago), cross-fading inside the tile, so the
// wall stays calm while always moving. Videos loop muted in their tile. Each tile holds two frames for
// its cross-fade; a rebuild (another tile count) replaces them, so nothing piles up over a night.

/** Tiles for how many pictures there are: at least 4 to make a collage at all; from 5 on one picture more than tiles, so there is always one to change to. */
export const COLLAGE_MIN = 4;
export function tileCount(pictures: number): number {
  if (pictures >= 10) return 9;
  if (pictures >= 7) return 6;
  return 4;
}

interface Tile {
  root: HTMLElement;
  frames: [Frame, Frame];
  active: number;
  cleanup: number | undefined;
}

export class Collage {
  private tiles: Tile[] = [];
  /** the tile that changes next (they take turns) */
  private turn = 0;
  private generation = 0;

  constructor(private readonly root: HTMLElement) {}

  get size(): number {
    return this.tiles.length;
  }

  /** The uploads on screen now (a new picture should not appear twice). */
  onScreen(): Set<number> {
    const ids = new Set<number>();
    for (const t of this.tiles) {
      const id = t.frames[t.active]!.root.dataset.uploadId;
      if (id) ids.add(Number(id));
    }
    return ids;
  }

  /** Builds `count` empty tiles (the grid's shape follows the screen's in WallPage.css). */
  rebuild(count: number) {
    this.clear();
    this.root.dataset.tiles = String(count);
    for (let i = 0; i < count; i++) {
      const root = document.createElement('div');
      root.className = 'wall__tile';
      this.root.appendChild(root);
      const frames: [Frame, Frame] = [new Frame(root), new Frame(root)];
      for (const f of frames) f.video.loop = true;
      this.tiles.push({ root, frames, active: 0, cleanup: undefined });
    }
    this.turn = 0;
  }

  /** The guestbook entries on screen now. */
  cardsOnScreen(): Set<number> {
    const ids = new Set<number>();
    for (const t of this.tiles) {
      const id = t.frames[t.active]!.root.dataset.entryId;
      if (id) ids.add(Number(id));
    }
    return ids;
  }

  /** Takes a guestbook card off its tile (withdrawn or deleted): the tile fades out and is filled next. */
  dropCard(entryId: number) {
    for (const t of this.tiles) {
      const shown = t.frames[t.active]!;
      if (shown.root.dataset.entryId !== String(entryId)) continue;
      shown.root.classList.remove('is-visible');
      delete shown.root.dataset.entryId;
      window.clearTimeout(t.cleanup);
      t.cleanup = window.setTimeout(() => shown.clear(), FADE_MS + 100);
    }
  }

  /** Whether a tile has nothing yet (filling the grid comes before changing tiles). */
  get hasEmpty(): boolean {
    return this.tiles.some((t) => t.frames[t.active]!.isEmpty);
  }

  /**
   * The tiles a guestbook card may take: never the first or the last (the event's name and the QR code lie
   * over those corners, and a card's words must stay readable), nor one showing a card (it stays its time).
   */
  private cardSlots(): number[] {
    const last = this.tiles.length - 1;
    return this.tiles
      .map((_, i) => i)
      .filter((i) => i !== 0 && i !== last && !this.tiles[i]!.frames[this.tiles[i]!.active]!.root.dataset.entryId);
  }

  get hasCardSlot(): boolean {
    return this.cardSlots().length > 0;
  }

  /** Loads `item` into the next tile's hidden frame (a card: into a card slot) and fades it in; false when it could not be loaded or has no place. */
  async place(item: SlideItem): Promise<boolean> {
    const generation = this.generation;
    const slots = 'entry' in item ? this.cardSlots() : this.tiles.map((_, i) => i);
    if (slots.length === 0) return false;
    const empty = slots.find((i) => this.tiles[i]!.frames[this.tiles[i]!.active]!.isEmpty);
    const index = empty ?? slots.find((i) => i >= this.turn) ?? slots[0]!;
    const tile = this.tiles[index]!;
    if (empty === undefined) this.turn = (index + 1) % this.tiles.length;
    const next = tile.frames[1 - tile.active]!;
    const current = tile.frames[tile.active]!;
    window.clearTimeout(tile.cleanup);
    try {
      await next.show(item);
    } catch {
      next.clear();
      return false;
    }
    if (generation !== this.generation) return false;
    next.play();
    next.root.classList.add('is-visible');
    current.root.classList.remove('is-visible');
    tile.active = 1 - tile.active;
    tile.cleanup = window.setTimeout(() => current.clear(), FADE_MS + 100);
    return true;
  }

  setPaused(paused: boolean) {
    for (const t of this.tiles) t.frames[t.active]!.setPaused(paused);
  }

  clear() {
    this.generation++;
    for (const t of this.tiles) {
      window.clearTimeout(t.cleanup);
      for (const f of t.frames) f.clear();
    }
    this.tiles = [];
    this.root.replaceChildren();
    delete this.root.dataset.tiles;
  }
}
