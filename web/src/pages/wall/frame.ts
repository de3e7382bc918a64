import type { GuestbookEntryDto, UploadDto } from '../../../../src/http/api-types';
import { getT } from '../../i18n';

// One picture's place on the wall: a box that shows an upload whole (as large as the box allows, its own
// aspect ratio; WallPage.css sizes it from --ar), over a blurred, darkened copy of the same picture that
// fills the rest of the box, or a guestbook card (issue 27: the text large in the event's colours, the
// name, the selfie where there is one). The same elements serve the whole night; clear() lets go of the
// decoded image or the video's buffers.

/** A video that cannot start playing within this time is skipped. */
const VIDEO_READY_MS = 15_000;

/** What a frame shows beside the picture: the nickname, the 'new' badge and a photo challenge's prompt (issue 28). */
export interface Labels {
  caption: string | null;
  badge: string | null;
  prompt: string | null;
}

/** What a slide shows: an upload with its labels, or a guestbook entry with its photo (a selfie's preview, or null). */
export type SlideItem = { upload: UploadDto; labels: Labels } | { entry: GuestbookEntryDto; photo: string | null };

/** A card's text shrinks in these steps until it fits its frame (long entries in a small collage tile), never below the last. */
const CARD_FIT = { step: 0.85, min: 0.3 };

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

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: HTMLElement): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  el.hidden = true;
  parent.appendChild(el);
  return el;
}

export class Frame {
  readonly root: HTMLElement;
  private readonly backdrop: HTMLImageElement;
  private readonly img: HTMLImageElement;
  readonly video: HTMLVideoElement;
  private readonly badge: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly prompt: HTMLElement;
  private readonly card: HTMLElement;
  private readonly cardPhoto: HTMLImageElement;
  private readonly cardText: HTMLElement;
  private readonly cardName: HTMLElement;

  constructor(parent: HTMLElement) {
    this.root = document.createElement('div');
    this.root.className = 'wall__frame';
    parent.appendChild(this.root);
    this.backdrop = element('img', 'wall__backdrop', this.root);
    this.backdrop.alt = '';
    this.backdrop.setAttribute('aria-hidden', 'true');
    this.img = element('img', 'wall__picture', this.root);
    this.img.alt = '';
    this.video = element('video', 'wall__picture', this.root);
    this.video.muted = true;
    this.video.playsInline = true;
    this.badge = element('p', 'wall__badge', this.root);
    this.caption = element('p', 'wall__caption', this.root);
    this.caption.dataset.caption = '';
    this.prompt = element('p', 'wall__prompt', this.root);
    this.prompt.dataset.prompt = '';
    this.card = element('figure', 'wall__card', this.root);
    this.card.dataset.testid = 'wall-card';
    const heading = document.createElement('p');
    heading.className = 'wall__card-label';
    this.card.appendChild(heading);
    this.cardPhoto = element('img', 'wall__card-photo', this.card);
    this.cardPhoto.alt = '';
    const words = document.createElement('div');
    words.className = 'wall__card-words';
    this.card.appendChild(words);
    this.cardText = document.createElement('blockquote');
    this.cardText.className = 'wall__card-text';
    this.cardName = document.createElement('figcaption');
    this.cardName.className = 'wall__card-name';
    words.append(this.cardText, this.cardName);
  }

  /** An upload or a guestbook card; resolves as load() does (a card: null, it has no length of its own). */
  show(item: SlideItem): Promise<number | null> {
    return 'entry' in item ? this.loadCard(item.entry, item.photo) : this.load(item.upload, item.labels);
  }

  /** Nothing shown (a collage tile to fill). */
  get isEmpty(): boolean {
    return !this.root.dataset.uploadId && !this.root.dataset.entryId;
  }

