import { closeSync, constants, mkdirSync, openSync, readdirSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The unfinished chunked uploads on disk: one folder per session key under tmp/chunks, holding `data` (the
 * file itself, each chunk written in place at its offset, so the finished file is renamed into the media
 * folder without being copied) and one empty marker `<index>-<length>` per chunk whose bytes are all in
 * `data`. A marker is made only after its chunk was written whole, so the markers are the truth about
 * what the session holds, also after a restart.
 */
export class ChunkStore {
  constructor(readonly dir: string) {}

  private folder(key: string): string {
    return join(this.dir, key);
  }

  /** The file the chunks are written into. */
  dataPath(key: string): string {
    return join(this.folder(key), 'data');
  }

  /** Opens the session's file for writing at offsets (made, with its folder, on first use; not O_APPEND, which would ignore the offsets). */
  openForWriting(key: string): number {
    mkdirSync(this.folder(key), { recursive: true });
    return openSync(this.dataPath(key), constants.O_RDWR | constants.O_CREAT, 0o644);
  }

  /** Records chunk `index` of `length` bytes as written whole. */
  mark(key: string, index: number, length: number): void {
    writeFileSync(join(this.folder(key), `${index}-${length}`), '');
  }

  /** The chunks held for a session: index to length, ascending (empty when the session has no folder). */
  held(key: string): Map<number, number> {
    let names: string[];
    try {
      names = readdirSync(this.folder(key));
    } catch {
      return new Map();
    }
    const chunks: [number, number][] = [];
    for (const name of names) {
      const m = /^(\d+)-(\d+)$/.exec(name);
      if (m) chunks.push([Number(m[1]), Number(m[2])]);
    }
    return new Map(chunks.sort((a, b) => a[0] - b[0]));
  }

  /** Reads up to `length` bytes of the session's file from `offset` into `into`; the count read. */
  read(key: string, offset: number, into: Uint8Array): number {
    const fd = openSync(this.dataPath(key), 'r');
    try {
      return readSync(fd, into, 0, into.byteLength, offset);
    } finally {
      closeSync(fd);
    }
  }

  remove(key: string): void {
    rmSync(this.folder(key), { recursive: true, force: true });
  }

  /** Every session key that has a folder. */
  keys(): string[] {
    return readdirSync(this.dir);
  }
}
