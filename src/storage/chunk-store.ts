import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The chunks of unfinished uploads on disk: one folder per session key under tmp/chunks, one file per
 * chunk index. A chunk arrives as a complete temp file on the same file system and is renamed in, so a
 * folder only ever holds whole chunks, and sending an index again replaces the earlier copy.
 */
export class ChunkStore {
  constructor(readonly dir: string) {}

  private folder(key: string): string {
    return join(this.dir, key);
  }

  /** Moves a fully written temp file in as chunk `index` of session `key`. */
  put(key: string, index: number, tmpPath: string): void {
    mkdirSync(this.folder(key), { recursive: true });
    renameSync(tmpPath, join(this.folder(key), String(index)));
  }

  /** The indexes held for a session, ascending (none when the session has no folder). */
  received(key: string): number[] {
    try {
      return readdirSync(this.folder(key))
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
        .sort((a, b) => a - b);
    } catch {
      return [];
    }
  }

  /** Bytes held for a session. */
  bytes(key: string): number {
    return this.received(key).reduce((sum, i) => sum + statSync(join(this.folder(key), String(i))).size, 0);
  }

  /** The chunks 0..total-1 in order, as one stream of bytes (for assembly). */
  async *read(key: string, total: number): AsyncIterable<Uint8Array> {
    for (let i = 0; i < total; i++) yield* Bun.file(join(this.folder(key), String(i))).stream();
  }

  remove(key: string): void {
    rmSync(this.folder(key), { recursive: true, force: true });
  }

  /** Every session key that has a folder. */
  keys(): string[] {
    return readdirSync(this.dir);
  }
}
