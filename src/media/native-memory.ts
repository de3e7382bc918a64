import { dlopen, FFIType } from 'bun:ffi';

// sharp's image work allocates through glibc's malloc from several libvips threads. glibc gives each
// thread its own arena (up to 8 per core) and keeps what is freed in them, so after a few hundred
// photos the server held ~300 MB it did not use (bench: 30 photos of 12 MP, 2 at once: 326 MB resident
// after, 156 MB with a trim after each photo; the peak 370 -> 266 MB with two arenas and the trim).

/** M_ARENA_MAX of glibc's mallopt */
const M_ARENA_MAX = -8;
const ARENAS = 2;

const openGlibc = () =>
  dlopen('libc.so.6', {
    mallopt: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
    malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 },
  }).symbols;
let libc: ReturnType<typeof openGlibc> | null | undefined;

/** glibc's allocator controls, or null where there is no glibc (another libc; then nothing is done). */
function glibc() {
  if (libc === undefined) {
    try {
      libc = openGlibc();
    } catch {
      libc = null;
    }
  }
  return libc;
}

/** At most two malloc arenas for the image threads (call before the first image work). */
export function limitMallocArenas(): void {
  glibc()?.mallopt(M_ARENA_MAX, ARENAS);
}

/** Gives memory that image work freed back to the system (a few ms; after a photo). */
export function releaseFreedMemory(): void {
  glibc()?.malloc_trim(0);
}
