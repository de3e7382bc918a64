import type { UploadDto } from '../../../../src/http/api-types';

// The two layers of the wall that cross-fade. A slide is loaded into the hidden layer and shown only once
// it is fully there (a decoded preview, or a video that can play), so the wall never flashes a half-loaded
// or low-resolution image. The same two <img> and two <video> elements serve the whole night: the old
// layer's source is dropped after the fade, so decoded images and video buffers do not pile up.

/** Must match the opacity transition in WallPage.css. */
export const FADE_MS = 1200;
/** A video that cannot start playing within this time is skipped. */
const VIDEO_READY_MS = 15_000;
/** Longest a video keeps the wall. */
export const MAX_VIDEO_SECONDS = 60;

interface Layer {
  root: HTMLElement;
  img: HTMLImageElement;
  video: HTMLVideoElement;
  caption: HTMLElement;
}

function layerOf(root: HTMLElement): Layer {
  return {
    root,
    img: root.querySelector('img')!,
    video: root.querySelector('video')!,
    caption: root.querySelector('[data-caption]')!,
  };
}

function clear(layer: Layer) {
  layer.img.removeAttribute('src');
  layer.img.hidden = true;
  layer.video.pause();
  layer.video.removeAttribute('src');
  layer.video.removeAttribute('poster');
  layer.video.load(); // releases the media buffers
  layer.video.hidden = true;
}

/** Resolves when the video can play, rejects on error or after `ms`. */
function videoReady(video: HTMLVideoElement, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => {
      window.clearTimeout(timer);
      video.removeEventListener('canplay', onReady);
      video.removeEventListener('error', onError);
      if (ok) resolve();
      else reject(new Error('video not playable'));
    };
    const onReady = () => done(true);
    const onError = () => done(false);
    const timer = window.setTimeout(onError, ms);
    video.addEventListener('canplay', onReady);
    video.addEventListener('error', onError);
  });
}

export class Stage {
  private readonly layers: [Layer, Layer];
  private active = 0;
  /** increases with every show(); a slower load that was overtaken is not shown */
  private generation = 0;
  private cleanup: number | undefined;

  constructor(a: HTMLElement, b: HTMLElement) {
    this.layers = [layerOf(a), layerOf(b)];
  }

  /**
   * Loads `u` into the hidden layer and fades it in. Resolves with how long it should stay (ms; for a video
   * its length), or null when it could not be loaded or a newer show() overtook it.
   */
  async show(u: UploadDto, caption: string | null, photoMs: number): Promise<number | null> {
    const generation = ++this.generation;
    const next = this.layers[1 - this.active]!;
    const current = this.layers[this.active]!;
    window.clearTimeout(this.cleanup);
    clear(next);
    let stayMs = photoMs;
    try {
      if (u.type === 'video') {
        next.video.muted = true;
        next.video.playsInline = true;
        if (u.thumbnail_path) next.video.poster = u.thumbnail_path;
        next.video.src = u.preview_path!;
        next.video.hidden = false;
        await videoReady(next.video, VIDEO_READY_MS);
        const seconds = Number.isFinite(next.video.duration) ? next.video.duration : photoMs / 1000;
        stayMs = Math.min(Math.max(seconds * 1000, photoMs), MAX_VIDEO_SECONDS * 1000);
      } else {
        next.img.src = u.preview_path!;
        await next.img.decode();
        next.img.hidden = false;
      }
    } catch {
      if (generation === this.generation) clear(next);
      return null;
    }
    if (generation !== this.generation) return null;
    next.caption.textContent = caption ?? '';
    next.caption.hidden = !caption;
    if (u.type === 'video') void next.video.play().catch(() => undefined);
    next.root.classList.add('is-visible');
    next.root.dataset.uploadId = String(u.id);
    current.root.classList.remove('is-visible');
    this.active = 1 - this.active;
    // After the fade, the layer that went out lets go of its image or video.
    this.cleanup = window.setTimeout(() => clear(current), FADE_MS + 100);
    return stayMs;
  }

  /** Pauses or resumes a video on screen. */
  setPaused(paused: boolean) {
    const video = this.layers[this.active]!.video;
    if (video.hidden || !video.src) return;
    if (paused) video.pause();
    else void video.play().catch(() => undefined);
  }

  dispose() {
    this.generation++;
    window.clearTimeout(this.cleanup);
    for (const layer of this.layers) clear(layer);
  }
}
