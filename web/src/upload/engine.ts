import type {
  AlbumDto,
  ApiError,
  AttachmentChunkResult,
  ChunkResult,
  ChunkStatus,
  ErrorCode,
  GuestbookEntryDto,
  UploadDto,
  UploadResult,
} from '../../../src/http/api-types';
import { guestApi } from '../api/guest';
import { XhrFailure, xhrSend, type XhrAnswer } from '../api/xhr';
import { getT } from '../i18n';
import { albumForDate } from '../../../src/domain/albums.ts';
import type { DuplicateInfo, UploadItem } from '../store/upload-store';
import { chunkPlan, chunkRange, concurrencyFor, memoryPressure, uploadDelayMs, type ChunkPlan, type DeviceProfile } from './device';
import { dhashOfImage } from './dhash';
import { effectiveType, failureMessage, validateFile, type FailureKind } from './errors';
import { loadExifr, readMediaDate } from './media-date';
import { randomId } from './names';
import { fileKey, forgetUploadId, rememberedUploadId, rememberUploadId } from './resume-ids';
import { loadHashWasm, sha256OfFile } from './sha256';

// The upload queue (§4, §7, §9): per file the capture date picks the album, a duplicate pre-check by
// SHA-256 and dHash, then one request (small files) or chunks (large ones) over XHR for progress.
// Network errors and time-outs pause the item and resume from the chunks the server already holds.
// A guestbook entry's attachment (issue 27) is sent the same way, to the guestbook's calls.

/** What sending one file needs: the event, the device's plan, the item to show progress on, the cancel. */
export interface SendDeps {
  eventId: number;
  maxUploadSizeMB: number;
  device: DeviceProfile;
  update: (id: string, patch: Partial<UploadItem>) => void;
  toast: (message: string) => void;
  signal: AbortSignal;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** how long to wait before resume attempt n (0-based) */
  resumeDelayMs?: (attempt: number) => number;
}

export interface UploadDeps extends SendDeps {
  autoApprove: boolean;
  userId: string | null;
  /** visible albums, sorted */
  albums: () => AlbumDto[];
  selectedAlbum: () => AlbumDto | null;
  ensureUnsorted: () => Promise<AlbumDto>;
}

export interface QueueEntry {
  id: string;
  file: File;
  /** the guest chose 'Trotzdem hochladen' for a photo similar to one of theirs: no similarity check */
  uploadAnyway?: boolean;
}

export const MAX_RESUME_ATTEMPTS = 40;
export const MEMORY_RETRY_MS = 5000;
const MEMORY_RETRIES = 6;
/** Refusals no other chunk can change: the upload fails with the server's answer at once. */
const FATAL_CHUNK_CODES = new Set<ErrorCode>([
  'CONSENT_REQUIRED',
  'EVENT_NOT_STARTED',
  'EVENT_ENDED',
  'EVENT_EXPIRED',
  'UNSUPPORTED_MEDIA_TYPE',
  'FORBIDDEN',
  'NOT_FOUND',
  'INSUFFICIENT_STORAGE',
  'TOO_MANY_PARTIAL_UPLOADS',
]);

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new XhrFailure('abort'));
    const t = setTimeout(done, ms);
    // a pause also ends as soon as the browser reports the network back
    const onOnline = () => setTimeout(done, 300);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', onAbort);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      resolve();
    }
    function onAbort() {
      clearTimeout(t);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      reject(new XhrFailure('abort'));
    }
    signal.addEventListener('abort', onAbort, { once: true });
    if (typeof window !== 'undefined' && ms > 1000) window.addEventListener('online', onOnline, { once: true });
  });
}

export const defaultResumeDelay = (attempt: number) => Math.min(1500 * 2 ** attempt, 15_000);

/** Fetches what a file's first steps need (the EXIF reader, the hash), e.g. while the guest is in the picker. */
export function warmEngine() {
  void loadExifr();
  void loadHashWasm();
}

export function newItem(file: File): UploadItem {
  return {
    id: randomId(),
    fileName: file.name,
    size: file.size,
    progress: 0,
    status: 'pending',
    error: null,
    isDuplicate: false,
    duplicateInfo: null,
    targetAlbumId: null,
    targetAlbumName: null,
    extractingMetadata: false,
    mediaDate: null,
    paused: false,
    approved: null,
    retryable: false,
    previewUrl: null,
  };
}

