import { glibc } from '../lib/glibc.ts';

// sharp's image work allocates through glibc's malloc from several libvips threads. glibc gives each
// thread its own arena (up to 8 per core) and keeps what is freed in them, so after a few hundred
// photos the server held ~300 MB it did not use (bench: 30 photos of 12 MP, 2 at once: 326 MB resident
// after, ~150 MB with two arenas and a trim; the peak 370 -> 266 MB).

//
// And glibc raises its mmap threshold to the size of each large block freed (up to 32 MB), and its trim
// threshold to twice that: after the first photo, a photo's pixel buffers (~12 MB at 2048 px) came from the
// arenas and stayed there when freed, the trim waiting for a quiet second that 20 phones uploading never
// leave (bench f trace: arenas 40-75 MB, of which 16-55 MB free, at the peak). A fixed threshold keeps
// blocks of 1 MB and more in mappings of their own, given back the moment they are freed (in-process, 16
// photos of 12 MP 2 at once: peak 169 -> 120 MB, held after 164 -> 82 MB; mapping costs a few ms a photo).

/** M_ARENA_MAX and M_MMAP_THRESHOLD of glibc's mallopt */
const M_ARENA_MAX = -8;
const M_MMAP_THRESHOLD = -3;
const ARENAS = 2;
const MMAP_THRESHOLD_BYTES = 1024 * 1024;

/** At most two malloc arenas for the image threads, large blocks mapped apart (call before the first image work). */
export function limitMallocArenas(): void {
  glibc()?.mallopt(M_ARENA_MAX, ARENAS);
  glibc()?.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES);
}

/**
 * Frees a buffer's memory now instead of at the next garbage collection by detaching its ArrayBuffer
 * (afterwards it reads as empty). For the big buffers of image work (a photo's bytes, its decoded pixels):
 * the collector does not run often under load, and in the 200-phone bench the photos' dead buffers
 * stood at tens of MB between collections (in-process, 2 photos of 12 MP at once: peak ~170 -> ~135 MB
 * above the warm process). Only a buffer that is the whole of its ArrayBuffer is detached (a
 * view into a shared pool, e.g. a small Buffer, is left to the collector).
 */
export function freeNow(buffer: Uint8Array): void {
  const whole = buffer.buffer as DetachableArrayBuffer;
  if (buffer.byteOffset === 0 && buffer.byteLength === whole.byteLength && typeof whole.transfer === 'function') whole.transfer(0);
}
/** ES2024's ArrayBuffer.prototype.transfer (Bun has it; the project's TypeScript lib is ES2023). */
type DetachableArrayBuffer = ArrayBufferLike & { transfer?(newLength: number): ArrayBuffer };

/** Quiet time after the last image work before freed memory is given back. */
const TRIM_AFTER_MS = 1000;
let working = 0;
let trimTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Runs image work; once none has run for TRIM_AFTER_MS, gives what it freed back to the system
 * (malloc_trim holds the server's thread for up to ~50 ms, so not while photos keep coming).
 */
export async function releasingMemory<T>(work: () => Promise<T>): Promise<T> {
  working++;
  clearTimeout(trimTimer);
  try {
    return await work();
  } finally {
    if (--working === 0) {
      trimTimer = setTimeout(() => glibc()?.malloc_trim(0), TRIM_AFTER_MS);
      trimTimer.unref?.();
    }
  }
}
