import { dlopen, FFIType } from 'bun:ffi';

const openGlibc = () =>
  dlopen('libc.so.6', {
    mallopt: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 },
    malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 },
    sync_file_range: { args: [FFIType.i32, FFIType.i64, FFIType.i64, FFIType.u32], returns: FFIType.i32 },
  }).symbols;
let libc: ReturnType<typeof openGlibc> | null | undefined;

/**
 * The few glibc functions the server calls itself (through bun:ffi, opened on first use), or null where
 * there is no glibc (another libc): callers then do without (each call is an optimisation, never needed).
 */
export function glibc() {
  if (libc === undefined) {
    try {
      libc = openGlibc();
    } catch {
      libc = null;
    }
  }
  return libc;
}