/** A queue that takes more files while it runs (the guest picks again, or uploads a held-back photo anyway). */
export interface QueueRun {
  /** false once the run is over (all done, or cancelled): start a new one */
  add: (entries: QueueEntry[]) => boolean;
  /** the albums that got new media, when the last entry is done */
  done: Promise<Set<number>>;
}

/** Runs entries with the device's concurrency and the delay between uploads (§9), for as long as more come. */
export function startQueue(deps: UploadDeps): QueueRun {
  const affected = new Set<number>();
  const sleep = deps.sleep ?? defaultSleep;
  const concurrency = concurrencyFor(deps.device);
  const delay = uploadDelayMs(deps.device);
  const pending: QueueEntry[] = [];
  let active = 0;
  /** workers with an entry in hand (the others are starting and will take one) */
  let busy = 0;
  let over = false;
  let finish!: (albums: Set<number>) => void;
  const done = new Promise<Set<number>>((resolve) => (finish = resolve));

  const worker = async (w: number) => {
    if (w > 0) await sleep(delay * w, deps.signal).catch(() => undefined);
    while (pending.length > 0 && !deps.signal.aborted) {
      const entry = pending.shift()!;
      busy++;
      const albumId = await uploadOne(entry, deps).catch((err) => {
        if (err instanceof XhrFailure && err.kind === 'abort') {
          deps.update(entry.id, { status: 'cancelled', paused: false, error: null, extractingMetadata: false, retryable: true });
        } else {
          console.error('upload', err);
          deps.update(entry.id, {
            status: 'error',
            paused: false,
            error: (t) => t.genericUploadError,
            extractingMetadata: false,
            retryable: true,
          });
        }
        return null;
      });
      busy--;
      if (albumId !== null) affected.add(albumId);
      if (pending.length > 0) await sleep(delay, deps.signal).catch(() => undefined);
    }
    if (--active === 0) {
      over = true;
      finish(affected);
    }
  };

  return {
    add(entries) {
      if (over || deps.signal.aborted) return false;
      pending.push(...entries);
      while (active < concurrency && active - busy < pending.length) void worker(active++);
      if (active === 0) {
        over = true;
        finish(affected);
      }
      return true;
    },
    done,
  };
}

/** Runs a fixed list of entries; resolves with the albums that got new media. */
export function runQueue(entries: QueueEntry[], deps: UploadDeps): Promise<Set<number>> {
  const run = startQueue(deps);
  run.add(entries);
  return run.done;
}

/** One file from start to end; the album id it landed in, or null. */
async function uploadOne({ id, file, uploadAnyway }: QueueEntry, deps: UploadDeps): Promise<number | null> {
  const { update, device } = deps;
  const sleep = deps.sleep ?? defaultSleep;
  const invalid = validateFile(file, deps.maxUploadSizeMB);
  if (invalid) {
    update(id, { status: 'error', error: invalid });
    return null;
  }

  // §4 mobile memory check: over 80 % heap, wait 5 s and try again.
  if (device.mobile) {
    for (let i = 0; memoryPressure(); i++) {
      if (i >= MEMORY_RETRIES) {
        update(id, { status: 'error', error: failureMessage('memory', { device, large: false }) });
        return null;
      }
      await sleep(MEMORY_RETRY_MS, deps.signal);
    }
  }

  // Target album from the capture date; a photo challenge the guest picked takes the upload whatever its date (issue 28).
  update(id, { extractingMetadata: true });
  const md = await readMediaDate(file);
  const picked = deps.selectedAlbum();
  let target: AlbumDto | null = null;
  if (picked?.challenge || md.source === 'timeout') target = picked;
  else {
    target = md.date ? albumForDate(deps.albums(), md.date) : null;
    if (!target) target = await deps.ensureUnsorted().catch(() => picked);
  }
  update(id, {
    extractingMetadata: false,
    mediaDate: md.date ? md.date.toISOString() : null,
    targetAlbumId: target?.id ?? null,
    targetAlbumName: target?.name ?? null,
  });
  if (deps.signal.aborted) throw new XhrFailure('abort');

  // Duplicate pre-check; a failing check lets the file through. An exact copy is skipped; a photo similar
  // to one the guest uploaded before waits for their choice (the server never refuses for similarity).
  const dup = await findDuplicate(file, deps, { similar: !uploadAnyway });
  if (dup?.kind === 'exact') {
    update(id, { status: 'duplicate', isDuplicate: true, duplicateInfo: dup, progress: 100, error: (t) => t.duplicateError });
    return null;
  }
  if (dup) {
    // the guest compares theirs with this one before uploading it anyway
    const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    update(id, { status: 'similar', isDuplicate: false, duplicateInfo: dup, progress: 0, error: (t) => t.similarFound, previewUrl });
    return null;
  }

  const albumId = target?.id ?? null;
  const fields: Record<string, string> = { autoApprove: String(deps.autoApprove) };
  if (albumId !== null) fields.albumId = String(albumId);
  if (deps.userId) fields.userId = deps.userId;
  const done = await send(id, file, deps, {
    key: fileKey(deps.eventId, file),
    whole: `/api/event/${deps.eventId}/upload`,
    chunk: `/api/event/${deps.eventId}/upload-chunk`,
    status: (q) => guestApi.chunkStatus(deps.eventId, q),
    fields,
    refused: failWithAnswer,
  });
  return done ? (done.album_id ?? albumId) : null;
}

