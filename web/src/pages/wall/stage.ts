import { Frame, type SlideItem } from './frame';

// The two layers of the wall that cross-fade (layouts Einzelbild and Hochformat-Paare). A slide (one
// upload, two portrait photos side by side, or a guestbook card) is loaded into the hidden layer and shown only once it is
// fully there (a decoded preview, or a video that can play), so the wall never flashes a half-loaded or
// low-resolution image. The same frames serve the whole night: the old layer lets go after the fade.

/** Must match the opacity transition in WallPage.css. */
export const FADE_MS = 1200;
/** Longest a video keeps the wall. */
export const MAX_VIDEO_SECONDS = 60;
/** Pictures side by side at most (Hochformat-Paare). */
const PER_SLIDE = 2;

interface Layer {
  root: HTMLElement;
  frames: Frame[];
}

function makeLayer(parent: HTMLElement): Layer {
  const root = document.createElement('div');
  root.className = 'wall__layer';
  parent.appendChild(root);
  return { root, frames: Array.from({ length: PER_SLIDE }, () => new Frame(root)) };
}

function clear(layer: Layer) {
  layer.root.classList.remove('is-moving');
  for (const f of layer.frames) f.clear();
}

export class Stage {
  private readonly layers: [Layer, Layer];
  private active = 0;
  /** increases with every show(); a slower load that was overtaken is not shown */
  private generation = 0;
  private cleanup: number | undefined;

  constructor(private readonly parent: HTMLElement) {
    this.layers = [makeLayer(parent), makeLayer(parent)];
  }

  /**
   * Loads the slide's pictures into the hidden layer and fades it in. Resolves with how long it should stay
   * (ms; for a video its length), or null when it could not be loaded or a newer show() overtook it.
   */
  async show(items: SlideItem[], photoMs: number): Promise<number | null> {
    const generation = ++this.generation;
    const next = this.layers[1 - this.active]!;
    const current = this.layers[this.active]!;
    window.clearTimeout(this.cleanup);
    clear(next);
    const used = next.frames.slice(0, items.length);
    let seconds: (number | null)[];
    try {
      seconds = await Promise.all(used.map((f, i) => f.show(items[i]!)));
    } catch {
      if (generation === this.generation) clear(next);
      return null;
    }
    if (generation !== this.generation) return null;
    const videoSeconds = Math.max(0, ...seconds.map((s) => s ?? 0));
    const stayMs = videoSeconds > 0 ? Math.min(Math.max(videoSeconds * 1000, photoMs), MAX_VIDEO_SECONDS * 1000) : photoMs;
    for (const f of used) f.play();
    next.root.dataset.count = String(items.length);
    const first = items[0]!;
    if ('upload' in first) next.root.dataset.uploadId = String(first.upload.id);
    else delete next.root.dataset.uploadId;
    // Restart the Ken Burns motion (WallPage.css) for the new slide.
    next.root.style.setProperty('--slide-ms', `${stayMs + FADE_MS}ms`);
    next.root.classList.add('is-visible', 'is-moving');
    current.root.classList.remove('is-visible');
    this.active = 1 - this.active;
    // After the fade, the layer that went out lets go of its images or videos.
    this.cleanup = window.setTimeout(() => clear(current), FADE_MS + 100);
    return stayMs;
  }

  /** The uploads on screen now. */
  onScreen(): Set<number> {
    const ids = new Set<number>();
    for (const f of this.layers[this.active]!.frames) if (f.root.dataset.uploadId) ids.add(Number(f.root.dataset.uploadId));
    return ids;
  }

  /** The guestbook entries on screen now. */
  cardsOnScreen(): Set<number> {
    const ids = new Set<number>();
    for (const f of this.layers[this.active]!.frames) if (f.root.dataset.entryId) ids.add(Number(f.root.dataset.entryId));
    return ids;
  }

  /** Empties the screen (another layout takes over). */
  clear() {
    this.generation++;
    window.clearTimeout(this.cleanup);
    for (const layer of this.layers) {
      clear(layer);
      layer.root.classList.remove('is-visible');
    }
  }

  /** Pauses or resumes a video on screen. */
  setPaused(paused: boolean) {
    for (const f of this.layers[this.active]!.frames) f.setPaused(paused);
  }

  dispose() {
    this.clear();
    this.parent.replaceChildren();
  }
}