  /**
   * A guestbook card: the text as plain text (never HTML), the name, the photo when given (it must load, as
   * a picture must), and the text made as large as fits the frame.
   */
  private async loadCard(entry: GuestbookEntryDto, photo: string | null): Promise<null> {
    this.clear();
    const t = getT();
    this.card.firstElementChild!.textContent = t.wallGuestbook;
    this.cardText.textContent = entry.text;
    this.cardName.textContent = t.wallGuestbookSigned(entry.name);
    if (photo) {
      this.cardPhoto.src = photo;
      await this.cardPhoto.decode();
      this.cardPhoto.hidden = false;
    }
    this.card.dataset.length = entry.text.length > 280 ? 'long' : entry.text.length > 90 ? 'medium' : 'short';
    this.card.hidden = false;
    this.root.dataset.entryId = String(entry.id);
    this.fitCard();
    return null;
  }

  /** Shrinks the card's text until the card fits inside the frame (measured: the layer is laid out while it is transparent). */
  private fitCard() {
    let scale = 1;
    this.card.style.setProperty('--fit', '1');
    const fits = () => this.card.scrollHeight <= this.card.clientHeight + 1 && this.card.scrollWidth <= this.card.clientWidth + 1;
    while (!fits() && scale * CARD_FIT.step >= CARD_FIT.min) {
      scale *= CARD_FIT.step;
      this.card.style.setProperty('--fit', scale.toFixed(3));
    }
  }

  /**
   * Loads `u` (the preview: the sharpest derivative, never the small thumbnail blown up) and resolves once it
   * can be shown, with the video's length in seconds (null for a photo). Rejects when it cannot be loaded.
   */
  async load(u: UploadDto, labels: Labels): Promise<number | null> {
    this.clear();
    // The backdrop is blurred anyway: the small grid image is enough and cheap to decode.
    const backdrop = u.thumbnail_path ?? (u.type === 'photo' ? u.preview_path : null);
    if (backdrop) {
      this.backdrop.src = backdrop;
      void this.backdrop.decode().then(
        // not when the frame was cleared or reloaded meanwhile
        () => void (this.backdrop.getAttribute('src') === backdrop && (this.backdrop.hidden = false)),
        () => undefined,
      );
    }
    let seconds: number | null = null;
    if (u.type === 'video') {
      this.video.src = u.preview_path!;
      this.video.hidden = false;
      await videoReady(this.video, VIDEO_READY_MS);
      this.setAspect(this.video.videoWidth, this.video.videoHeight);
      seconds = Number.isFinite(this.video.duration) ? this.video.duration : 0;
    } else {
      this.img.src = u.preview_path!;
      await this.img.decode();
      this.setAspect(this.img.naturalWidth, this.img.naturalHeight);
      this.img.hidden = false;
    }
    this.root.dataset.uploadId = String(u.id);
    this.badge.textContent = labels.badge ?? '';
    this.badge.hidden = !labels.badge;
    this.caption.textContent = labels.caption ?? '';
    this.caption.hidden = !labels.caption;
    this.prompt.textContent = labels.prompt ?? '';
    this.prompt.hidden = !labels.prompt;
    return seconds;
  }

  /** The picture's own shape, which the CSS fits into the frame. */
  private setAspect(width: number, height: number) {
    if (width > 0 && height > 0) this.root.style.setProperty('--ar', String(width / height));
  }

  /** Starts a loaded video (muted). */
  play() {
    if (!this.video.hidden && this.video.src) void this.video.play().catch(() => undefined);
  }

  setPaused(paused: boolean) {
    if (this.video.hidden || !this.video.src) return;
    if (paused) this.video.pause();
    else this.play();
  }

  clear() {
    delete this.root.dataset.uploadId;
    delete this.root.dataset.entryId;
    this.card.hidden = true;
    this.cardPhoto.removeAttribute('src');
    this.cardPhoto.hidden = true;
    for (const img of [this.img, this.backdrop]) {
      img.removeAttribute('src');
      img.hidden = true;
    }
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load(); // releases the media buffers
    this.video.hidden = true;
    this.badge.hidden = true;
    this.caption.hidden = true;
    this.prompt.hidden = true;
  }
}
