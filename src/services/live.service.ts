import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums, type GuestbookRow, type UploadRow } from '../db/schema.ts';
import { seesGuestbookEntry } from '../domain/guestbook.ts';
import { randomHex } from '../lib/ids.ts';
import { can, revealLets, seesMedia, seesWholeEvent, type EventNow, type Viewer } from '../domain/permissions.ts';

/**
 * The event bus behind the live stream (`GET /api/event/{id}/live`). Ingest, moderation and the video job
 * publish every change of an upload as a before/after pair; each open stream turns it into what its viewer
 * may notice (appears, changes, goes) with the same rule as the uploads list.
 *
 * A change is recorded at once and fanned out afterwards, outside the request that made it, a batch of
 * streams per turn of the event loop, so a change seen by hundreds of streams never freezes the server. Each
 * stream has a bounded queue that its connection drains: a stream that falls behind gets a 'resync' in place
 * of what it missed, and one that is still not reading after that is closed (its phone reconnects when it can).
 * Changes of many uploads at once are one message: a guest's new nickname names the uploads it shows on, and
 * a bulk action (sharing all, deleting a selection) is a 'resync'.
 *
 * Changes are kept in a short in-memory ring per event with a monotonic sequence number, so a client that
 * reconnects with `Last-Event-ID` gets exactly what it missed. Ids carry a boot id: after a restart, or when
 * the client is further behind than the ring reaches, it gets a 'resync' and reloads the list instead.
 */

/** Changes kept per event for reconnecting clients, and so the most a reconnect gets replayed. */
export const RING_SIZE = 64;
/** Messages waiting for one stream; past this it gets a 'resync' instead, and is closed when as far behind again. */
export const QUEUE_LIMIT = 128;
/** Streams a change is handed to per turn of the event loop. */
export const FANOUT_BATCH = 64;
/** Uploads changed by one action up to which each goes out as its own message; more are one 'resync'. */
export const BULK_LIMIT = 16;
/** A comment line this often keeps proxies and phones from closing a quiet stream, and a write to a vanished client fails. */
export const HEARTBEAT_MS = 20_000;

export interface UploadChange {
  seq: number;
  eventId: number;
  before: UploadRow | null;
  after: UploadRow | null;
  /** album visibility at the time of the change, for guests and visitors */
  beforeAlbumVisible: boolean;
  afterAlbumVisible: boolean;
}

/** A guest's nickname changed: it shows on these uploads (with their albums' visibility at the time). */
interface NicknameChange {
  seq: number;
  eventId: number;
  userId: string;
  nickname: string | null;
  uploads: { row: UploadRow; albumVisible: boolean }[];
}

/** A guestbook entry was written (before null), moderated, or deleted (after null). */
interface GuestbookChange {
  seq: number;
  eventId: number;
  before: GuestbookRow | null;
  after: GuestbookRow | null;
}

/**
 * 'settings' (the event's settings changed) is fanned out but not kept for replay: a reconnecting client fetches the event anyway.
 * 'reveal' (Einwegkamera: the gallery opened) is a 'resync' that every open page also celebrates.
 */
type Entry =
  | { kind: 'upload'; change: UploadChange }
  | { kind: 'nickname'; change: NicknameChange }
  | { kind: 'guestbook'; change: GuestbookChange }
  | { kind: 'resync'; seq: number; eventId: number }
  | { kind: 'reveal'; seq: number; eventId: number }
  | { kind: 'settings'; seq: number; eventId: number }
  /** an album or photo challenge was made, renamed or deleted: kept for replay like an upload's change */
  | { kind: 'albums'; seq: number; eventId: number };

export type LiveKind = 'upload' | 'update' | 'remove';
export type Delivery =
  | { id: string; kind: LiveKind; row: UploadRow }
  | { id: string; kind: 'nickname'; nickname: string | null; uploadIds: number[] }
  | { id: string; kind: 'guestbook' | 'guestbook-remove'; entry: GuestbookRow }
  | { id: string; kind: 'resync' }
  | { id: string; kind: 'settings' }
  | { id: string; kind: 'reveal' }
  | { id: string; kind: 'albums' };

export interface LiveViewer {
  viewer: Viewer;
  /**
   * the event now: its status (past viewable-until, guests and visitors see no media: domain/permissions.ts
   * `seesMedia`) and whether its reveal is still to come (`revealLets`)
   */
  eventNow: () => EventNow;
  /** told once when the stream ends, whoever ends it; `farBehind` when it ended for not reading */
  onClose?: (farBehind: boolean) => void;
}

