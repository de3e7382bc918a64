import type { GuestbookEntryDto, UploadDto, WallSettings } from '../../../../src/http/api-types';
import { guestApi } from '../../api/guest';
import { openLive } from '../../api/live';
import { getT } from '../../i18n';
import { Playlist, type Pick } from './playlist';
import { Stage } from './stage';
import type { SlideItem } from './frame';
import { Collage, COLLAGE_MIN, tileCount } from './collage';
import { GuestbookRotation } from './guestbook';

// The wall's slideshow, outside React: a playlist fed by the live stream, two layers (or the collage's tiles)
// and one timer. Guestbook entries (issue 27) come as cards between the photos, one after every
// `guestbookEvery - 1` photos (a new entry at the next slide), in every layout. WallPage creates one per event, reads the settings it is given at each slide, and drives it
// with the keyboard (step, pause).

/** A new upload waits at most this long after the current slide appeared before it cuts in. */
const NEW_UPLOAD_CUT_IN_MS = 3_000;
/** Retry when there is nothing to show or a slide failed to load. */
const IDLE_RETRY_MS = 2_000;
/** A guestbook card stays long enough to be read: the slide time, plus this per character, at most CARD_MAX_MS. */
const CARD_MS_PER_CHAR = 45;
const CARD_MAX_MS = 20_000;

export interface ShowSettings {
  photoMs: number;
  showNicknames: boolean;
  includeVideos: boolean;
  layout: WallSettings['layout'];
  /** 'Fotos mit Herzen öfter zeigen' */
  favorLoved: boolean;
  /** a guestbook card as every how-manieth slide; 0: none */
  guestbookEvery: number;
}

export interface ShowElements {
  /** the wall's root: gets data-layout, data-slides, data-current (an upload's id, or 'entry:{id}') and data-favor-loved */
  root: HTMLElement;
  stage: HTMLElement;
  collage: HTMLElement;
}

export interface ShowHooks {
  /** the host's current settings, read at each slide */
  settings: () => ShowSettings;
  onEmpty: (empty: boolean) => void;
  onConnected: (on: boolean) => void;
  /** the host changed the event's settings, or the stream reconnected (they may have changed meanwhile) */
  onSettingsChanged: () => void;
  /** Einwegkamera: the gallery opened (the list reloads by itself) */
  onReveal: () => void;
}

/**
 * What a slide says about its picture: the nickname (only a real one: 'Anonym' under every photo-booth
 * picture would be noise), and on a new upload's first showing 'Neu von {nickname}' in its place; a photo of a
 * challenge (issue 28) shows its prompt.
 */
function labelsOf({ upload, fresh }: Pick, showNicknames: boolean, prompt: string | null) {
  const name = showNicknames ? upload.uploader_nickname : null;
  if (!fresh) return { caption: name, badge: null, prompt };
  const t = getT();
  return { caption: null, badge: name ? t.wallNewFrom(name) : t.wallNew, prompt };
}

/** A photo taller than wide (the upright size), for Hochformat-Paare. */
const isPortraitPhoto = (u: UploadDto) => u.type === 'photo' && (u.height ?? 0) > (u.width ?? 0);

const isEligible = (includeVideos: boolean) => (u: UploadDto) =>
  u.approved &&
  u.preview_path !== null &&
  u.processing_state !== 'failed' &&
  (u.type === 'photo' || (includeVideos && u.processing_state === 'ready'));

/** What a slide showed (an upload, a guestbook card, or nothing) and how long it stays (null: could not be shown). */
type Shown = { current: string | null; stayMs: number | null };

/** How long a card stays: long enough to read its text. */
const cardMs = (entry: GuestbookEntryDto, photoMs: number) =>
  Math.min(Math.max(photoMs, entry.text.length * CARD_MS_PER_CHAR), CARD_MAX_MS);

export class WallShow {
  private readonly playlist: Playlist;
  private readonly guestbook = new GuestbookRotation();
  /** photos shown since the last guestbook card */
  private sinceCard = 0;
  private readonly stage: Stage;
  private readonly collage: Collage;
  private readonly root: HTMLElement;
  private readonly closeLive: () => void;
  private timer: number | undefined;
  private paused = false;
  private shownAt = 0;
  private slides = 0;
  private loading = false;
  /** a new upload arrived while a slide was loading: cut in once that one is up */
  private hurryAfterLoad = false;
  private disposed = false;
  /** the uploads list was loaded once */
  private listed = false;
  /** the prompt of each photo challenge by its album id (issue 28), from the album list */
  private prompts = new Map<number, string>();

