import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { eventPushes, events } from '../db/schema.ts';
import { eventStatus, eventWindow } from '../domain/event-window.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { sha256File } from '../media/hashing.ts';
import type { MediaStore } from '../storage/media-store.ts';
import type { S3Bucket } from '../storage/s3-bucket.ts';
import {
  attachmentFiles,
  bucketKeys,
  bundleFile,
  manifestText,
  readEventBundle,
  type Manifest,
  type ManifestObject,
} from './event-bundle.ts';
import type { ChildProcess, RunSelf } from './run-self.ts';
import { s3Reason, type S3TargetService } from './s3-target.service.ts';

/** An object the push may have to send: from a file, or a text made for the push (event.json). */
interface Planned extends Omit<ManifestObject, 'path'> {
  /** the file on this box */
  file?: string;
  text?: string;
  /** its key names its content (an original's hash, an upload's derived file): there with its size = the same */
  immutable: boolean;
}

export type PushRow = typeof eventPushes.$inferSelect;
export type PushProgress = Pick<PushRow, 'filesTotal' | 'filesDone' | 'bytesTotal' | 'bytesDone' | 'filesSent' | 'bytesSent'>;

const PARALLEL = 4;
const ZERO: PushProgress = { filesTotal: 0, bytesTotal: 0, filesDone: 0, bytesDone: 0, filesSent: 0, bytesSent: 0 };
const PROGRESS_EVERY_MS = 250;

/**
 * 'Nach dem Event sichern': copies an event to the S3 bucket (issue 29). Resumable and idempotent: it lists what
 * the bucket holds and sends only what is missing (an original under its SHA-256 is there for every event that
 * has it), so a second push sends nothing and a push cut off by a kill or a network drop continues with what
 * is left. The manifest goes last and only after every object arrived: a bucket with a manifest holds all it lists.
 * Runs in the `momentbox push` process (the dashboard starts one), never in a request; progress and result are
 * written to `event_pushes`.
 */