/**
 * A guestbook entry with its attachment (issue 27), sent as uploads are: one request up to the size where
 * uploads go in chunks, chunks above it, which survive a dropped connection and resume from what the box
 * holds. The entry's text and name travel with the file (with every chunk). Resolves with the entry, or
 * null when the attachment failed for good: the item (`deps.update`) then says why, in the box's words.
 */
export async function sendGuestbookAttachment(
  id: string,
  file: File,
  entry: { text: string; name: string | null },
  deps: SendDeps,
): Promise<GuestbookEntryDto | null> {
  const fields: Record<string, string> = { text: entry.text };
  if (entry.name) fields.name = entry.name;
  const done = await send(id, file, deps, {
    key: `guestbook:${fileKey(deps.eventId, file)}`,
    whole: `/api/event/${deps.eventId}/guestbook/attachment`,
    chunk: `/api/event/${deps.eventId}/guestbook/attachment-chunk`,
    status: (q) => guestApi.attachmentChunkStatus(deps.eventId, q),
    fields,
    // The guestbook's refusals (too long, not a recording, broken) are the box's own words, as for the whole-file call.
    refused: (ctx, ans) => {
      const retryable = ans.status === 0 || ans.status >= 500;
      if (!retryable) forgetUploadId(ctx.key);
      const said = ans.error?.error;
      ctx.deps.update(ctx.id, { status: 'error', paused: false, retryable, error: (t) => said ?? t.guestbookError });
      return null;
    },
  });
  // The whole-file call answers the entry itself; the chunks' last answer (or the status) carries it.
  return done ? (done.entry ?? (done as GuestbookEntryDto)) : null;
}

/** One file to a destination: in one request or in chunks by the device's plan, resuming a try the box still holds. */
function send(id: string, file: File, deps: SendDeps, to: Destination): Promise<Finished | null> {
  const plan = chunkPlan(file.size, deps.device);
  const known = plan.chunked ? rememberedUploadId(to.key) : null;
  const uploadId = known ?? randomId();
  if (plan.chunked && !known) rememberUploadId(to.key, uploadId);
  const ctx: UploadCtx = { id, file, deps, plan, to, uploadId, key: to.key, resumed: known !== null };
  return plan.chunked ? uploadChunked(ctx) : uploadSingle(ctx);
}

/**
 * An exact copy already in the event (SHA-256), else (unless `similar` is false) the closest photo of the
 * guest's own that is similar (dHash): similar photos of other guests are none of their business.
 */
