import { and, count, desc, eq } from 'drizzle-orm';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import { guestbookEntries, jobs, type GuestbookRow } from '../db/schema.ts';
import {
  ATTACHMENT_MAX_SECONDS,
  GUESTBOOK_LIMITS,
  GUESTBOOK_NAME_MAX,
  GUESTBOOK_TEXT_MAX,
  seesGuestbookEntry,
  visibleLength,
  type AttachmentKind,
} from '../domain/guestbook.ts';
import type { Viewer } from '../domain/permissions.ts';
import { GUESTBOOK_ATTACHMENT_JOB } from '../jobs/guestbook-attachment.job.ts';
import { cleanDisplayName, cleanMessageText } from '../lib/display-names.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { randomHex } from '../lib/ids.ts';
import { MediaError } from '../media/media-error.ts';
import type { MediaTools } from '../media/media-tools.ts';
import type { SniffedAttachment } from '../media/sniff.ts';
import { asStorageError, isNoSpace, removeFile, type WrittenFile } from '../storage/file-writer.ts';
import { DERIVED, photoOutputs, type MediaStore } from '../storage/media-store.ts';
import { cleanName } from './ingest/commit.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';
import { authorize } from './authorize.ts';
import type { EventView } from './events.service.ts';
import type { GuestsService } from './guests.service.ts';
import type { LiveService } from './live.service.ts';

export type { GuestbookRow };

/** What a guest (or the admin) writes: the text, and a name typed for this entry (else the guest's nickname). */
export interface GuestbookInput {
  text: string;
  name?: string | null;
}

/** An attachment as received: the file in tmp/ (ingest streamed it there) and the name the phone gave it. */
export interface ReceivedAttachment {
  file: WrittenFile;
  fileName: string;
}

/** 415 for a file that is no attachment we can read: disguised, of another type, or damaged. */
export const attachmentRefused = (variant: 'guestbookType' | 'guestbookBroken' | 'guestbookNoSound') =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', variant);

/**
 * A message past 1,000 characters: the guestbook's own refusal, whichever way it came (JSON, or a form field too
 * long to carry, whose length is then not known).
 */
export const guestbookTextTooLong = (length?: number) =>
  badRequest('guestbookTextTooLong', { field: 'text', ...(length === undefined ? {} : { length }), max: GUESTBOOK_TEXT_MAX });

/** One token back every 12 s: five entries in a minute, then one every 12 s. */
const PER_MINUTE_REFILL_MS = 60_000 / GUESTBOOK_LIMITS.perMinute;

/**
 * The guestbook of an event: guests write while the event takes uploads, everyone reads what the uploads
 * list's rule gives them (domain/guestbook.ts), a guest deletes their own, the host and the admin moderate.
 */
