import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums, events, uploads } from '../db/schema.ts';
import { DEFAULT_ALBUM_NAME } from '../domain/albums.ts';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../domain/colors.ts';
import { DEFAULT_DURATION_DAYS, eventStatus, eventWindow, isSealed, type EventStatus, type EventWindow } from '../domain/event-window.ts';
import type { Language } from '../domain/languages.ts';
import type { HeaderStyle, WallLayout, WallQrContent } from '../domain/limits.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { randomHex, randomToken } from '../lib/ids.ts';
import { resizeHostImage } from '../media/host-image.ts';
import { removeFile } from '../storage/file-writer.ts';
import type { MediaStore } from '../storage/media-store.ts';

export type EventRow = typeof events.$inferSelect;

/**
 * A change of an event, as admin update and the host settings form send it, checked by the request schema
 * (http/routes/forms.ts): trimmed, valid code, colour, style, date; absent fields stay unchanged.
 */
export interface EventChange {
  name?: string;
  code?: string;
  primary_color?: string;
  secondary_color?: string;
  header_style?: HeaderStyle;
  allow_download?: boolean;
  event_start_datetime?: string;
  /** one of the event durations (domain/event-window.ts) */
  event_duration_days?: number;
  /** the bytes of an image file; resized here (a file that is no image is refused) */
  host_image?: Uint8Array;
  auto_share_uploads?: boolean;
  strip_location?: boolean;
  wall_seconds_per_slide?: number;
  wall_show_nicknames?: boolean;
  wall_include_videos?: boolean;
  wall_show_qr?: boolean;
  wall_layout?: WallLayout;
  wall_ken_burns?: boolean;
  wall_qr_content?: WallQrContent;
  wall_favor_loved?: boolean;
  wall_guestbook_every?: number;
  /** the guests' language unless they choose another */
  language?: Language;
  /** Einwegkamera: the reveal (ISO time), null for none */
  reveal_at?: string | null;
  /** Einwegkamera: uploads per guest, null for no limit */
  shots_per_guest?: number | null;
  /** 'Gelöschte Fotos geben Aufnahmen zurück' */
  deleted_shots_return?: boolean;
  /** 'Gesichtssuche' (issue 30) */
  face_search?: boolean;
  /** the printed cards: the couple's own line and the day (YYYY-MM-DD); null clears */
  print_line?: string | null;
  print_date?: string | null;
}

/** A new event: name and code are required. */
export interface NewEvent extends EventChange {
  name: string;
  code: string;
}

export interface EventView extends EventRow {
  window: EventWindow;
  status: EventStatus;
  /** Einwegkamera: its reveal is still to come (guests see only their own uploads) */
  sealed: boolean;
  /** the moment status and `sealed` were judged at (the services' clock) */
  viewedAt: Date;
}

export interface EventWithTotals extends EventView {
  totalBytes: number;
  uploadCount: number;
  /** uploads only their guest sees */
  privateCount: number;
  lastUploadAt: string | null;
  albumCount: number;
}

/** The first openings the setup checklist ticks off, each kept once: the first time counts. */
export type SetupMark = 'couple' | 'print' | 'wall';
const MARK_FIELDS = { couple: 'coupleOpenedAt', print: 'printOpenedAt', wall: 'wallOpenedAt' } as const;

interface EventTotals {
  bytes: number;
  count: number;
  unapproved: number;
  last: string | null;
}