export function createPushService(deps: {
  db: Db;
  store: MediaStore;
  s3: S3TargetService;
  retentionDays: number;
  /** starts `momentbox push [--event CODE]` as a child process (the server's; the CLI has none) */
  runSelf?: RunSelf;
  now?: () => Date;
}) {
  const { db, store } = deps;
  let child: ChildProcess | null = null;
  const now = deps.now ?? (() => new Date());

  /** Every object of the event, with hashes (originals from the database, derived files and attachments hashed now). */
  async function plan(eventId: number): Promise<{ code: string; objects: Planned[] }> {
    const bundle = readEventBundle(db, eventId);
    if (!bundle) throw notFound('event');
    const code = bundle.event.code;
    const objects: Planned[] = [];
    /** a file hashed now; its key names its content (a random key's folder, whose files are made once) */
    const hashed = async (key: string, path: string) =>
      objects.push({ key, sha256: await sha256File(path), size: store.sizeOf(path), file: path, immutable: true });
    for (const u of bundle.uploads) {
      const path = store.originalPath(eventId, u.storageKey, u.originalExt);
      objects.push({ key: bucketKeys.original(u.sha256), sha256: u.sha256, size: store.sizeOf(path), file: path, immutable: true });
      for (const file of store.derivedFiles(eventId, u.storageKey)) {
        await hashed(bucketKeys.derived(code, `${u.storageKey}/${file}`), store.derivedPath(eventId, u.storageKey, file));
      }
    }
    for (const entry of bundle.guestbook)
      for (const { key, file, path } of attachmentFiles(store, eventId, entry)) await hashed(bucketKeys.guestbook(code, key, file), path);
    const hostKey = bundle.event.hostImageKey;
    const hostImage = hostKey ? store.hostImagePath(eventId, hostKey) : null;
    if (hostImage && store.sizeOf(hostImage) > 0) await hashed(bucketKeys.derived(code, `host-${hostKey}.jpg`), hostImage);
    const { text, sha256, size } = bundleFile(bundle);
    objects.push({ key: bucketKeys.bundle(code), sha256, size, text, immutable: false });
    return { code, objects };
  }

  /** A push of the event starts in process `pid`: running, nothing done yet. */
  function begin(eventId: number, pid: number) {
    const fresh = { state: 'running' as const, pid, startedAt: now().toISOString(), finishedAt: null, error: null, ...ZERO };
    db.insert(eventPushes)
      .values({ eventId, ...fresh })
      .onConflictDoUpdate({ target: eventPushes.eventId, set: fresh })
      .run();
  }

  function record(eventId: number, set: Partial<PushRow>) {
    db.update(eventPushes).set(set).where(eq(eventPushes.eventId, eventId)).run();
  }

  async function push(eventId: number, onProgress?: (p: PushProgress & { code: string }) => void): Promise<PushRow> {
    const bucket = deps.s3.bucket();
    begin(eventId, process.pid);
    const progress: PushProgress = { ...ZERO };
    let code = '';
    let lastWrite = 0;
    const report = (force = false) => {
      onProgress?.({ ...progress, code });
      if (!force && performance.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = performance.now();
      record(eventId, progress);
    };
    const errors: string[] = [];
    try {
      const planned = await plan(eventId);
      code = planned.code;
      const objects = planned.objects;
      progress.filesTotal = objects.length;
      progress.bytesTotal = objects.reduce((n, o) => n + o.size, 0);
      report(true);
      const [originals, ofEvent, previous] = await Promise.all([
        bucket.list('originals/'),
        bucket.list(bucketKeys.eventFolder(code)),
        previousManifest(bucket, code),
      ]);
      const remote = new Map([...originals, ...ofEvent]);
      const previousSha = new Map(previous?.objects.map((o) => [o.key, o.sha256]));
      const isThere = (o: Planned) => remote.get(o.key) === o.size && (o.immutable || previousSha.get(o.key) === o.sha256);

      const queue = [...objects];
      const worker = async () => {
        for (let o = queue.shift(); o; o = queue.shift()) {
          if (!isThere(o)) {
            try {
              await send(bucket, o, (n) => {
                progress.bytesDone += n;
                progress.bytesSent += n;
                report();
              });
              progress.filesSent++;
            } catch (err) {
              errors.push(`${o.key}: ${s3Reason(err)}`);
              continue;
            }
          } else {
            progress.bytesDone += o.size;
          }
          progress.filesDone++;
          report();
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      if (errors.length === 0) {
        const text = manifestText(code, objects);
        if (text !== previous?.text) await bucket.putText(bucketKeys.manifest(code), text);
      }
    } catch (err) {
      errors.push(s3Reason(err));
    }
    report(true);
    record(eventId, {
      state: errors.length ? 'failed' : 'done',
      finishedAt: now().toISOString(),
      error: errors.length ? `${errors.length} error(s): ${errors.slice(0, 3).join('; ')}` : null,
    });
    return db.select().from(eventPushes).where(eq(eventPushes.eventId, eventId)).get()!;
  }

  /** The last push of every event that has one, with whether its process still lives. */
  const pushes = () =>
    db
      .select()
      .from(eventPushes)
      .all()
      .map((p) => ({ ...p, interrupted: p.state === 'running' && !(p.pid !== null && processLives(p.pid)) }));

  return {
    push,
    pushes,

    /**
     * The dashboard's button: pushes one event (or every finished one) in a child process and answers at once;
     * the dashboard follows the progress in `pushes()`. 409 PUSH_RUNNING while one runs.
     */
    async start(eventId?: number): Promise<void> {
      deps.s3.bucket(); // 409 S3_NOT_CONFIGURED before a process starts for nothing
      const code =
        eventId === undefined ? undefined : db.select({ code: events.code }).from(events).where(eq(events.id, eventId)).get()?.code;
      if (eventId !== undefined && code === undefined) throw notFound('event');
      const recorded = () => pushes().some((p) => p.state === 'running' && !p.interrupted);
      // A child whose pushes are all recorded as ended is closing its database: a moment, then it is gone.
      if (child && child.exitCode === null && !recorded()) await Promise.race([child.exited, Bun.sleep(3000)]);
      const running = (child && child.exitCode === null) || recorded();
      if (running) throw new AppError(409, 'PUSH_RUNNING');
      if (!deps.runSelf) throw new Error('no push process in this run');
      child = deps.runSelf(['push', ...(code ? ['--event', code] : [])]);
      void new Response(child.stdout).text(); // its progress lines: the dashboard reads event_pushes instead
      // Shown as running at once (the child writes the same when it starts).
      if (eventId !== undefined) begin(eventId, child.pid);
    },

    /** Ids of the events whose upload window is over ('alle beendeten Events'). */
    finishedEventIds(): number[] {
      const t = now();
      return db
        .select()
        .from(events)
        .all()
        .filter((e) => ['ended', 'expired'].includes(eventStatus(eventWindow(new Date(e.startAt), e.durationDays, deps.retentionDays), t)))
        .map((e) => e.id);
    },
  };
}

async function previousManifest(bucket: S3Bucket, code: string): Promise<(Manifest & { text: string }) | null> {
  const text = await bucket.text(bucketKeys.manifest(code));
  if (text === null) return null;
  try {
    return { ...(JSON.parse(text) as Manifest), text };
  } catch {
    return null; // not ours or cut: the push writes a whole one
  }
}

async function send(bucket: S3Bucket, o: Planned, onBytes: (n: number) => void): Promise<void> {
  if (o.file) return bucket.putFile(o.key, o.file, onBytes);
  await bucket.putText(o.key, o.text!);
  onBytes(o.size);
}

function processLives(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export type PushService = ReturnType<typeof createPushService>;
