// The thread of BackgroundHasher: SHA-256 over ranges of files, read back from the page cache in the order
// they are handed over. Its own entry point of the compiled binary (scripts/build/compile.ts).
import { closeSync, openSync, readSync } from 'node:fs';
import type { HashReply, HashRequest } from './background-hasher.ts';

declare const self: Worker;

/** One buffer for every read: the messages are handled one at a time. */
const BUFFER = new Uint8Array(1024 * 1024);

/** Per key, the hash so far and the offset it reached; null after a gap or a failed read (its digest is refused). */
const running = new Map<string, { hasher: Bun.CryptoHasher; end: number } | null>();

function hashRange(hasher: Bun.CryptoHasher, path: string, offset: number, length: number) {
  const fd = openSync(path, 'r');
  try {
    for (let done = 0; done < length;) {
      const n = readSync(fd, BUFFER, 0, Math.min(BUFFER.byteLength, length - done), offset + done);
      if (n === 0) throw new Error(`${path} ends before ${offset + length}`);
      hasher.update(BUFFER.subarray(0, n));
      done += n;
    }
  } finally {
    closeSync(fd);
  }
}

self.onmessage = ({ data: request }: MessageEvent<HashRequest>) => {
  switch (request.op) {
    case 'add': {
      const { key, path, offset, length } = request;
      // A range from 0 starts the file afresh; any other must continue exactly where the last one ended.
      const state = offset === 0 ? { hasher: new Bun.CryptoHasher('sha256'), end: 0 } : running.get(key);
      if (!state || state.end !== offset) {
        running.set(key, null);
        return;
      }
      try {
        hashRange(state.hasher, path, offset, length);
        state.end += length;
        running.set(key, state);
      } catch {
        running.set(key, null);
      }
      return;
    }
    case 'digest': {
      const state = running.get(request.key);
      running.delete(request.key);
      const reply: HashReply = { id: request.id, sha256: state && state.end === request.size ? state.hasher.digest('hex') : null };
      postMessage(reply);
      return;
    }
    case 'drop':
      running.delete(request.key);
  }
};