export function createGuestbookService(deps: {
  db: Db;
  guests: GuestsService;
  live: LiveService;
  store: MediaStore;
  tools: MediaTools;
  /** told when an attachment's job was queued, so the worker starts at once */
  onJobQueued?: () => void;
  now?: () => Date;
}) {
  const { db, guests, live, store, tools } = deps;
  const now = deps.now ?? (() => new Date());
  const perMinute = new RateLimiter({ burst: GUESTBOOK_LIMITS.perMinute, refillMs: PER_MINUTE_REFILL_MS }, () => now().getTime());

  function get(eventId: number, entryId: number): GuestbookRow {
    const row = db
      .select()
      .from(guestbookEntries)
      .where(and(eq(guestbookEntries.id, entryId), eq(guestbookEntries.eventId, eventId)))
      .get();
    if (!row) throw notFound('guestbookEntry');
    return row;
  }

  /** The text as stored: plain text without invisible characters, 1 to 1,000 characters. */
  function cleanText(raw: string, withAttachment = false): string {
    const text = cleanMessageText(raw);
    // A selfie, a video or a voice message may stand alone; a written entry needs its words.
    if (text.length === 0 && !withAttachment) throw badRequest('guestbookTextEmpty', { field: 'text' });
    const length = visibleLength(text);
    if (length > GUESTBOOK_TEXT_MAX) throw guestbookTextTooLong(length);
    return text;
  }

  /** The signature: the name typed for this entry, else the guest's nickname; cleaned as names are. */
  function signature(event: EventView, viewer: Viewer, typed: string | null | undefined): string {
    const name = cleanDisplayName(typed ?? '').trim() || (viewer.kind === 'guest' ? (guests.nickname(event.id, viewer.userId) ?? '') : '');
    if (!name) throw badRequest('guestbookNameRequired', { field: 'name' });
    if (visibleLength(name) > GUESTBOOK_NAME_MAX) throw badRequest('guestbookNameTooLong', { field: 'name', max: GUESTBOOK_NAME_MAX });
    return name;
  }

  /** A guest's allowance: 20 entries in all, 5 a minute (429 saying which). */
  function assertAllowance(eventId: number, userId: string) {
    assertTotalLeft(eventId, userId);
    if (!perMinute.take(`${eventId}/${userId}`))
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'guestbookPerMinute', { perMinute: GUESTBOOK_LIMITS.perMinute });
  }

  function assertTotalLeft(eventId: number, userId: string) {
    const written = db
      .select({ n: count() })
      .from(guestbookEntries)
      .where(and(eq(guestbookEntries.eventId, eventId), eq(guestbookEntries.userId, userId)))
      .get()!.n;
    if (written >= GUESTBOOK_LIMITS.perGuest)
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'guestbookTotal', { maxEntries: GUESTBOOK_LIMITS.perGuest });
  }

  /**
   * What the attachment is, by content and then by what ffprobe and a decode find in it (issue 27): the
   * kind, and how long it plays. Refuses (nothing is kept) what is disguised, damaged, silent or too long.
   */
  async function examine(path: string, type: SniffedAttachment): Promise<{ kind: AttachmentKind; seconds: number | null }> {
    if (type.family === 'photo') return { kind: 'photo', seconds: null };
    const streams = await tools.probeAttachment(path, type.demuxer!);
    const kind: AttachmentKind = type.family === 'av' && streams.video ? 'video' : 'audio';
    if (kind === 'audio' && !streams.audio) throw attachmentRefused('guestbookNoSound');
    const max = ATTACHMENT_MAX_SECONDS[kind];
    // Sound is decoded (a recording's header may lack its length or claim another); a video's length is its container's.
    const seconds = kind === 'audio' ? await tools.decodedAudioSeconds(path, type.demuxer!, max + 1) : streams.durationSeconds;
    if (seconds === null) throw attachmentRefused('guestbookBroken');
    if (seconds > max + 0.5)
      throw badRequest(kind === 'video' ? 'guestbookVideoTooLong' : 'guestbookVoiceTooLong', {
        field: 'file',
        // The decode stopped just past the limit: the guest is told the length the recording says it has.
        seconds: Math.round(Math.max(seconds, streams.durationSeconds ?? 0)),
        maxSeconds: max,
      });
    if (kind === 'video') await tools.probeVideo(path); // a picture ffprobe can read, or refused here rather than in the queue
    return { kind, seconds };
  }

  /** An attachment's files moved into its folder; photos get their derivatives here, video and sound in the queue. */
  async function place(event: EventView, attachment: ReceivedAttachment, type: SniffedAttachment, key: string) {
    const dir = store.makeGuestbookDir(event.id, key);
    const original = join(dir, `original.${type.ext}`);
    store.commit(attachment.file.path, original);
    if (type.family === 'photo') await tools.processPhoto(original, photoOutputs(dir));
    return dir;
  }

  /** A MediaError is the file's fault: the guest's message; anything else (a full disk) stays what it is. */
  function asAttachmentError(err: unknown): unknown {
    if (err instanceof MediaError) return attachmentRefused('guestbookBroken');
    return isNoSpace(err) ? asStorageError(err) : err;
  }

  function insert(event: EventView, viewer: Viewer, values: Omit<typeof guestbookEntries.$inferInsert, 'eventId' | 'userId' | 'approved'>) {
    return db.transaction((tx) => {
      const row = tx
        .insert(guestbookEntries)
        .values({
          eventId: event.id,
          userId: viewer.kind === 'guest' ? viewer.userId : null,
          approved: viewer.kind === 'admin' || event.autoShareUploads,
          ...values,
        })
        .returning()
        .get();
      if (row.attachmentState === 'processing') tx.insert(jobs).values({ kind: GUESTBOOK_ATTACHMENT_JOB, guestbookEntryId: row.id }).run();
      return row;
    });
  }

  return {
    get,

    /** An entry by its id alone (a chunked attachment's session remembers the entry it became). */
    byId(entryId: number): GuestbookRow | undefined {
      return db.select().from(guestbookEntries).where(eq(guestbookEntries.id, entryId)).get();
    },

    /**
     * What can be decided of an entry with an attachment before its file arrives (an attachment sent in
     * chunks is checked so before its first chunk is kept): the right to write, the text, the name, the
     * guest's entries left. The per-minute allowance and the file are decided when the entry is written.
     */
    checkInput(event: EventView, viewer: Viewer, input: GuestbookInput): void {
      authorize(viewer, 'writeGuestbook', { eventId: event.id, eventStatus: event.status });
      cleanText(input.text, true);
      signature(event, viewer, input.name);
      if (viewer.kind === 'guest') assertTotalLeft(event.id, viewer.userId);
    },

    /** The entry whose attachment a media URL names (its random key), if any. */
    byAttachmentKey(key: string): GuestbookRow | undefined {
      return db.select().from(guestbookEntries).where(eq(guestbookEntries.attachmentKey, key)).get();
    },

    /** The entries the viewer may see, newest first. */
    list(event: EventView, viewer: Viewer): GuestbookRow[] {
      authorize(viewer, 'readGuestbook', { eventId: event.id });
      return db
        .select()
        .from(guestbookEntries)
        .where(eq(guestbookEntries.eventId, event.id))
        .orderBy(desc(guestbookEntries.createdAt), desc(guestbookEntries.id))
        .all()
        .filter((row) => seesGuestbookEntry(row, viewer, event.status));
    },

    /** Every entry of the event (the host's moderation, the keepsake), newest first. */
    all(eventId: number): GuestbookRow[] {
      return db
        .select()
        .from(guestbookEntries)
        .where(eq(guestbookEntries.eventId, eventId))
        .orderBy(desc(guestbookEntries.createdAt), desc(guestbookEntries.id))
        .all();
    },

    /** A new entry: shared at once when the event shares uploads at once (or the admin writes it), else after approval. */
    create(event: EventView, viewer: Viewer, input: GuestbookInput): GuestbookRow {
      authorize(viewer, 'writeGuestbook', { eventId: event.id, eventStatus: event.status });
      const text = cleanText(input.text);
      const name = signature(event, viewer, input.name);
      if (viewer.kind === 'guest') assertAllowance(event.id, viewer.userId);
      const row = insert(event, viewer, { name, text });
      live.guestbookChanged(null, row);
      return row;
    },

    /**
     * A new entry with its attachment (issue 27), the file already streamed into tmp/. The text and name are
     * checked first, then the file (by content, ffprobe, a decode); whatever is refused leaves nothing behind.
     * A photo is shown at once; a video or voice message is 'processing' until the queue has made it playable.
     */
    async createWithAttachment(
      event: EventView,
      viewer: Viewer,
      input: GuestbookInput,
      attachment: ReceivedAttachment,
    ): Promise<GuestbookRow> {
      /** the key of files placed but not yet listed by a row: removed when the insert fails */
      let placed: string | null = null;
      try {
        authorize(viewer, 'writeGuestbook', { eventId: event.id, eventStatus: event.status });
        const text = cleanText(input.text, true);
        const name = signature(event, viewer, input.name);
        const type = tools.sniffAttachment(attachment.file.head);
        if (!type) throw attachmentRefused('guestbookType');
        const { kind, seconds } = await examine(attachment.file.path, type).catch((err: unknown) => {
          throw asAttachmentError(err);
        });
        if (viewer.kind === 'guest') assertAllowance(event.id, viewer.userId);
        const key = randomHex(16);
        placed = key;
        await place(event, attachment, type, key).catch((err: unknown) => {
          throw asAttachmentError(err);
        });
        const row = insert(event, viewer, {
          name,
          text,
          attachmentKind: kind,
          attachmentKey: key,
          attachmentExt: type.ext,
          attachmentMime: kind === 'audio' && type.mime.startsWith('video/') ? type.mime.replace('video/', 'audio/') : type.mime,
          attachmentBytes: attachment.file.size,
          attachmentName: cleanName(attachment.fileName, type.ext),
          attachmentSeconds: seconds,
          attachmentState: kind === 'photo' ? 'ready' : 'processing',
          attachmentPlayable: kind === 'photo' ? DERIVED.photoPreview : null,
        });
        placed = null;
        if (row.attachmentState === 'processing') deps.onJobQueued?.();
        live.guestbookChanged(null, row);
        return row;
      } finally {
        removeFile(attachment.file.path);
        if (placed) store.removeGuestbookFiles(event.id, placed);
      }
    },

    delete(eventId: number, entryId: number, viewer: Viewer) {
      const row = get(eventId, entryId);
      authorize(viewer, 'deleteGuestbook', { eventId, ownerUserId: row.userId });
      db.delete(guestbookEntries).where(eq(guestbookEntries.id, row.id)).run();
      if (row.attachmentKey) store.removeGuestbookFiles(eventId, row.attachmentKey);
      live.guestbookChanged(row, null);
    },

    /** Approve (share) or withdraw an entry: the host of the event and the admin. */
    setApproved(eventId: number, entryId: number, approved: boolean, viewer: Viewer): GuestbookRow {
      const row = get(eventId, entryId);
      authorize(viewer, 'moderateGuestbook', { eventId });
      if (row.approved === approved) return row;
      const updated = db.update(guestbookEntries).set({ approved }).where(eq(guestbookEntries.id, row.id)).returning().get()!;
      live.guestbookChanged(row, updated);
      return updated;
    },
  };
}

export type GuestbookService = ReturnType<typeof createGuestbookService>;