  constructor(
    private readonly eventId: number,
    elements: ShowElements,
    private readonly hooks: ShowHooks,
  ) {
    this.playlist = new Playlist(isEligible(hooks.settings().includeVideos));
    this.stage = new Stage(elements.stage);
    this.collage = new Collage(elements.collage);
    this.root = elements.root;
    this.closeLive = openLive(
      eventId,
      (change) => {
        if (change.kind === 'resync') return void this.reload();
        if (change.kind === 'remove') {
          this.playlist.remove(change.id);
          // Deleted or withdrawn by the host: off the screen now, not at the next slide change.
          if (!this.loading && (this.stage.onScreen().has(change.id) || this.collage.onScreen().has(change.id))) void this.advance(1);
          return;
        }
        if (change.kind === 'nickname') return this.playlist.rename(change);
        const waiting = this.playlist.waitingFresh;
        this.playlist.upsert(change.upload, change.kind === 'upload');
        if (this.playlist.waitingFresh > waiting) this.hurry();
      },
      {
        // The wall shows what every guest may see, even in a browser where the admin is signed in.
        asVisitor: true,
        onSettings: () => hooks.onSettingsChanged(),
        onAlbums: () => void this.loadPrompts(),
        onReveal: () => hooks.onReveal(),
        onGuestbook: (change) => {
          const waiting = this.guestbook.waitingFresh;
          this.guestbook.apply(change);
          if (change.kind === 'gone' || !change.entry.approved) this.dropCard(change.kind === 'gone' ? change.id : change.entry.id);
          else if (this.guestbook.waitingFresh > waiting && this.cardDue()) this.hurry();
        },
        onConnected: (on) => {
          hooks.onConnected(on);
          // The first connection loads the list; a reconnect gets what it missed (or a 'resync') from the
          // stream, and the settings the host may have changed meanwhile.
          if (on && !this.listed) void this.reload();
          else if (on) hooks.onSettingsChanged();
        },
      },
    );
  }

  /** Next (1) or previous (-1) slide now. */
  step(dir: 1 | -1) {
    void this.advance(dir);
  }

  setPaused(paused: boolean) {
    this.paused = paused;
    this.stage.setPaused(paused);
    this.collage.setPaused(paused);
    if (paused) window.clearTimeout(this.timer);
    else this.schedule(this.hooks.settings().photoMs);
  }

  /** The host switched videos on or off. */
  setIncludeVideos(includeVideos: boolean) {
    this.playlist.setEligible(isEligible(includeVideos));
  }

  dispose() {
    this.disposed = true;
    window.clearTimeout(this.timer);
    this.closeLive();
    this.stage.dispose();
    this.collage.clear();
  }

  private schedule(ms: number) {
    window.clearTimeout(this.timer);
    if (!this.paused) this.timer = window.setTimeout(() => void this.advance(1), ms);
  }

  private item(p: Pick): SlideItem {
    return { upload: p.upload, labels: labelsOf(p, this.hooks.settings().showNicknames, this.prompts.get(p.upload.album_id) ?? null) };
  }

  /** No photo and no card to show (the wall says so). */
  private get nothingToShow(): boolean {
    return this.playlist.size === 0 && (this.guestbook.size === 0 || this.hooks.settings().guestbookEvery <= 0);
  }

  /** Whether the next slide is a guestbook card: the host's rate has come round, or a new entry waits (not two cards in a row). */
  private cardDue(): boolean {
    const every = this.hooks.settings().guestbookEvery;
    if (every <= 0 || this.guestbook.size === 0) return false;
    return this.sinceCard >= every - 1 || (this.guestbook.waitingFresh > 0 && this.sinceCard > 0) || this.playlist.size === 0;
  }

  /** The next guestbook card, with its selfie (a photo's picture, a video message's poster) once that is ready. */
  private nextCard(): { item: SlideItem; entry: GuestbookEntryDto } | null {
    const entry = this.guestbook.next();
    if (!entry) return null;
    const a = entry.attachment;
    const photo = a?.state !== 'ready' ? null : a.kind === 'photo' ? a.url : a.kind === 'video' ? a.poster_url : null;
    return { item: { entry, photo }, entry };
  }

  /** A withdrawn or deleted entry leaves the screen now, not at the next change. */
  private dropCard(id: number) {
    if (this.collage.cardsOnScreen().has(id)) {
      this.collage.dropCard(id);
      if (!this.loading) void this.advance(1);
    } else if (this.stage.cardsOnScreen().has(id) && !this.loading) void this.advance(1);
  }

