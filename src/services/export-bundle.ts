import type { Db } from '../db/connection.ts';
import { notFound } from '../lib/errors.ts';
import { bytesReader, openPieceReader } from '../media/piece-reader.ts';
import type { ZipEntry } from '../media/zip-stream.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { keepsakeAttachmentPath } from './keepsake.ts';
import { attachmentFiles, bucketKeys, bundleFile, manifestText, readEventBundle, type ManifestObject } from './event-bundle.ts';

/** The folder of an export ZIP (under its top folder) that carries what an import needs besides the originals. */
export const RESTORE_FOLDER = 'momentbox';

/** An original's entry of the export and the upload it is of. */
export interface OriginalEntry {
  entry: ZipEntry;
  upload: { storageKey: string; sha256: string };
}

/** The entry with its reader hashing what the archive reads of it: into `hashes` under `key` once it is closed. */
function hashing(entry: ZipEntry, key: string, hashes: Map<string, string>): ZipEntry {
  return {
    ...entry,
    open: async () => {
      const reader = await entry.open();
      const sha = new Bun.CryptoHasher('sha256');
      return {
        async read(into) {
          const n = await reader.read(into);
          sha.update(into.subarray(0, n));
          return n;
        },
        async close() {
          hashes.set(key, sha.digest('hex'));
          await reader.close();
        },
      };
    },
  };
}

const PLACEHOLDER = '0'.repeat(64);

/**
 * The admin's whole-event export as a bundle an import can restore (issue 29, docs/s3.md): the same `event.json`
 * and manifest the push writes, the derived files and the guestbook attachments' files, under `<top>/momentbox/`
 * in the bucket's layout; the originals stay where people look for them, in the album folders and the guestbook
 * keepsake's folder (`keepsake`, its entries: keepsakeAttachmentPath), and the manifest says which is which.
 * The manifest comes last and lists the SHA-256 of each file's bytes as the archive holds them, taken while
 * they pass (an original without its location differs from the stored one): no file is read twice. Its size
 * is known up front (each hash is 64 characters), so the archive's exact size still is.
 * Returns the originals' entries, then the keepsake's (its originals hashing now too), then the bundle's.
 */
export function withRestoreBundle(
  deps: { db: Db; store: MediaStore },
  event: { id: number; code: string },
  top: string,
  originals: OriginalEntry[],
  keepsake: ZipEntry[],
  mtime: Date,
): ZipEntry[] {
  const { store } = deps;
  const bundle = readEventBundle(deps.db, event.id);
  if (!bundle) throw notFound('event');
  // Read a moment after the list of files: an upload that arrived in between is not in this export.
  const exported = new Set(originals.map((o) => o.upload.storageKey));
  bundle.uploads = bundle.uploads.filter((u) => exported.has(u.storageKey));
  const hashes = new Map<string, string>();
  const at = (key: string) => `${top}/${RESTORE_FOLDER}/${key}`;
  const objects: ManifestObject[] = [];
  const entries: ZipEntry[] = originals.map(({ entry, upload }) => {
    const key = bucketKeys.original(upload.sha256);
    objects.push({ key, sha256: PLACEHOLDER, size: entry.size, path: entry.name.slice(top.length + 1) });
    return hashing(entry, key, hashes);
  });
  const inKeepsake = new Map(keepsake.map((entry, i) => [entry.name, i]));
  const people = [...keepsake];
  const json = bundleFile(bundle);
  objects.push({ key: bucketKeys.bundle(event.code), sha256: json.sha256, size: json.size });
  entries.push({ name: at(bucketKeys.bundle(event.code)), size: json.size, mtime, open: async () => bytesReader(json.bytes) });
  /** a file of the box under momentbox/, at its bucket key */
  const file = (key: string, path: string) => {
    const size = store.sizeOf(path);
    objects.push({ key, sha256: PLACEHOLDER, size });
    entries.push(hashing({ name: at(key), size, mtime, open: () => openPieceReader(path) }, key, hashes));
  };
  for (const u of bundle.uploads) {
    // Only a settled upload's files stay as they are while the archive is read (a video's preview grows while it
    // is made); one still processing is processed again where it is imported.
    if (u.processingState !== 'ready' && u.processingState !== 'failed') continue;
    for (const name of store.derivedFiles(event.id, u.storageKey))
      file(bucketKeys.derived(event.code, `${u.storageKey}/${name}`), store.derivedPath(event.id, u.storageKey, name));
  }
  for (const row of bundle.guestbook) {
    // The original is in the keepsake's folder as it was sent: the manifest points there instead of holding it twice.
    const original = keepsakeAttachmentPath(row);
    const i = original === null ? undefined : inKeepsake.get(`${top}/${original}`);
    for (const { key, file: name, path } of attachmentFiles(store, event.id, row)) {
      const objectKey = bucketKeys.guestbook(event.code, key, name);
      if (i === undefined || name !== `original.${row.attachmentExt}`) file(objectKey, path);
      else {
        objects.push({ key: objectKey, sha256: PLACEHOLDER, size: keepsake[i]!.size, path: original! });
        people[i] = hashing(keepsake[i]!, objectKey, hashes);
      }
    }
  }
  const hostKey = bundle.event.hostImageKey;
  const hostImage = hostKey ? store.hostImagePath(event.id, hostKey) : null;
  if (hostImage && store.sizeOf(hostImage) > 0) file(bucketKeys.derived(event.code, `host-${hostKey}.jpg`), hostImage);

  entries.splice(originals.length, 0, ...people);
  const planned = new TextEncoder().encode(manifestText(event.code, objects)).length;
  entries.push({
    name: at(bucketKeys.manifest(event.code)),
    size: planned,
    mtime,
    open: async () => {
      const complete = objects.map((o) => ({ ...o, sha256: hashes.get(o.key) ?? o.sha256 }));
      if (complete.some((o) => o.sha256 === PLACEHOLDER)) throw new Error('the manifest comes before a file it lists was read');
      const bytes = new TextEncoder().encode(manifestText(event.code, complete));
      if (bytes.length !== planned) throw new Error('the manifest changed size');
      return bytesReader(bytes);
    },
  });
  return entries;
}
