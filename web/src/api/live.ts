import type { GuestbookEntryDto, UploadDto } from '../../../src/http/api-types';
import { authHeaders, onUnauthorized } from './http';

// The client of GET /api/event/{id}/live (Server-Sent Events, see docs/api.md). Read with fetch rather than
// EventSource so the admin's Bearer header can go along; it reconnects by itself (Wi-Fi drop, box restart)
// and sends the last id back as Last-Event-ID, so the server replays what was missed or says 'resync'.

export type LiveChange =
  | { kind: 'upload' | 'update'; upload: UploadDto }
  | { kind: 'remove'; id: number }
  /** a guest's new nickname: it shows on these uploads (of those this viewer sees) */
  | { kind: 'nickname'; nickname: string | null; uploadIds: number[] }
  | { kind: 'resync' };

/** A guestbook entry appeared or changed for this viewer, or went (issue 27). */
export type GuestbookChange = { kind: 'entry'; entry: GuestbookEntryDto } | { kind: 'gone'; id: number };

/** Reconnect delays: quick at first, then no faster than every 15 s while the box is away. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 15_000;
/** The server sends a heartbeat every 20 s: silence for this long means the connection died unnoticed. */
const SILENCE_MS = 50_000;
/** A 'resync' reaches every open page at once: each reloads at a random moment within this, not all in the same instant. */
const RESYNC_SPREAD_MS = 2_000;

export interface LiveOptions {
  /** the host's client token (the settings page); otherwise the guest cookie or admin token */
  clientToken?: string;
  /** watch as a visitor, whoever is signed in on this browser (the wall shows what everyone may see) */
  asVisitor?: boolean;
  /** told when the event's settings changed (the wall fetches them again) */
  onSettings?: () => void;
  /** told when an album or photo challenge was made, renamed or deleted (fetch the album list again) */
  onAlbums?: () => void;
  /** Einwegkamera: told the moment the event's gallery opens (the list then reloads as after a 'resync') */
  onReveal?: () => void;
  /** told when a guestbook entry appears, changes or goes */
  onGuestbook?: (change: GuestbookChange) => void;
  /** told when the stream is (re)connected or lost, for a status dot */
  onConnected?: (connected: boolean) => void;
}

/** Opens the stream and calls `onChange` for every change; returns the function that closes it. */
export function openLive(eventId: number, onChange: (change: LiveChange) => void, opts: LiveOptions = {}): () => void {
  let lastId: string | null = null;
  let stopped = false;
  let current: AbortController | null = null;
  let retryMs = RETRY_FIRST_MS;
  const query = opts.clientToken ? `?clientToken=${encodeURIComponent(opts.clientToken)}` : '';

  const dispatch = (event: string, data: string) => {
    if (event === 'resync') return void window.setTimeout(() => !stopped && onChange({ kind: 'resync' }), Math.random() * RESYNC_SPREAD_MS);
    if (event === 'settings') return opts.onSettings?.();
    if (event === 'albums') return opts.onAlbums?.();
    if (event === 'reveal') {
      opts.onReveal?.();
      return dispatch('resync', data);
    }
    if (event === 'nickname') {
      const { nickname, upload_ids } = JSON.parse(data) as { nickname: string | null; upload_ids: number[] };
      return onChange({ kind: 'nickname', nickname, uploadIds: upload_ids });
    }
    if (event === 'guestbook') return opts.onGuestbook?.({ kind: 'entry', entry: JSON.parse(data) as GuestbookEntryDto });
    if (event === 'guestbook-remove') return opts.onGuestbook?.({ kind: 'gone', id: (JSON.parse(data) as { id: number }).id });
    if (event !== 'upload' && event !== 'update' && event !== 'remove') return; // 'ready'
    const parsed = JSON.parse(data) as UploadDto;
    onChange(event === 'remove' ? { kind: 'remove', id: parsed.id } : { kind: event, upload: parsed });
  };

  async function connectOnce() {
    const controller = new AbortController();
    current = controller;
    let watchdog = window.setTimeout(() => controller.abort(), SILENCE_MS);
    try {
      const anonymous = opts.asVisitor || opts.clientToken !== undefined;
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...(anonymous ? {} : authHeaders()) };
      if (lastId) headers['Last-Event-ID'] = lastId;
      const credentials = opts.asVisitor ? 'omit' : 'include';
      const res = await fetch(`/api/event/${eventId}/live${query}`, { headers, credentials, signal: controller.signal, cache: 'no-store' });
      if (res.status === 401 && !anonymous) onUnauthorized(); // the admin session expired: as every other call
      if (!res.ok || !res.body) return;
      opts.onConnected?.(true);
      retryMs = RETRY_FIRST_MS;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        window.clearTimeout(watchdog);
        watchdog = window.setTimeout(() => controller.abort(), SILENCE_MS);
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) lastId = line.slice(3).trim();
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (data) dispatch(event, data);
        }
      }
    } catch {
      // network gone or aborted: reconnect below
    } finally {
      window.clearTimeout(watchdog);
      opts.onConnected?.(false);
    }
  }

  void (async () => {
    while (!stopped) {
      await connectOnce();
      if (stopped) break;
      await new Promise((resolve) => window.setTimeout(resolve, retryMs + Math.random() * 500));
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  })();

  return () => {
    stopped = true;
    current?.abort();
  };
}

/** Newest first, as the uploads list: by creation time, then id. */
const newestFirst = (a: UploadDto, b: UploadDto) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id);

/** An upload with a guest's new nickname, when it is one of theirs. */
export function renamed<T extends UploadDto>(u: T, change: Extract<LiveChange, { kind: 'nickname' }>): T {
  return change.uploadIds.includes(u.id) ? { ...u, uploader_nickname: change.nickname, nickname: change.nickname } : u;
}

/**
 * A list after one change: an upload is added or replaced in place (kept only when `belongs` says it is part
 * of this list, e.g. of this album), a removed one dropped, a new nickname put on the guest's uploads.
 * 'resync' leaves the list to the caller.
 */
export function applyChange<T extends UploadDto>(list: T[], change: LiveChange, belongs: (u: UploadDto) => boolean = () => true): T[] {
  if (change.kind === 'resync') return list;
  if (change.kind === 'nickname') return list.map((u) => renamed(u, change));
  const without = list.filter((u) => u.id !== (change.kind === 'remove' ? change.id : change.upload.id));
  if (change.kind === 'remove' || !belongs(change.upload)) return without.length === list.length ? list : without;
  return [...without, change.upload as T].sort(newestFirst);
}

/** The guestbook after one change, newest first as the server lists it. */
export function applyGuestbookChange(list: GuestbookEntryDto[], change: GuestbookChange): GuestbookEntryDto[] {
  const id = change.kind === 'gone' ? change.id : change.entry.id;
  const without = list.filter((e) => e.id !== id);
  if (change.kind === 'gone') return without;
  return [...without, change.entry].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
}
