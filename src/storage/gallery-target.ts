import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { randomHex } from '../lib/ids.ts';
import type { S3Bucket } from './s3-bucket.ts';

/**
 * Where a published gallery is written (services/gallery.service.ts): a folder of the bucket, or a folder on
 * disk (a USB stick). Keys are relative to the gallery's folder and come from the service, never from a client.
 */
export interface GalleryTarget {
  /** every file there now: key -> size */
  list(): Promise<Map<string, number>>;
  putFile(key: string, path: string, type: string, onBytes: (n: number) => void): Promise<void>;
  putStream(key: string, stream: ReadableStream<Uint8Array>, type: string, onBytes: (n: number) => void): Promise<void>;
  remove(key: string): Promise<void>;
}

export function bucketGalleryTarget(bucket: S3Bucket, folder: string): GalleryTarget {
  const at = (key: string) => `${folder}${key}`;
  return {
    async list() {
      const found = await bucket.list(folder);
      return new Map([...found].map(([key, size]) => [key.slice(folder.length), size]));
    },
    putFile: (key, path, type, onBytes) => bucket.putFile(at(key), path, onBytes, type),
    putStream: (key, stream, type, onBytes) => bucket.putStream(at(key), stream, onBytes, type),
    remove: (key) => bucket.remove(at(key)),
  };
}

/** The file that marks a folder as a published gallery: only such a folder (or an empty one) is written to. */
export const GALLERY_MARKER = '.momentbox-gallery';

export class GalleryFolderRefused extends Error {}

/**
 * A folder on disk. Refuses one that holds other files (a re-publish removes what the gallery no longer has,
 * which must never be someone's own files); each file is written beside its place and renamed into it.
 */
export function folderGalleryTarget(dir: string): GalleryTarget {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new GalleryFolderRefused(`${dir} is not a folder`);
    const names = readdirSync(dir);
    if (names.length > 0 && !names.includes(GALLERY_MARKER))
      throw new GalleryFolderRefused(`${dir} holds other files: choose an empty folder`);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, GALLERY_MARKER), 'A gallery published by Momentbox: publishing again replaces this folder.\n');
  const at = (key: string) => join(dir, key);
  async function write(key: string, stream: ReadableStream<Uint8Array>, onBytes: (n: number) => void) {
    const path = at(key);
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${randomHex(6)}.part`;
    const out = Bun.file(tmp).writer();
    try {
      for await (const chunk of stream) {
        out.write(chunk);
        onBytes(chunk.byteLength);
      }
      await out.end();
      renameSync(tmp, path);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  }
  return {
    async list() {
      const found = new Map<string, number>();
      for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        const path = join(dir, name);
        if (name !== GALLERY_MARKER && statSync(path).isFile()) found.set(relative(dir, path), statSync(path).size);
      }
      return found;
    },
    putFile: (key, path, _type, onBytes) => write(key, Bun.file(path).stream(), onBytes),
    putStream: (key, stream, _type, onBytes) => write(key, stream, onBytes),
    async remove(key) {
      rmSync(at(key), { force: true });
      // The upload's folder goes with its last file.
      const parent = dirname(at(key));
      if (parent !== dir && readdirSync(parent).length === 0) rmdirSync(parent);
    },
  };
}