export async function findDuplicate(
  file: File,
  deps: Pick<UploadDeps, 'eventId' | 'signal'>,
  opts: { similar: boolean } = { similar: true },
): Promise<DuplicateInfo | null> {
  try {
    const sha = await sha256OfFile(file, deps.signal);
    const exact = await guestApi.checkExact(deps.eventId, sha);
    if (exact.exists) return { kind: 'exact', id: exact.duplicate?.id ?? null };
    if (opts.similar && effectiveType(file).startsWith('image/')) {
      const phash = await dhashOfImage(file);
      const similar = await guestApi.checkSimilar(deps.eventId, phash);
      const best = similar.matches.filter((m) => m.own).sort((a, b) => a.distance - b.distance)[0];
      if (best) return { kind: 'similar', id: best.id, distance: best.distance, thumbnailPath: best.thumbnail_path };
    }
  } catch (err) {
    if (deps.signal.aborted) throw new XhrFailure('abort');
    console.warn('duplicate check skipped', err);
  }
  return null;
}

/** What the box answers for a finished file: an upload's result, or (the guestbook) the entry. */
type Finished = { id?: number; approved?: boolean; album_id?: number; upload?: UploadDto; entry?: GuestbookEntryDto };

type StatusQuery = { fileName: string; fileSize: number; totalChunks: number; uploadId: string };

/** Where a file's bytes go: an upload into the event, or a guestbook entry's attachment. */
interface Destination {
  /** the file's key for its remembered upload id */
  key: string;
  /** the whole file in one request; one chunk; what the box holds of a chunked file */
  whole: string;
  chunk: string;
  status: (q: StatusQuery) => Promise<ChunkStatus | (Omit<ChunkStatus, 'upload'> & Finished)>;
  /** the form's fields beside the file, sent with every chunk */
  fields: Record<string, string>;
  /** the item's final state for a refusal (always null: nothing finished) */
  refused: (ctx: UploadCtx, ans: XhrAnswer<unknown>) => null;
}

interface UploadCtx {
  id: string;
  file: File;
  deps: SendDeps;
  plan: ChunkPlan;
  to: Destination;
  /** stable for the whole file, so a resumed upload continues the same partial file on the server */
  uploadId: string;
  /** the file's key for its remembered upload id */
  key: string;
  /** the id is one an earlier, unfinished try left: ask the box what it holds before sending */
  resumed: boolean;
}

function baseForm(ctx: UploadCtx): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(ctx.to.fields)) f.append(name, value);
  return f;
}

/**
 * The server took the file. One it could not read (truncated, damaged) is stored without preview: the item
 * says so instead of 'Hochgeladen', and its album is still refreshed so the guest finds (and can delete) it.
 */
function succeed<A extends Finished>(ctx: UploadCtx, answer: A): A {
  const unreadable = answer.upload?.processing_state === 'failed';
  forgetUploadId(ctx.key);
  ctx.deps.update(ctx.id, {
    status: unreadable ? 'error' : 'success',
    progress: 100,
    paused: false,
    error: unreadable ? (t) => t.fileUnreadable : null,
    approved: answer.approved ?? null,
  });
  return answer;
}

/** Maps a non-2xx answer to the item's final state. */
function failWithAnswer(ctx: UploadCtx, ans: XhrAnswer<unknown>): null {
  const { update, device, toast } = ctx.deps;
  const large = ctx.plan.chunked;
  // Only a fault of the box or the way there is worth another try from the chunks already sent.
  const retryable = ans.status === 0 || ans.status >= 500;
  if (!retryable) forgetUploadId(ctx.key);
  // A 409 is a duplicate unless it says the guest's shots are taken (Einwegkamera: said as a server failure).
  if (ans.error?.code === 'DUPLICATE' || (ans.status === 409 && ans.error?.code !== 'SHOTS_USED_UP')) {
    const dupId = (ans.error?.duplicate as { id?: number } | undefined)?.id ?? null;
    update(ctx.id, {
      status: 'duplicate',
      isDuplicate: true,
      duplicateInfo: { kind: 'exact', id: dupId },
      progress: 100,
      paused: false,
      error: (t) => t.duplicateError,
    });
    return null;
  }
  if (ans.status === 413 || ans.error?.code === 'FILE_TOO_LARGE' || ans.error?.code === 'PAYLOAD_TOO_LARGE') {
    const max = typeof ans.error?.maxSizeBytes === 'number' ? ans.error.maxSizeBytes : ctx.deps.maxUploadSizeMB * 1024 * 1024;
    toast(getT().fileTooLargeToast(Math.round(max / (1024 * 1024))));
    update(ctx.id, { status: 'error', paused: false, error: failureMessage('too-large', { device, large, error: ans.error }) });
    return null;
  }
  if (ans.error?.code === 'EVENT_ENDED' || ans.error?.code === 'EVENT_EXPIRED') toast(getT().eventClosedToast);
  if (ans.error?.code === 'EVENT_NOT_STARTED') toast(getT().eventNotStartedToast);
  update(ctx.id, { status: 'error', paused: false, retryable, error: failureMessage('server', { device, large, error: ans.error }) });
  return null;
}

