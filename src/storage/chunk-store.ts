import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The unfinished chunked uploads on disk: one folder per session key under tmp/chunks, holding `data` (the
 * file itself, each chunk written in place at its offset, so the finished file is renamed into the media
 * folder without being copied) and one empty marker `<index>-<length>` per chunk whose bytes are all in
 * `data`. A marker is made only after its chunk was written whole, so the markers are the truth about
 * what the session holds, also after a restart of the server. Not after a power cut: a marker is written
 * without an fsync of its chunk's bytes (the file is fsynced once, when it is complete), so see
 * `distrustAfterPowerLoss`.
 */
export class ChunkStore {
  /** The kernel's boot id when the server last started, and a file that says the server last stopped cleanly. */
  private readonly bootFile: string;
  private readonly cleanStopFile: string;

  constructor(readonly dir: string) {
    this.bootFile = join(dir, '.boot');
    this.cleanStopFile = join(dir, '.clean-stop');
  }

  /**
   * At start: when the box has booted anew since the chunks were written and the server did not stop
   * cleanly before (a power cut), a marker may name bytes that never reached the disk, so every marker is
   * dropped and the phones send those chunks again instead of completing a damaged file. A server that was
   * killed (same boot) keeps them: its writes are in the kernel's page cache. The sessions it dropped.
   */
  distrustAfterPowerLoss(bootId = currentBootId()): number {
    mkdirSync(this.dir, { recursive: true });
    const lastBoot = existsSync(this.bootFile) ? readFileSync(this.bootFile, 'utf8') : bootId;
    let dropped = 0;
    if (lastBoot !== bootId && !existsSync(this.cleanStopFile)) {
      for (const key of this.keys()) if (this.dropMarkers(key)) dropped++;
    }
    rmSync(this.cleanStopFile, { force: true });
    writeFileSync(this.bootFile, bootId);
    return dropped;
  }

  /**
   * At a clean stop: every unfinished file's bytes to the disk, so its markers still hold after a reboot.
   * A session whose file cannot be synced (a disk error, a stray entry) loses its markers instead, so its
   * phone sends those chunks again; the others are kept. Returns how many sessions lost their markers.
   */
  syncForStop(): number {
    let dropped = 0;
    for (const key of this.keys()) {
      try {
        const fd = openSync(this.dataPath(key), constants.O_RDONLY | constants.O_CREAT, 0o644);
        try {
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
      } catch {
        if (this.dropMarkers(key)) dropped++;
      }
    }
    writeFileSync(this.cleanStopFile, '');
    return dropped;
  }

  private dropMarkers(key: string): boolean {
    const markers = [...this.held(key)].map(([index, length]) => join(this.folder(key), `${index}-${length}`));
    for (const marker of markers) rmSync(marker, { force: true });
    return markers.length > 0;
  }

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

  /** Closes a file openForWriting gave. */
  close(fd: number): void {
    closeSync(fd);
  }

  /** Whether the session's file exists (it is gone once committed or removed). */
  hasData(key: string): boolean {
    return existsSync(this.dataPath(key));
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

  /** Every session key that has a folder (not the store's own dot files). */
  keys(): string[] {
    return readdirSync(this.dir).filter((name) => !name.startsWith('.'));
  }
}

/** This boot of the machine ('' where the kernel does not say: then every start counts as the same boot). */
export function currentBootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '';
  }
}
