import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readZipDirectory, ZipUnreadable, type StoredEntry } from './zip-read.ts';
import type { S3Bucket } from './s3-bucket.ts';

/**
 * Where an import reads a pushed event from (docs/s3.md's layout): the bucket, or a folder holding the same keys
 * (a copy of the bucket's prefix, e.g. on a USB stick), or the admin's export ZIP. Keys come from our own checks
 * (import.service.ts), never straight from the bundle.
 */
export interface BundleSource {
  /** the object's text, null when there is none */
  text(key: string): Promise<string | null>;
  /** copies the object to `path` (folders made), hashing it on the way */
  copyTo(key: string, path: string, onBytes: (n: number) => void): Promise<{ sha256: string; size: number }>;
  /** the event codes found (folders under events/ with a manifest) */
  eventCodes(): Promise<string[]>;
}

async function copyStream(stream: ReadableStream<Uint8Array>, path: string, onBytes: (n: number) => void) {
  mkdirSync(dirname(path), { recursive: true });
  const sha = new Bun.CryptoHasher('sha256');
  const out = Bun.file(path).writer();
  let size = 0;
  for await (const chunk of stream) {
    sha.update(chunk);
    out.write(chunk);
    size += chunk.byteLength;
    onBytes(chunk.byteLength);
  }
  await out.end();
  return { sha256: sha.digest('hex'), size };
}

export function bucketSource(bucket: S3Bucket): BundleSource {
  return {
    text: (key) => bucket.text(key),
    copyTo: (key, path, onBytes) => copyStream(bucket.stream(key), path, onBytes),
    async eventCodes() {
      const codes = await bucket.folders('events/');
      const listed = await Promise.all(codes.map(async (c) => ((await bucket.list(`events/${c}/manifest.json`)).size ? c : null)));
      return listed.filter((c): c is string => c !== null);
    },
  };
}

export function folderSource(dir: string): BundleSource {
  const at = (key: string) => join(dir, key);
  return {
    text: async (key) => (existsSync(at(key)) ? Bun.file(at(key)).text() : null),
    copyTo: (key, path, onBytes) => copyStream(Bun.file(at(key)).stream(), path, onBytes),
    async eventCodes() {
      const events = join(dir, 'events');
      if (!existsSync(events)) return [];
      return readdirSync(events).filter((c) => existsSync(join(events, c, 'manifest.json')));
    },
  };
}

/** The longest event.json or manifest an export ZIP may hold (a wedding's is some hundred KB). */
const MAX_TEXT_BYTES = 64 * 1024 * 1024;

/**
 * The admin's export ZIP (export-bundle.ts): the bucket's keys under `<event>/momentbox/`, those with a `path` in
 * its manifest where that says (the originals in the album folders); each read as its byte range of the archive. Throws ZipUnreadable
 * for an archive that is cut short or damaged; `eventCodes()` is empty when it holds no manifest.
 */
export async function zipSource(zip: string): Promise<BundleSource> {
  const entries = await readZipDirectory(zip);
  const found = [...entries.keys()].flatMap((name) => {
    const m = /^([^/]+)\/momentbox\/events\/([^/]+)\/manifest\.json$/.exec(name);
    return m ? [{ top: m[1]!, code: m[2]! }] : [];
  });
  const bundle = found.length === 1 ? found[0]! : null;
  const bytesOf = (entry: StoredEntry) => Bun.file(zip).slice(entry.start, entry.start + entry.size);
  let paths: Map<string, string> | null = null;
  const text = async (key: string): Promise<string | null> => {
    const entry = bundle && entries.get(`${bundle.top}/momentbox/${key}`);
    if (!entry) return null;
    if (entry.size > MAX_TEXT_BYTES) throw new ZipUnreadable(`${key} is too large`);
    return bytesOf(entry).text();
  };
  /** where the manifest says (an original in its album folder), anything else under momentbox/ */
  const entryOf = async (key: string) => {
    if (!bundle) return undefined;
    if (!paths) {
      const manifest = JSON.parse((await text(`events/${bundle.code}/manifest.json`)) ?? '{}') as {
        objects?: { key: string; path?: string }[];
      };
      paths = new Map((manifest.objects ?? []).flatMap((o) => (typeof o.path === 'string' ? [[o.key, o.path]] : [])));
    }
    const path = paths.get(key);
    return entries.get(path === undefined ? `${bundle.top}/momentbox/${key}` : `${bundle.top}/${path}`);
  };
  return {
    text,
    async copyTo(key, path, onBytes) {
      const entry = await entryOf(key);
      if (!entry) throw new Error('it is not in the ZIP');
      return copyStream(bytesOf(entry).stream(), path, onBytes);
    },
    eventCodes: async () => (bundle ? [bundle.code] : []),
  };
}