/** Waits before the next attempt with the item showing 'Upload pausiert - …'; false when out of attempts. */
async function pause(ctx: UploadCtx, attempt: number, kind: FailureKind): Promise<boolean> {
  const { update, device } = ctx.deps;
  if (attempt >= MAX_RESUME_ATTEMPTS) {
    update(ctx.id, { status: 'error', paused: false, retryable: true, error: failureMessage(kind, { device, large: ctx.plan.chunked }) });
    return false;
  }
  update(ctx.id, { status: 'pending', paused: true, error: (t) => t.paused });
  const sleep = ctx.deps.sleep ?? defaultSleep;
  await sleep((ctx.deps.resumeDelayMs ?? defaultResumeDelay)(attempt), ctx.deps.signal);
  return true;
}

async function uploadSingle(ctx: UploadCtx): Promise<Finished | null> {
  const { deps, file, id } = ctx;
  for (let attempt = 0; ; attempt++) {
    deps.update(id, { status: 'uploading', paused: false, error: null, progress: 0 });
    const form = baseForm(ctx);
    form.append('file', file, file.name);
    try {
      const ans = await xhrSend<UploadResult | GuestbookEntryDto>({
        url: ctx.to.whole,
        body: form,
        timeoutMs: 0,
        signal: deps.signal,
        onProgress: (loaded, total) => deps.update(id, { progress: total ? Math.min(99, Math.round((loaded / total) * 100)) : 0 }),
      });
      if (ans.ok && ans.data) return succeed(ctx, ans.data);
      // The server gave up on a body that stopped arriving (phone locked, Wi-Fi gone): a time-out, so pause and resume.
      if (ans.status === 408) {
        if (!(await pause(ctx, attempt, 'timeout'))) return null;
        continue;
      }
      return ctx.to.refused(ctx, ans);
    } catch (err) {
      if (!(err instanceof XhrFailure) || err.kind === 'abort') throw err;
      if (!(await pause(ctx, attempt, err.kind))) return null;
    }
  }
}