export interface LiveSubscription {
  /** The next message, 'ping' when the stream was quiet for a heartbeat, or null once the stream is over. */
  next(): Promise<Delivery | 'ping' | null>;
  /** Ends the stream (the client went away). */
  close(): void;
}

/**
 * The rule of the uploads list for one row (uploads.service `list` applies it in SQL; uploads-visibility.test.ts
 * holds the two to one table): admin and the host of the event see everything; guests and visitors approved
 * media in visible albums until viewable-until, and a guest also their own; before the reveal only their own.
 */
export function seesUpload(row: UploadRow, albumVisible: boolean, viewer: Viewer, event: EventNow): boolean {
  if (!seesMedia(viewer, event)) return false;
  if (seesWholeEvent(viewer, row.eventId)) return true;
  if (!revealLets(viewer, event, row.userId)) return false;
  if (!albumVisible) return false;
  return row.approved || can(viewer, 'seeUnapproved', { ownerUserId: row.userId });
}

/** What one viewer notices of a change: it appears, changes, goes, or nothing. */
export function kindFor(change: UploadChange, viewer: Viewer, event: EventNow): LiveKind | null {
  const was = change.before !== null && seesUpload(change.before, change.beforeAlbumVisible, viewer, event);
  const is = change.after !== null && seesUpload(change.after, change.afterAlbumVisible, viewer, event);
  if (!was && is) return 'upload';
  if (was && is) return 'update';
  if (was && !is) return 'remove';
  return null;
}

/** One open stream: its viewer, what waits for its connection, and how far it got. */
class Stream implements LiveSubscription {
  private queue: (Delivery | 'ping')[] = [];
  /** a 'resync' stands in for what overflowed the queue; changes dropped since */
  private behind: { resync: Delivery & { kind: 'resync' }; dropped: number } | null = null;
  private wake: ((value: Delivery | 'ping' | null) => void) | null = null;
  open = true;

  constructor(
    readonly eventId: number,
    readonly viewer: LiveViewer,
    /** the last change this stream was offered (replayed or fanned out): later fan-outs skip older ones */
    public lastSeq: number,
    private readonly onEnd: (stream: Stream) => void,
  ) {}

  push(item: Delivery | 'ping') {
    if (!this.open) return;
    if (this.wake) {
      const wake = this.wake;
      this.wake = null;
      return wake(item);
    }
    if (item === 'ping') {
      if (this.queue.length === 0) this.queue.push(item);
      return;
    }
    if (this.behind) {
      // The client will reload everything anyway; still not reading after as many again: far behind, closed.
      this.behind.resync.id = item.id;
      if (++this.behind.dropped > QUEUE_LIMIT) this.close(true);
      return;
    }
    if (this.queue.length < QUEUE_LIMIT) return void this.queue.push(item);
    this.behind = { resync: { id: item.id, kind: 'resync' }, dropped: 0 };
    this.queue = [this.behind.resync];
  }

  next(): Promise<Delivery | 'ping' | null> {
    const item = this.queue.shift();
    if (item !== undefined) {
      if (item !== 'ping' && item === this.behind?.resync) this.behind = null;
      return Promise.resolve(item);
    }
    if (!this.open) return Promise.resolve(null);
    return new Promise((resolve) => (this.wake = resolve));
  }

  close(farBehind = false) {
    if (!this.open) return;
    this.open = false;
    this.queue = [];
    this.wake?.(null);
    this.wake = null;
    this.onEnd(this);
    this.viewer.onClose?.(farBehind);
  }
}

