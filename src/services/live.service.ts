import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums } from '../db/schema.ts';
import { randomHex } from '../lib/ids.ts';
import type { UploadRow } from './uploads.service.ts';
import { can, seesWholeEvent, type Viewer } from '../domain/permissions.ts';

/**
 * The event bus behind the live stream (`GET /api/event/{id}/live`). Ingest, moderation and the video job
 * publish every change of an upload as a before/after pair; each open stream turns it into what its viewer
 * may notice (appears, changes, goes) with the same rule as the uploads list.
 *
 * Changes are kept in a short in-memory ring per event with a monotonic sequence number, so a client that
 * reconnects with `Last-Event-ID` gets exactly what it missed. Ids carry a boot id: after a restart, or when
 * the client is further behind than the ring reaches, it gets a 'resync' and reloads the list instead.
 */

/** Changes kept per event for reconnecting clients: a few minutes of a busy wedding. */
export const RING_SIZE = 500;
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

export type LiveKind = 'upload' | 'update' | 'remove';
export type Delivery = { id: string; kind: LiveKind; row: UploadRow } | { id: string; kind: 'resync' | 'settings' };

export interface LiveSubscriber {
  viewer: Viewer;
  /** whether media of the event are past their viewable-until date (then guests see nothing) */
  mediaExpired: () => boolean;
  deliver(d: Delivery): void;
  ping(): void;
  /** ends the stream (the server is stopping) */
  close(): void;
}

/**
 * The rule of the uploads list for one row (uploads.service `list` applies it in SQL): admin and the host of
 * the event see everything; guests and visitors approved media in visible albums until viewable-until, and a
 * guest also their own.
 */
export function seesUpload(row: UploadRow, albumVisible: boolean, viewer: Viewer, mediaExpired: boolean): boolean {
  if (seesWholeEvent(viewer, row.eventId)) return true;
  if (mediaExpired || !albumVisible) return false;
  return row.approved || can(viewer, 'seeUnapproved', { ownerUserId: row.userId });
}

/** What one viewer notices of a change: it appears, changes, goes, or nothing. */
export function kindFor(change: UploadChange, viewer: Viewer, mediaExpired: boolean): LiveKind | null {
  const was = change.before !== null && seesUpload(change.before, change.beforeAlbumVisible, viewer, mediaExpired);
  const is = change.after !== null && seesUpload(change.after, change.afterAlbumVisible, viewer, mediaExpired);
  if (!was && is) return 'upload';
  if (was && is) return 'update';
  if (was && !is) return 'remove';
  return null;
}

export function createLiveService(deps: { db: Db }) {
  const { db } = deps;
  /** New per process: ids of an earlier run cannot be replayed (their ring is gone). */
  const bootId = randomHex(4);
  let seq = 0;
  const rings = new Map<number, { changes: UploadChange[]; droppedUpTo: number }>();
  const subscribers = new Map<number, Set<LiveSubscriber>>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let subscriberCount = 0;

  const idOf = (n: number) => `${bootId}.${n}`;
  const albumVisible = (albumId: number) => db.select({ visible: albums.visible }).from(albums).where(eq(albums.id, albumId)).get()?.visible ?? false;

  function deliver(sub: LiveSubscriber, change: UploadChange) {
    const kind = kindFor(change, sub.viewer, sub.mediaExpired());
    if (kind) sub.deliver({ id: idOf(change.seq), kind, row: (kind === 'remove' ? change.before : change.after)! });
  }

  function record(eventId: number, change: Omit<UploadChange, 'seq' | 'eventId'>) {
    const full: UploadChange = { seq: ++seq, eventId, ...change };
    let ring = rings.get(eventId);
    if (!ring) rings.set(eventId, (ring = { changes: [], droppedUpTo: 0 }));
    ring.changes.push(full);
    if (ring.changes.length > RING_SIZE) ring.droppedUpTo = ring.changes.shift()!.seq;
    for (const sub of subscribers.get(eventId) ?? []) deliver(sub, full);
  }

  return {
    /** An upload was added (before null), changed, or deleted (after null). */
    uploadChanged(before: UploadRow | null, after: UploadRow | null) {
      const eventId = (after ?? before)?.eventId;
      if (eventId === undefined) return;
      record(eventId, {
        before,
        after,
        beforeAlbumVisible: before ? albumVisible(before.albumId) : false,
        afterAlbumVisible: after ? albumVisible(after.albumId) : false,
      });
    },

    /**
     * Something that changes many uploads at once for some viewers (an album hidden, shown or deleted):
     * every open stream of the event reloads its list, and so does every later reconnect from before it.
     */
    resync(eventId: number) {
      const ring = rings.get(eventId) ?? { changes: [], droppedUpTo: 0 };
      ring.changes = [];
      ring.droppedUpTo = ++seq;
      rings.set(eventId, ring);
      for (const sub of subscribers.get(eventId) ?? []) sub.deliver({ id: idOf(seq), kind: 'resync' });
    },

    /**
     * The event's settings changed (the wall's layout, say): every open stream is told to fetch the event
     * again. Not replayed: a client that reconnects fetches the event anyway.
     */
    settingsChanged(eventId: number) {
      for (const sub of subscribers.get(eventId) ?? []) sub.deliver({ id: idOf(seq), kind: 'settings' });
    },

    /**
     * Opens a stream: first what the client missed since `lastEventId` (or 'resync' when that cannot be
     * told, or nothing for a new client), then every change as it happens. Returns the unsubscribe.
     */
    subscribe(eventId: number, sub: LiveSubscriber, lastEventId: string | null): () => void {
      const ring = rings.get(eventId);
      if (lastEventId !== null) {
        const [boot, n] = lastEventId.split('.');
        const last = Number(n);
        const replayable = boot === bootId && Number.isSafeInteger(last) && last <= seq && last >= (ring?.droppedUpTo ?? 0);
        if (!replayable) sub.deliver({ id: idOf(seq), kind: 'resync' });
        else for (const change of ring?.changes ?? []) if (change.seq > last) deliver(sub, change);
      }
      let set = subscribers.get(eventId);
      if (!set) subscribers.set(eventId, (set = new Set()));
      set.add(sub);
      subscriberCount++;
      // One timer for all streams, running only while any is open.
      heartbeat ??= setInterval(() => {
        for (const s of subscribers.values()) for (const one of s) one.ping();
      }, HEARTBEAT_MS);
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        set.delete(sub);
        if (set.size === 0) subscribers.delete(eventId);
        if (--subscriberCount === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
      };
    },

    /**
     * Ends the event's streams but keeps its ring: the clients reconnect with their Last-Event-ID and are judged
     * again (the event's dates changed, and with them until when guests may see media).
     */
    reconnect(eventId: number) {
      for (const sub of [...(subscribers.get(eventId) ?? [])]) sub.close();
    },

    /** The event is gone: its streams end and its ring is dropped. */
    forget(eventId: number) {
      for (const sub of [...(subscribers.get(eventId) ?? [])]) sub.close();
      rings.delete(eventId);
    },

    /** Ends every open stream, so a stopping server need not wait for them. */
    closeAll() {
      for (const set of [...subscribers.values()]) for (const sub of [...set]) sub.close();
    },

    /** The id a new client starts from (sent with its first message). */
    currentId: () => idOf(seq),

    get openStreams() {
      return subscriberCount;
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