async function uploadChunked(ctx: UploadCtx): Promise<Finished | null> {
  const { deps, file, id, plan } = ctx;
  const received = new Set<number>();
  const chunkLen = (i: number) => {
    const [s, e] = chunkRange(i, plan, file.size);
    return e - s;
  };
  const doneBytes = () => [...received].reduce((sum, i) => sum + chunkLen(i), 0);
  const showProgress = (extra = 0) =>
    deps.update(id, { progress: Math.min(99, Math.round(((doneBytes() + extra) / Math.max(1, file.size)) * 100)) });

  const sendChunk = async (i: number): Promise<XhrAnswer<ChunkResult | AttachmentChunkResult>> => {
    const [s, e] = chunkRange(i, plan, file.size);
    const form = baseForm(ctx);
    form.append('chunkIndex', String(i));
    form.append('totalChunks', String(plan.totalChunks));
    form.append('fileName', file.name);
    form.append('fileSize', String(file.size));
    form.append('uploadId', ctx.uploadId);
    form.append('chunk', file.slice(s, e), file.name);
    return xhrSend<ChunkResult | AttachmentChunkResult>({
      url: ctx.to.chunk,
      body: form,
      // §9 chunk time-out (30 s desktop, 60 s mobile, 120 s iOS), counted from the last progress.
      idleTimeoutMs: plan.timeoutMs,
      signal: deps.signal,
      onProgress: (loaded, total) => showProgress(total ? (loaded / total) * (e - s) : 0),
    });
  };

  // On iOS a failed chunk is retried once after 2 s before it counts as a pause (§7).
  const sendWithIosRetry = async (i: number) => {
    try {
      return await sendChunk(i);
    } catch (err) {
      if (!deps.device.ios || !(err instanceof XhrFailure) || err.kind === 'abort') throw err;
      await (deps.sleep ?? defaultSleep)(2000, deps.signal);
      return sendChunk(i);
    }
  };

  let attempt = 0;
  let resumes = ctx.resumed ? 1 : 0;
  for (;;) {
    try {
      deps.update(id, { status: 'uploading', paused: false, error: null });
      if (resumes > 0) {
        // Ask the server what it already holds and continue from there; while it is completing the file
        // (the last chunk's answer was lost on the way), wait for the result rather than send again.
        let st = await statusOrFailure(ctx);
        for (let waited = 0; st.processing && waited < PROCESSING_POLLS; waited++) {
          await (deps.sleep ?? defaultSleep)(PROCESSING_POLL_MS, deps.signal);
          st = await statusOrFailure(ctx);
        }
        if (st.complete && st.id !== undefined) return succeed(ctx, st);
        received.clear();
        for (const i of st.received) received.add(i);
      }
      showProgress();
      let last: ChunkResult | AttachmentChunkResult | null = null;
      for (let i = 0; i < plan.totalChunks; i++) {
        if (received.has(i)) continue;
        const ans = await sendWithIosRetry(i);
        if (ans.ok && ans.data) {
          received.add(i);
          for (const r of ans.data.received ?? []) received.add(r);
          showProgress();
          if (ans.data.partial === false) {
            last = ans.data;
            break;
          }
          continue;
        }
        if (ans.status >= 500 || ans.status === 0) return ctx.to.refused(ctx, ans);
        if (ans.status === 409 || ans.status === 413 || (ans.error != null && FATAL_CHUNK_CODES.has(ans.error.code))) {
          return ctx.to.refused(ctx, ans);
        }
        console.warn(`chunk ${i} answered ${ans.status}; continuing`, ans.error);
      }
      if (last) {
        if (last.id === undefined || last.id === null) {
          deps.update(id, { status: 'error', paused: false, error: failureMessage('no-id', { device: deps.device, large: true }) });
          return null;
        }
        return succeed(ctx, last);
      }
      // Every chunk was sent but the server did not assemble: look once more, then give up.
      resumes++;
      if (resumes > 3) {
        deps.update(id, { status: 'error', paused: false, error: failureMessage('no-id', { device: deps.device, large: true }) });
        return null;
      }
    } catch (err) {
      if (err instanceof ChunkStatusAnswer) return ctx.to.refused(ctx, err.answer);
      if (!(err instanceof XhrFailure) || err.kind === 'abort') throw err;
      if (!(await pause(ctx, attempt++, err.kind))) return null;
      resumes++;
    }
  }
}

/** How often and how far apart the status is asked again while the server completes a file (~2 min in all: a long video's check). */
const PROCESSING_POLLS = 120;
const PROCESSING_POLL_MS = 1000;

class ChunkStatusAnswer extends Error {
  constructor(readonly answer: XhrAnswer<unknown>) {
    super('chunk status');
  }
}

/** GET …/upload-chunk/status; a network failure surfaces as an XhrFailure so it pauses again. */
async function statusOrFailure(ctx: UploadCtx) {
  const { deps, file, plan } = ctx;
  try {
    return await ctx.to.status({
      fileName: file.name,
      fileSize: file.size,
      totalChunks: plan.totalChunks,
      uploadId: ctx.uploadId,
    });
  } catch (err) {
    if (deps.signal.aborted) throw new XhrFailure('abort');
    const status = (err as { status?: number }).status;
    if (typeof status === 'number') {
      // 404: the server has nothing for this upload id (e.g. cleaned up) - start over from chunk 0.
      if (status === 404) return { received: [], totalChunks: plan.totalChunks, complete: false } as ChunkStatus;
      throw new ChunkStatusAnswer({ status, ok: false, data: null, error: (err as { body?: ApiError | null }).body ?? null });
    }
    throw new XhrFailure('network');
  }
}