export function createLiveService(deps: { db: Db }) {
  const { db } = deps;
  /** New per process: ids of an earlier run cannot be replayed (their ring is gone). */
  const bootId = randomHex(4);
  let seq = 0;
  const rings = new Map<number, { entries: Entry[]; droppedUpTo: number }>();
  const streams = new Map<number, Set<Stream>>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let streamCount = 0;
  /** entries recorded but not yet handed to every stream of their event */
  const pending: Entry[] = [];
  let fanningOut = false;
  /** set while a bulk action runs: its changes, collected */
  let bulk: Omit<UploadChange, 'seq'>[] | null = null;

  const idOf = (n: number) => `${bootId}.${n}`;
  const seqOf = (e: Entry) => ('seq' in e ? e.seq : e.change.seq);
  const eventOf = (e: Entry) => ('eventId' in e ? e.eventId : e.change.eventId);
  const albumVisible = (albumId: number) =>
    db.select({ visible: albums.visible }).from(albums).where(eq(albums.id, albumId)).get()?.visible ?? false;

  /** What one stream gets of an entry, or nothing. */
  function deliveryFor(entry: Entry, stream: Stream): Delivery | null {
    const id = idOf(seqOf(entry));
    if (entry.kind === 'resync' || entry.kind === 'settings' || entry.kind === 'albums' || entry.kind === 'reveal')
      return { id, kind: entry.kind } as Delivery;
    const { viewer } = stream.viewer;
    const event = stream.viewer.eventNow();
    const status = event.status;
    if (entry.kind === 'nickname') {
      const uploadIds = entry.change.uploads.filter((u) => seesUpload(u.row, u.albumVisible, viewer, event)).map((u) => u.row.id);
      return uploadIds.length > 0 ? { id, kind: 'nickname', nickname: entry.change.nickname, uploadIds } : null;
    }
    if (entry.kind === 'guestbook') {
      const { before, after } = entry.change;
      const was = before !== null && seesGuestbookEntry(before, viewer, status);
      const is = after !== null && seesGuestbookEntry(after, viewer, status);
      if (is) return { id, kind: 'guestbook', entry: after };
      return was ? { id, kind: 'guestbook-remove', entry: before } : null;
    }
    const kind = kindFor(entry.change, viewer, event);
    return kind && { id, kind, row: (kind === 'remove' ? entry.change.before : entry.change.after)! };
  }

  function offer(entry: Entry, stream: Stream) {
    const s = seqOf(entry);
    if (!stream.open || s <= stream.lastSeq) return;
    stream.lastSeq = s;
    const delivery = deliveryFor(entry, stream);
    if (delivery) stream.push(delivery);
  }

  /** Hands pending entries to their streams, FANOUT_BATCH streams per turn of the event loop. */
  async function fanOut() {
    try {
      for (let entry = pending.shift(); entry; entry = pending.shift()) {
        const targets = [...(streams.get(eventOf(entry)) ?? [])];
        for (let i = 0; i < targets.length; i += FANOUT_BATCH) {
          if (i > 0) await new Promise((resolve) => setImmediate(resolve));
          for (const stream of targets.slice(i, i + FANOUT_BATCH)) offer(entry, stream);
        }
      }
    } finally {
      fanningOut = false;
    }
  }

  function publish(entry: Entry) {
    const eventId = eventOf(entry);
    let ring = rings.get(eventId);
    if (!ring) rings.set(eventId, (ring = { entries: [], droppedUpTo: 0 }));
    if (entry.kind === 'resync' || entry.kind === 'reveal') {
      // Everything before it is covered by the reload: a reconnect from before gets a resync.
      ring.entries = [];
      ring.droppedUpTo = entry.seq;
    } else if (entry.kind !== 'settings') {
      ring.entries.push(entry);
      if (ring.entries.length > RING_SIZE) ring.droppedUpTo = seqOf(ring.entries.shift()!);
    }
    if (!streams.has(eventId)) return;
    pending.push(entry);
    if (fanningOut) return;
    fanningOut = true;
    setImmediate(() => void fanOut());
  }

  function recordChange(change: Omit<UploadChange, 'seq'>) {
    if (bulk) return void bulk.push(change);
    publish({ kind: 'upload', change: { seq: ++seq, ...change } });
  }

  function resync(eventId: number) {
    publish({ kind: 'resync', seq: ++seq, eventId });
  }

  return {
    /** An upload was added (before null), changed, or deleted (after null). */
    uploadChanged(before: UploadRow | null, after: UploadRow | null) {
      const eventId = (after ?? before)?.eventId;
      if (eventId === undefined) return;
      recordChange({
        eventId,
        before,
        after,
        beforeAlbumVisible: before ? albumVisible(before.albumId) : false,
        afterAlbumVisible: after ? albumVisible(after.albumId) : false,
      });
    },

    /**
     * Runs an action that may change many uploads of the event (sharing all of a guest's, a moderation of a
     * selection): up to BULK_LIMIT changes go out one by one, more as one 'resync'.
     */
    bulk<T>(eventId: number, action: () => T): T {
      if (bulk) return action();
      const changes: Omit<UploadChange, 'seq'>[] = (bulk = []);
      try {
        return action();
      } finally {
        bulk = null;
        if (changes.length > BULK_LIMIT) resync(eventId);
        else for (const change of changes) recordChange(change);
      }
    },

    /** A guestbook entry was written (before null), approved or withdrawn, or deleted (after null). */
    guestbookChanged(before: GuestbookRow | null, after: GuestbookRow | null) {
      const eventId = (after ?? before)?.eventId;
      if (eventId === undefined) return;
      publish({ kind: 'guestbook', change: { seq: ++seq, eventId, before, after } });
    },

    /** A guest's nickname changed: one message naming the uploads it shows on, for those who see them. */
    nicknameChanged(eventId: number, userId: string, nickname: string | null, rows: UploadRow[]) {
      if (rows.length === 0) return;
      const albumIds = [...new Set(rows.map((r) => r.albumId))];
      const visibleAlbums = new Set(
        db
          .select({ id: albums.id })
          .from(albums)
          .where(and(inArray(albums.id, albumIds), eq(albums.visible, true)))
          .all()
          .map((a) => a.id),
      );
      publish({
        kind: 'nickname',
        change: {
          seq: ++seq,
          eventId,
          userId,
          nickname,
          uploads: rows.map((row) => ({ row, albumVisible: visibleAlbums.has(row.albumId) })),
        },
      });
    },

    /**
     * Something that changes many uploads at once for some viewers (an album hidden, shown or deleted):
     * every open stream of the event reloads its list, and so does every later reconnect from before it.
     */
    resync,

    /**
     * Einwegkamera: the event's reveal has come (services/reveal.service.ts): every open page reloads what it
     * sees, now everyone's, and celebrates; a later reconnect from before it gets a 'resync'.
     */
    revealed(eventId: number) {
      publish({ kind: 'reveal', seq: ++seq, eventId });
    },

    /**
     * The event's settings changed (the wall's layout, say): every open stream is told to fetch the event
     * again. Not replayed: a client that reconnects fetches the event anyway.
     */
    settingsChanged(eventId: number) {
      publish({ kind: 'settings', seq: ++seq, eventId });
    },

    /**
     * The event's albums changed (one made, renamed, a photo challenge added or taken away): every open stream
     * is told to fetch the album list again (its counts are each viewer's own). Replayed on a reconnect.
     */
    albumsChanged(eventId: number) {
      publish({ kind: 'albums', seq: ++seq, eventId });
    },

    /**
     * Opens a stream: first what the client missed since `lastEventId` (or 'resync' when that cannot be
     * told, or nothing for a new client), then every change as it happens.
     */
    subscribe(eventId: number, viewer: LiveViewer, lastEventId: string | null): LiveSubscription {
      const ring = rings.get(eventId);
      const stream = new Stream(eventId, viewer, seq, (s) => {
        const set = streams.get(s.eventId);
        set?.delete(s);
        if (set?.size === 0) streams.delete(s.eventId);
        if (--streamCount === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
      });
      if (lastEventId !== null) {
        const [boot, n] = lastEventId.split('.');
        const last = Number(n);
        const replayable = boot === bootId && Number.isSafeInteger(last) && last <= seq && last >= (ring?.droppedUpTo ?? 0);
        if (!replayable) stream.push({ id: idOf(seq), kind: 'resync' });
        else {
          stream.lastSeq = last;
          for (const entry of ring?.entries ?? []) offer(entry, stream);
          stream.lastSeq = seq;
        }
      }
      let set = streams.get(eventId);
      if (!set) streams.set(eventId, (set = new Set()));
      set.add(stream);
      streamCount++;
      // One timer for all streams, running only while any is open.
      heartbeat ??= setInterval(() => {
        for (const s of streams.values()) for (const one of s) one.push('ping');
      }, HEARTBEAT_MS);
      return stream;
    },

    /**
     * Ends the event's streams but keeps its ring: the clients reconnect with their Last-Event-ID and are judged
     * again (the event's dates changed, and with them until when guests may see media).
     */
    reconnect(eventId: number) {
      for (const stream of [...(streams.get(eventId) ?? [])]) stream.close();
    },

    /** The event is gone: its streams end and its ring is dropped. */
    forget(eventId: number) {
      for (const stream of [...(streams.get(eventId) ?? [])]) stream.close();
      rings.delete(eventId);
    },

    /** Ends every open stream, so a stopping server need not wait for them. */
    closeAll() {
      for (const set of [...streams.values()]) for (const stream of [...set]) stream.close();
    },

    /** The id a new client starts from (sent with its first message). */
    currentId: () => idOf(seq),

    get openStreams() {
      return streamCount;
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
