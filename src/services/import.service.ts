import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums, events, guestbookEntries, guests, hearts, jobs, uploads } from '../db/schema.ts';
import { PHOTO_JOB } from '../jobs/photo-derivatives.job.ts';
import { VIDEO_PROBE_JOB } from '../jobs/video-derivatives.job.ts';
import { GUESTBOOK_ATTACHMENT_JOB } from '../jobs/guestbook-attachment.job.ts';
import { ATTACHMENT_KINDS } from '../domain/guestbook.ts';
import { isValidEventCode } from '../domain/event-code.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import { fileTooLarge, writeStream } from '../storage/file-writer.ts';
import { randomHex } from '../lib/ids.ts';
import { ZipUnreadable } from '../storage/zip-read.ts';
import { bucketSource, folderSource, zipSource, type BundleSource } from '../storage/bundle-source.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';
import { BUNDLE_FORMAT, BUNDLE_VERSION, bucketKeys, type EventBundle, type Manifest, type ManifestObject } from './event-bundle.ts';
import type { RunSelf } from './run-self.ts';
import { s3Reason, type S3TargetService } from './s3-target.service.ts';

/** One file of the bundle and where it goes in the event's folder; `original`: the storage key of the upload it is of. */
interface Step {
  object: ManifestObject;
  to: string;
  original?: string;
}

/** The keys a bundle's files get on this box, by their key in the bundle. */
interface NewKeys {
  uploads: Map<string, string>;
  attachments: Map<string, string>;
}

/** A pushed event as found in a source, checked enough to name it and to see whether its code is free. */
export interface FoundBundle {
  code: string;
  manifest: Manifest;
  bundle: EventBundle;
}

export interface ImportProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

const SHA256 = /^[0-9a-f]{64}$/;
const KEY = /^[0-9a-f]{8,64}$/;
const FILE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/i;
const EXT = /^[a-z0-9]{1,8}$/;

/** 422 BUNDLE_BROKEN: what is wrong, in the store's words (a key, a hash), for the admin's message. */
const broken = (reason: string) => new AppError(422, 'BUNDLE_BROKEN', 'default', { reason });

function parse<T>(text: string | null, what: string): T {
  if (text === null) throw broken(`${what} is missing`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw broken(`${what} is not JSON`);
  }
}

/**
 * 'Event importieren' (issue 29): brings a pushed event (docs/s3.md) back on this box, from the bucket or a folder,
 * or an exported one from the admin's export ZIP (the same bundle inside, see export-bundle.ts).
 * Everything is fetched into tmp/ and checked first (every object's SHA-256 and size against the manifest, every
 * original against its upload's hash); then one transaction inserts the rows and, inside it, one rename puts the
 * files in place. A broken or partial bundle is refused (422 BUNDLE_BROKEN) and leaves nothing behind; a code this
 * box already has is refused (409 CODE_ALREADY_EXISTS) until the admin chooses another.
 */
