import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { S3Bucket } from './s3-bucket.ts';

/**
 * Where an import reads a pushed event from (docs/s3.md's layout): the bucket, or a folder holding the same keys
 * (a copy of the bucket's prefix, e.g. on a USB stick). Keys come from our own checks (import.service.ts), never
 * straight from the bundle.
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