  /** Collage: the next picture not on screen yet into the next tile; resolves with how long until the next change. */
  private async nextTile(): Promise<Shown> {
    this.stage.clear();
    const wanted = tileCount(this.playlist.size);
    if (this.collage.size !== wanted) this.collage.rebuild(wanted);
    const { photoMs } = this.hooks.settings();
    const cards = this.collage.cardsOnScreen();
    const card = this.cardDue() && this.collage.hasCardSlot && this.guestbook.size > cards.size ? this.nextCardNotIn(cards) : null;
    if (card) {
      const placed = await this.collage.place(card.item);
      return { current: `entry:${card.entry.id}`, stayMs: placed ? (this.collage.hasEmpty ? 0 : photoMs) : null };
    }
    const onScreen = this.collage.onScreen();
    const pick = this.playlist.pickWhere((u) => !onScreen.has(u.id));
    if (!pick) return { current: null, stayMs: null }; // every picture is on screen already
    const placed = await this.collage.place(this.item(pick));
    // An empty grid fills at once; then one tile changes per slide time.
    return { current: String(pick.upload.id), stayMs: placed ? (this.collage.hasEmpty ? 0 : photoMs) : null };
  }

  /** The next card whose entry is not on a tile already. */
  private nextCardNotIn(onScreen: Set<number>) {
    for (let i = 0; i < this.guestbook.size; i++) {
      const card = this.nextCard();
      if (card && !onScreen.has(card.entry.id)) return card;
    }
    return null;
  }

  /** Einzelbild or Hochformat-Paare: a portrait photo takes a second one beside it when there is one. */
  private async nextSlide(dir: 1 | -1): Promise<Shown> {
    this.collage.clear();
    const { layout, photoMs } = this.hooks.settings();
    const card = dir === 1 && this.cardDue() ? this.nextCard() : null;
    if (card) return { current: `entry:${card.entry.id}`, stayMs: await this.stage.show([card.item], cardMs(card.entry, photoMs)) };
    const pick = dir === 1 ? this.playlist.next() : this.playlist.previous();
    if (!pick) return { current: null, stayMs: null };
    const partner = layout === 'pairs' && dir === 1 && isPortraitPhoto(pick.upload) ? this.playlist.pickWhere(isPortraitPhoto) : null;
    return {
      current: String(pick.upload.id),
      stayMs: await this.stage.show(partner ? [this.item(pick), this.item(partner)] : [this.item(pick)], photoMs),
    };
  }

  private async advance(dir: 1 | -1) {
    if (this.disposed) return;
    window.clearTimeout(this.timer);
    this.hooks.onEmpty(this.nothingToShow);
    const { layout, favorLoved } = this.hooks.settings();
    this.playlist.setFavorLoved(favorLoved);
    this.root.dataset.favorLoved = String(favorLoved);
    const asCollage = layout === 'collage' && this.playlist.size >= COLLAGE_MIN;
    this.root.dataset.layout = asCollage ? 'collage' : layout === 'pairs' ? 'pairs' : 'single';
    this.loading = true;
    const { current, stayMs } = asCollage ? await this.nextTile() : await this.nextSlide(dir);
    this.loading = false;
    if (this.disposed) return;
    if (current === null) {
      this.schedule(IDLE_RETRY_MS);
      return;
    }
    if (stayMs === null) {
      this.schedule(IDLE_RETRY_MS / 4);
      return;
    }
    this.shownAt = Date.now();
    this.slides++;
    this.root.dataset.slides = String(this.slides);
    this.root.dataset.current = current;
    this.sinceCard = current.startsWith('entry:') ? 0 : this.sinceCard + 1;
    const waiting = this.playlist.waitingFresh > 0 || this.cardDue();
    this.schedule(this.hurryAfterLoad && waiting ? Math.min(stayMs, NEW_UPLOAD_CUT_IN_MS) : stayMs);
    this.hurryAfterLoad = false;
  }

  /** A new upload waits for the current slide to have been up a moment, then cuts in. */
  private hurry() {
    if (this.paused) return;
    if (this.loading) this.hurryAfterLoad = true;
    else this.schedule(Math.max(0, NEW_UPLOAD_CUT_IN_MS - (Date.now() - this.shownAt)));
  }

  private async loadPrompts() {
    try {
      const albums = await guestApi.visitorAlbums(this.eventId);
      this.prompts = new Map(albums.filter((a) => a.challenge).map((a) => [a.id, a.name]));
    } catch {
      // kept as they were; the next reload or 'albums' message asks again
    }
  }

  private async reload() {
    try {
      const [list, entries] = await Promise.all([
        guestApi.visitorUploads(this.eventId),
        guestApi.visitorGuestbook(this.eventId),
        this.loadPrompts(),
      ]);
      const waiting = this.playlist.waitingFresh;
      this.playlist.setAll(list);
      this.guestbook.setAll(entries);
      this.listed = true;
      this.hooks.onEmpty(this.nothingToShow);
      if (this.slides === 0 && !this.loading) void this.advance(1);
      // uploads that came while the wall was away (a restart of the box answers 'resync') cut in too
      else if (this.playlist.waitingFresh > waiting) this.hurry();
    } catch {
      // the stream reconnects and asks again ('ready' or 'resync')
    }
  }
}