export function createImportService(deps: {
  db: Db;
  store: MediaStore;
  s3: S3TargetService;
  runSelf?: RunSelf;
  /** what an uploaded export ZIP must leave free on the disk (with room for the files it holds besides) */
  minFreeDiskBytes?: number;
  /** an import process ended: an event may have come in, with settings the server's services act on (face search) */
  onImportEnded?: () => void;
}) {
  const { db, store } = deps;
  /** the dashboard's imports since the server started, by the code in the source */
  const imports = new Map<string, ImportRun>();

  /** The event `code` in `source`: its manifest and its event.json, which must match it. */
  async function find(source: BundleSource, code: string): Promise<FoundBundle> {
    if (!isValidEventCode(code)) throw broken(`'${code}' is no event code`);
    const manifest = parse<Manifest>(await source.text(bucketKeys.manifest(code)), 'manifest.json');
    if (manifest.format !== 'momentbox-manifest' || manifest.version !== 1 || !Array.isArray(manifest.objects)) {
      throw broken('manifest.json is not a Momentbox manifest');
    }
    const listed = manifest.objects.find((o) => o.key === bucketKeys.bundle(code));
    const text = await source.text(bucketKeys.bundle(code));
    if (!listed || text === null) throw broken('event.json is missing');
    const bytes = new TextEncoder().encode(text);
    const sha256 = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
    if (sha256 !== listed.sha256 || bytes.length !== listed.size) throw broken('event.json differs from the manifest');
    const bundle = parse<EventBundle>(text, 'event.json');
    if (bundle.format !== BUNDLE_FORMAT || bundle.version !== BUNDLE_VERSION)
      throw broken(`event.json is not ${BUNDLE_FORMAT} ${BUNDLE_VERSION}`);
    return { code, manifest, bundle };
  }

  /** The code the event gets here: `newCode` or its own; 409 when this box has it. */
  function codeFor(found: FoundBundle, newCode?: string): string {
    const code = newCode ?? found.code;
    if (!isValidEventCode(code)) throw badRequest('eventCodeInvalid', { field: 'new_code' });
    if (db.select({ id: events.id }).from(events).where(eq(events.code, code)).get()) {
      throw conflict('CODE_ALREADY_EXISTS');
    }
    return code;
  }

  /**
   * Where each object of the bundle goes in the event's folder (relative), checked against the manifest; the files
   * under the keys they get here (`keys`: the uploads' storage keys, `attachments`: the guestbook attachments').
   */
  function plan(found: FoundBundle, keys: NewKeys): Step[] {
    const { bundle, manifest, code } = found;
    const listed = new Map(manifest.objects.map((o) => [o.key, o]));
    const need = (key: string) => {
      const object = listed.get(key);
      if (!object || !SHA256.test(object.sha256) || !Number.isSafeInteger(object.size)) throw broken(`${key} is not in the manifest`);
      return object;
    };
    /** the manifest's objects in the folder `prefix` (an upload's derived files, an attachment's files) */
    const filesUnder = (prefix: string) =>
      manifest.objects.flatMap((o) => {
        if (!o.key.startsWith(prefix)) return [];
        const name = o.key.slice(prefix.length);
        if (!FILE_NAME.test(name)) throw broken(`${o.key} is no file of the bundle`);
        return [{ key: o.key, name }];
      });
    const steps: Step[] = [];
    const derivedPrefix = bucketKeys.derived(code, '');
    for (const u of bundle.uploads) {
      if (!SHA256.test(u.sha256) || !KEY.test(u.storageKey) || !EXT.test(u.originalExt)) throw broken(`upload ${u.id} is malformed`);
      const original = need(bucketKeys.original(u.sha256));
      // in a bucket its key names its content; in an export ZIP (`path`) it may come without its location
      if (original.path === undefined && original.sha256 !== u.sha256)
        throw broken(`${original.key} is not the original of upload ${u.id}`);
      const key = keys.uploads.get(u.storageKey)!;
      steps.push({ object: original, to: `originals/${key}.${u.originalExt}`, original: u.storageKey });
      for (const file of filesUnder(`${derivedPrefix}${u.storageKey}/`))
        steps.push({ object: need(file.key), to: `derived/${key}/${file.name}` });
    }
    for (const g of bundle.guestbook ?? []) {
      const key = g.attachmentKey;
      if (!key) continue;
      const playable = g.attachmentState === 'ready' && g.attachmentPlayable !== 'original' ? g.attachmentPlayable : null;
      if (
        !KEY.test(key) ||
        !EXT.test(g.attachmentExt ?? '') ||
        !ATTACHMENT_KINDS.includes(g.attachmentKind!) ||
        (playable && !FILE_NAME.test(playable))
      )
        throw broken(`the attachment of a guestbook entry (${key}) is malformed`);
      // What the entry shows must be there: its original, and once playable its player's file and a picture's poster.
      const poster = g.attachmentState === 'ready' && g.attachmentKind !== 'audio' ? DERIVED.thumbnail : null;
      for (const file of [`original.${g.attachmentExt}`, playable, poster]) if (file) need(bucketKeys.guestbook(code, key, file));
      for (const file of filesUnder(bucketKeys.guestbook(code, key, '')))
        steps.push({ object: need(file.key), to: `guestbook/${keys.attachments.get(key)!}/${file.name}` });
    }
    const host = bundle.event.hostImageKey;
    if (host) {
      if (!KEY.test(host)) throw broken('the host image key is malformed');
      steps.push({ object: need(bucketKeys.derived(code, `host-${host}.jpg`)), to: `derived/host-${host}.jpg` });
    }
    return steps;
  }

  /**
   * Storage keys are unique on a box: one that is taken here already (the same event imported twice) gets a new one.
   * A guestbook attachment's key always does (unique too, and its original may be on this box under another code).
   */
  function freshKeys(bundle: EventBundle): NewKeys {
    const keys = bundle.uploads.map((u) => u.storageKey);
    const taken = new Set(
      keys.length
        ? db
            .select({ k: uploads.storageKey })
            .from(uploads)
            .where(inArray(uploads.storageKey, keys))
            .all()
            .map((r) => r.k)
        : [],
    );
    const attachments = (bundle.guestbook ?? []).flatMap((g) => (g.attachmentKey ? [g.attachmentKey] : []));
    if (new Set(attachments).size !== attachments.length) throw broken('two guestbook entries name the same attachment');
    return {
      uploads: new Map(keys.map((k) => [k, taken.has(k) ? randomHex(16) : k])),
      attachments: new Map(attachments.map((k) => [k, randomHex(16)])),
    };
  }

  async function run(source: BundleSource, code: string, newCode: string | undefined, onProgress?: (p: ImportProgress) => void) {
    const found = await find(source, code);
    const targetCode = codeFor(found, newCode);
    const keys = freshKeys(found.bundle);
    const steps = plan(found, keys);
    const progress: ImportProgress = {
      filesDone: 0,
      filesTotal: steps.length,
      bytesDone: 0,
      bytesTotal: steps.reduce((n, s) => n + s.object.size, 0),
    };
    const staged = store.tmpPath('-import');
    try {
      for (const step of steps) {
        const got = await source
          .copyTo(step.object.key, `${staged}/${step.to}`, (n) => {
            progress.bytesDone += n;
            onProgress?.(progress);
          })
          .catch((err: unknown) => {
            throw broken(`${step.object.key} cannot be read: ${s3Reason(err)}`);
          });
        if (got.sha256 !== step.object.sha256 || got.size !== step.object.size) {
          throw broken(`${step.object.path ?? step.object.key} differs from the manifest (SHA-256 or size)`);
        }
        progress.filesDone++;
        onProgress?.(progress);
      }
      // An original from an export ZIP may come without its location (same size, other hash): it is what this box keeps.
      const hashes = new Map(steps.flatMap((s) => (s.original ? [[s.original, s.object.sha256]] : [])));
      return insert(found.bundle, targetCode, keys, hashes, staged);
    } finally {
      store.removeTempPath(staged); // gone already when it was put in place
    }
  }

  /** One transaction: the rows with new ids, then the staged folder renamed into place (a failure undoes both). */
  function insert(
    bundle: EventBundle,
    code: string,
    keys: NewKeys,
    hashes: Map<string, string>,
    staged: string,
  ): { eventId: number; code: string } {
    return db.transaction((tx) => {
      const token = bundle.event.clientToken;
      const tokenTaken = token !== null && !!tx.select({ id: events.id }).from(events).where(eq(events.clientToken, token)).get();
      const event = tx
        .insert(events)
        .values({ ...bundle.event, code, clientToken: tokenTaken ? null : token })
        .returning({ id: events.id })
        .get();
      const albumIds = new Map<number, number>();
      for (const { id, ...a } of bundle.albums) {
        albumIds.set(
          id,
          tx
            .insert(albums)
            .values({ ...a, eventId: event.id })
            .returning({ id: albums.id })
            .get().id,
        );
      }
      for (const g of bundle.guests)
        tx.insert(guests)
          .values({ ...g, eventId: event.id })
          .run();
      const uploadIds = new Map<number, number>();
      for (const { id, albumId, ...u } of bundle.uploads) {
        const album = albumIds.get(albumId);
        if (album === undefined) throw broken(`upload ${id} names an album that is not in the bundle`);
        const row = {
          ...u,
          eventId: event.id,
          albumId: album,
          storageKey: keys.uploads.get(u.storageKey)!,
          sha256: hashes.get(u.storageKey)!,
        };
        // still being processed where it came from: processed again here (its derived files did not come along)
        const unsettled = row.processingState === 'pending' || row.processingState === 'processing';
        if (unsettled) row.processingState = 'pending';
        const uploadId = tx.insert(uploads).values(row).returning({ id: uploads.id }).get().id;
        uploadIds.set(id, uploadId);
        if (unsettled)
          tx.insert(jobs)
            .values({ kind: row.type === 'video' ? VIDEO_PROBE_JOB : PHOTO_JOB, uploadId })
            .run();
      }
      for (const h of bundle.hearts ?? []) {
        const upload = uploadIds.get(h.uploadId);
        if (upload !== undefined)
          tx.insert(hearts)
            .values({ ...h, uploadId: upload, eventId: event.id })
            .run();
      }
      for (const { id: _id, ...g } of bundle.guestbook ?? []) {
        const attachmentKey = g.attachmentKey ? keys.attachments.get(g.attachmentKey)! : null;
        const entry = tx
          .insert(guestbookEntries)
          .values({ ...g, eventId: event.id, attachmentKey })
          .returning({ id: guestbookEntries.id })
          .get();
        // still being made playable where it came from (only its original came along): made playable here
        if (attachmentKey && g.attachmentState === 'processing')
          tx.insert(jobs).values({ kind: GUESTBOOK_ATTACHMENT_JOB, guestbookEntryId: entry.id }).run();
      }
      store.placeEventDir(staged, event.id);
      return { eventId: event.id, code };
    });
  }

  /** The bucket (409 S3_NOT_CONFIGURED without one), or a folder of the box holding the same layout. */
  const sourceOf = (folder?: string): BundleSource => (folder ? folderSource(folder) : bucketSource(deps.s3.bucket()));

  /** Reads the child's lines (ImportLine as JSON) into its run. */
  async function follow(run: ImportRun, stdout: ReadableStream<Uint8Array>, onEnd: () => void) {
    let rest = '';
    const decoder = new TextDecoder();
    for await (const chunk of stdout) {
      const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        try {
          Object.assign(run, JSON.parse(line) as Partial<ImportRun>);
        } catch {
          // not one of ours
        }
      }
    }
    if (run.state === 'running') Object.assign(run, { state: 'failed', error: 'the import process ended early' });
    onEnd();
  }

  /** The admin's export ZIP at `zip` as a source, and the code of the event it holds (422 when it holds none). */
  async function openZip(zip: string): Promise<{ source: BundleSource; code: string }> {
    let source: BundleSource;
    try {
      source = await zipSource(zip);
    } catch (err) {
      if (err instanceof ZipUnreadable) throw new AppError(422, 'BUNDLE_BROKEN', 'zipUnreadable', { reason: err.message });
      throw err;
    }
    const [code] = await source.eventCodes();
    if (!code) throw new AppError(422, 'BUNDLE_BROKEN', 'notAnExport');
    return { source, code };
  }

  const running = () => [...imports.values()].some((r) => r.state === 'running');

  /** Imports in a child process (`momentbox import ... --json`) whose lines the run follows; `onEnd` once it ended. */
  function launch(code: string, sourceArgs: string[], newCode: string | undefined, onEnd: () => void = () => {}) {
    // By what it reported: its last line comes a moment before it exits, and after it nothing is left to do.
    if (running()) throw new AppError(409, 'IMPORT_RUNNING');
    if (!deps.runSelf) throw new Error('no import process in this run');
    const child = deps.runSelf(['import', ...sourceArgs, ...(newCode ? ['--as', newCode] : []), '--json']);
    const run: ImportRun = {
      code,
      state: 'running',
      filesDone: 0,
      filesTotal: 0,
      bytesDone: 0,
      bytesTotal: 0,
      eventId: null,
      newCode: null,
      error: null,
    };
    imports.set(code, run);
    void follow(run, child.stdout, () => {
      onEnd();
      deps.onImportEnded?.();
    });
  }

  return {
    find,
    run,
    sourceOf,

    /** The events a source holds: code, name, uploads, and whether this box has that code already. */
    async available(folder?: string) {
      const source = sourceOf(folder);
      const found = await Promise.all((await source.eventCodes()).map((code) => find(source, code).catch(() => null)));
      return found
        .filter((f): f is FoundBundle => f !== null)
        .map((f) => ({
          code: f.code,
          name: f.bundle.event.name,
          uploads: f.bundle.uploads.length,
          exists: !!db.select({ id: events.id }).from(events).where(eq(events.code, f.code)).get(),
        }));
    },

    /**
     * The dashboard's 'Event importieren': checks the bundle and the code here (409 CODE_ALREADY_EXISTS: the
     * dashboard asks for another), then imports in a child process (`momentbox import`) and answers at once.
     */
    async start(code: string, newCode?: string, folder?: string): Promise<void> {
      codeFor(await find(sourceOf(folder), code), newCode);
      launch(code, ['--event', code, ...(folder ? ['--from', folder] : [])], newCode);
    },

    openZip,

    /**
     * An export ZIP the dashboard uploads ('Event importieren'), written to tmp/ as it arrives: refused (413) past
     * what the disk can hold besides its unpacked copy and the free-space reserve. Returns its path.
     */
    async receiveZip(body: ReadableStream<Uint8Array>, declaredBytes: number | null): Promise<string> {
      if (running()) throw new AppError(409, 'IMPORT_RUNNING');
      const limit = Math.max(0, Math.floor((store.freeBytes() - (deps.minFreeDiskBytes ?? 0)) / 2));
      if (declaredBytes !== null && declaredBytes > limit) throw fileTooLarge(limit);
      const path = store.tmpPath('-import.zip');
      await writeStream(body, path, limit);
      return path;
    },

    /**
     * Imports the uploaded export ZIP (receiveZip) in a child process (`momentbox import --zip`), after the same
     * checks as start(); the ZIP is removed once the import ended or was refused. Answers the event's code in it.
     */
    async startZip(zip: string, newCode?: string): Promise<string> {
      try {
        const { source, code } = await openZip(zip);
        codeFor(await find(source, code), newCode);
        launch(code, ['--zip', zip], newCode, () => store.removeTempPath(zip));
        return code;
      } catch (err) {
        store.removeTempPath(zip);
        throw err;
      }
    },

    runs: () => [...imports.values()],
  };
}

/** One import the dashboard started, as its process reports it. */
export interface ImportRun extends ImportProgress {
  code: string;
  state: 'running' | 'done' | 'failed';
  /** the imported event here, once done */
  eventId: number | null;
  newCode: string | null;
  error: string | null;
}

export type ImportService = ReturnType<typeof createImportService>;
