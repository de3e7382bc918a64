import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import { guestbookEntries, type GuestbookRow } from '../db/schema.ts';
import type { MediaTools } from '../media/media-tools.ts';
import { attachmentDemuxer } from '../media/sniff.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';
import type { JobHandler } from './queue.ts';

/**
 * A guestbook video or voice message made playable in every browser (issue 27): a video gets its poster
 * and, unless browsers play the original, the H.264 preview uploads get; a voice message becomes AAC in MP4.
 * Its entry is 'processing' until then. The request has already refused what ffprobe or a decode cannot
 * read, so a failure here is rare: the entry is then marked failed (text kept, no player).
 */
export const GUESTBOOK_ATTACHMENT_JOB = 'guestbook-attachment';

/** A 60 s video's preview on a Pi takes minutes at most; the transcode's own time-out follows its frames. */
const JOB_CEILING_MS = 30 * 60_000;

export function guestbookAttachmentJob(deps: {
  db: Db;
  store: MediaStore;
  tools: MediaTools;
  /** told when an attachment became playable or failed (the live stream announces it) */
  onChanged?: (before: GuestbookRow, after: GuestbookRow) => void;
}): JobHandler {
  const { db, store, tools } = deps;
  const load = (id: number | null) =>
    id === null ? undefined : db.select().from(guestbookEntries).where(eq(guestbookEntries.id, id)).get();

  /** Records the outcome on the entry as it is now (it may have been approved or deleted meanwhile). */
  function finish(id: number, set: Partial<GuestbookRow>) {
    const before = load(id);
    if (!before) return false;
    const after = db.update(guestbookEntries).set(set).where(eq(guestbookEntries.id, id)).returning().get()!;
    deps.onChanged?.(before, after);
    return true;
  }

  return {
    lane: 'transcode',
    timeoutMs: () => JOB_CEILING_MS,
    async run(job, signal) {
      const row = load(job.guestbookEntryId);
      if (!row?.attachmentKey || row.attachmentState !== 'processing') return; // deleted meanwhile, or done before a restart
      const dir = store.guestbookDir(row.eventId, row.attachmentKey);
      const original = join(dir, `original.${row.attachmentExt}`);
      let playable: string;
      if (row.attachmentKind === 'video') {
        await tools.makeVideoThumbnail(original, join(dir, DERIVED.thumbnail));
        const info = await tools.probeVideo(original);
        playable = info.playable ? 'original' : DERIVED.videoPreview;
        if (!info.playable) await tools.makeVideoPreview(original, join(dir, DERIVED.videoPreview), signal);
      } else {
        await tools.makeVoicePreview(original, attachmentDemuxer(row.attachmentExt ?? '')!, join(dir, DERIVED.voicePreview), signal);
        playable = DERIVED.voicePreview;
      }
      // Deleted while it was made: leave nothing behind.
      if (!finish(row.id, { attachmentState: 'ready', attachmentPlayable: playable }))
        store.removeGuestbookFiles(row.eventId, row.attachmentKey);
    },
    failed(job) {
      if (job.guestbookEntryId !== null) finish(job.guestbookEntryId, { attachmentState: 'failed' });
    },
  };
}