export function createEventsService(deps: {
  db: Db;
  store: MediaStore;
  retentionDays: number;
  now?: () => Date;
  /** told after an event is deleted (its live streams end) */
  onDeleted?: (eventId: number) => void;
  /** told after an event's dates changed (open live streams reconnect under the new window) */
  onWindowChanged?: (eventId: number) => void;
  /** told after an event's settings changed (open walls take the new ones at once) */
  onSettingsChanged?: (eventId: number) => void;
  /** told after an event's reveal was set, moved or cleared (the reveal's timer follows) */
  onRevealChanged?: (eventId: number) => void;
  /** told after 'Gesichtssuche' was turned on or off, or an event created with it on (off deletes the event's descriptors before the answer) */
  onFaceSearchChanged?: (eventId: number, on: boolean) => void;
}) {
  const { db, store, retentionDays } = deps;
  const now = deps.now ?? (() => new Date());

  const view = (row: EventRow): EventView => {
    const window = eventWindow(new Date(row.startAt), row.durationDays, retentionDays);
    const at = now();
    return { ...row, window, status: eventStatus(window, at), sealed: isSealed(row.revealAt, at), viewedAt: at };
  };

  /** The sharing default, location privacy, the wall's settings, the guests' language and the cards' line and date (absent fields stay as they are). */
  const settings = (input: EventChange) => ({
    autoShareUploads: input.auto_share_uploads,
    stripLocation: input.strip_location,
    wallSecondsPerSlide: input.wall_seconds_per_slide,
    wallShowNicknames: input.wall_show_nicknames,
    wallIncludeVideos: input.wall_include_videos,
    wallShowQr: input.wall_show_qr,
    wallLayout: input.wall_layout,
    wallKenBurns: input.wall_ken_burns,
    wallQrContent: input.wall_qr_content,
    wallFavorLoved: input.wall_favor_loved,
    wallGuestbookEvery: input.wall_guestbook_every,
    language: input.language,
    revealAt: input.reveal_at === undefined ? undefined : input.reveal_at && new Date(input.reveal_at).toISOString(),
    shotsPerGuest: input.shots_per_guest,
    deletedShotsReturn: input.deleted_shots_return,
    faceSearch: input.face_search,
    printLine: input.print_line,
    printDate: input.print_date,
  });

  function assertCodeFree(code: string, exceptId?: number) {
    const other = db.select({ id: events.id }).from(events).where(eq(events.code, code)).get();
    if (other && other.id !== exceptId) throw conflict('CODE_ALREADY_EXISTS', { field: 'code' });
  }

  async function storeHostImage(eventId: number, bytes: Uint8Array): Promise<string> {
    const key = randomHex(16);
    const tmp = store.tmpPath('.jpg');
    try {
      await resizeHostImage(bytes, tmp);
    } catch {
      removeFile(tmp);
      throw badRequest('hostImageNotImage', { field: 'host_image' });
    }
    store.commit(tmp, store.hostImagePath(eventId, key));
    return key;
  }

  /** Stored bytes and upload count per event (of one event, when given). */
  function totalsByEvent(eventId?: number): Map<number, EventTotals> {
    const rows = db
      .select({
        eventId: uploads.eventId,
        bytes: sql<number>`coalesce(sum(${uploads.storedBytes}), 0)`,
        count: sql<number>`count(*)`,
        unapproved: sql<number>`coalesce(sum(case when ${uploads.approved} then 0 else 1 end), 0)`,
        last: sql<string | null>`max(${uploads.createdAt})`,
      })
      .from(uploads)
      .where(eventId === undefined ? undefined : eq(uploads.eventId, eventId))
      .groupBy(uploads.eventId)
      .all();
    return new Map(rows.map((r) => [r.eventId, r]));
  }

  /** Albums per event (of one event, when given). */
  function albumCountsByEvent(eventId?: number): Map<number, number> {
    const rows = db
      .select({ eventId: albums.eventId, count: sql<number>`count(*)` })
      .from(albums)
      .where(eventId === undefined ? undefined : eq(albums.eventId, eventId))
      .groupBy(albums.eventId)
      .all();
    return new Map(rows.map((r) => [r.eventId, r.count]));
  }

  const withTotals = (event: EventView, totals: Map<number, EventTotals>, albumCounts: Map<number, number>): EventWithTotals => ({
    ...event,
    totalBytes: totals.get(event.id)?.bytes ?? 0,
    uploadCount: totals.get(event.id)?.count ?? 0,
    privateCount: totals.get(event.id)?.unapproved ?? 0,
    lastUploadAt: totals.get(event.id)?.last ?? null,
    albumCount: albumCounts.get(event.id) ?? 0,
  });

  // Every media request and most calls look their event up by id: built and compiled once.
  const byId = db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder('id')))
    .prepare();
  function getRow(id: number): EventRow {
    const row = byId.get({ id });
    if (!row) throw notFound('event');
    return row;
  }

  return {
    view,

    getById(id: number): EventView {
      return view(getRow(id));
    },

    /** Codes are stored lowercase; a guest typing 'Hochzeit' still finds 'hochzeit'. */
    getByCode(code: string): EventView {
      const row = db.select().from(events).where(eq(events.code, code.trim().toLowerCase())).get();
      if (!row) throw notFound('event');
      return view(row);
    },

    getByClientToken(token: string): EventView {
      const row = token ? db.select().from(events).where(eq(events.clientToken, token)).get() : undefined;
      if (!row) throw notFound('clientToken');
      return view(row);
    },

    list(): EventWithTotals[] {
      const totals = totalsByEvent();
      const albumCounts = albumCountsByEvent();
      return db
        .select()
        .from(events)
        .orderBy(desc(events.createdAt), desc(events.id))
        .all()
        .map((row) => withTotals(view(row), totals, albumCounts));
    },

    /** Events that take uploads now, newest first: what the captive portal offers without a default event. */
    running(): EventView[] {
      return db
        .select()
        .from(events)
        .orderBy(desc(events.createdAt), desc(events.id))
        .all()
        .map(view)
        .filter((e) => e.status === 'active');
    },

    /** One event with its real bytes on disk and upload count, as the dashboard lists it. */
    withTotals(event: EventView): EventWithTotals {
      return withTotals(event, totalsByEvent(event.id), albumCountsByEvent(event.id));
    },

    /** A first opening the checklist counts (the couple's page, the print view, the wall); later ones change nothing. */
    markOpened(eventId: number, mark: SetupMark): void {
      const field = MARK_FIELDS[mark];
      db.update(events)
        .set({ [field]: now().toISOString() })
        .where(and(eq(events.id, eventId), isNull(events[field])))
        .run();
    },

    /** The operator hid the event's setup checklist. */
    dismissSetup(eventId: number): void {
      getRow(eventId);
      db.update(events).set({ setupDismissedAt: now().toISOString() }).where(eq(events.id, eventId)).run();
    },

    async create(input: NewEvent): Promise<EventView> {
      assertCodeFree(input.code);
      const row = db
        .insert(events)
        .values({
          name: input.name,
          code: input.code,
          primaryColor: input.primary_color ?? NEW_EVENT_PRIMARY,
          secondaryColor: input.secondary_color ?? NEW_EVENT_SECONDARY,
          headerStyle: input.header_style ?? 'minimalistic',
          allowDownload: input.allow_download ?? true,
          startAt: new Date(input.event_start_datetime ?? now()).toISOString(),
          durationDays: input.event_duration_days ?? DEFAULT_DURATION_DAYS,
          ...settings(input),
        })
        .returning()
        .get();
      // Every event starts with one album so guests can upload at once.
      db.insert(albums).values({ eventId: row.id, name: DEFAULT_ALBUM_NAME }).run();
      if (input.host_image) {
        try {
          const key = await storeHostImage(row.id, input.host_image);
          db.update(events).set({ hostImageKey: key }).where(eq(events.id, row.id)).run();
        } catch (err) {
          // No half-created event when the image is refused.
          db.delete(events).where(eq(events.id, row.id)).run();
          store.removeEventFiles(row.id);
          throw err;
        }
      }
      if (row.revealAt) deps.onRevealChanged?.(row.id);
      if (row.faceSearch) deps.onFaceSearchChanged?.(row.id, true);
      return view(getRow(row.id));
    },

    async update(id: number, input: EventChange): Promise<EventView> {
      const current = getRow(id);
      if (input.code !== undefined) assertCodeFree(input.code, id);
      let hostImageKey = current.hostImageKey;
      if (input.host_image) hostImageKey = await storeHostImage(id, input.host_image);
      db.update(events)
        .set({
          name: input.name,
          code: input.code,
          primaryColor: input.primary_color,
          secondaryColor: input.secondary_color,
          headerStyle: input.header_style,
          allowDownload: input.allow_download,
          startAt: input.event_start_datetime !== undefined ? new Date(input.event_start_datetime).toISOString() : undefined,
          durationDays: input.event_duration_days,
          hostImageKey,
          ...settings(input),
        })
        .where(eq(events.id, id))
        .run();
      if (current.hostImageKey && current.hostImageKey !== hostImageKey) {
        removeFile(store.hostImagePath(id, current.hostImageKey));
      }
      const updated = getRow(id);
      // A new reveal changes what guests see as much as new dates: their streams are judged again.
      if (updated.startAt !== current.startAt || updated.durationDays !== current.durationDays || updated.revealAt !== current.revealAt)
        deps.onWindowChanged?.(id);
      if (updated.revealAt !== current.revealAt) deps.onRevealChanged?.(id);
      if (updated.faceSearch !== current.faceSearch) deps.onFaceSearchChanged?.(id, updated.faceSearch);
      deps.onSettingsChanged?.(id);
      return view(updated);
    },

    delete(id: number) {
      getRow(id);
      db.delete(events).where(eq(events.id, id)).run();
      store.removeEventFiles(id);
      deps.onDeleted?.(id);
    },

    /** A new settings-link token for the host; the old one stops working. */
    regenerateClientToken(id: number): string {
      getRow(id);
      const token = randomToken(32);
      db.update(events).set({ clientToken: token }).where(eq(events.id, id)).run();
      return token;
    },

    /** Finds the event a host image key belongs to (for serving it). */
    hostImageOwner(key: string): EventRow | undefined {
      return db.select().from(events).where(eq(events.hostImageKey, key)).get();
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
