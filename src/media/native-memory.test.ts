import { describe, expect, test } from 'bun:test';
import { dlopen, FFIType } from 'bun:ffi';
import sharp from 'sharp';
import { createMediaTools } from './create-media-tools.ts';

const MB = 1024 * 1024;
// glibc's own malloc, to see where it puts a block (this process's, as the server's image threads use it).
const libc = dlopen('libc.so.6', {
  malloc: { args: [FFIType.u64], returns: FFIType.ptr },
  free: { args: [FFIType.ptr], returns: FFIType.void },
  mallinfo2: { args: [FFIType.ptr], returns: FFIType.void },
}).symbols;
/** Blocks glibc holds in mappings of their own (mallinfo2's hblks). */
function mappedBlocks(): number {
  const info = new BigUint64Array(10);
  libc.mallinfo2(info);
  return Number(info[3]);
}

describe("image work's memory (bench f: the server's peak with 20 phones uploading)", () => {
  test('large blocks are mapped apart and given back when freed; libvips keeps no operations', () => {
    // glibc's default: freeing a mapped 8 MB block raises its threshold, so later blocks below 8 MB would
    // come from the arenas and stay there after free.
    libc.free(libc.malloc(8 * MB));
    createMediaTools({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
    const before = mappedBlocks();
    const pixels = libc.malloc(4 * MB); // a photo's pixels at preview size are ~12 MB, a tile's ~1.5 MB
    expect(mappedBlocks()).toBe(before + 1);
    libc.free(pixels);
    expect(mappedBlocks()).toBe(before);
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });
});
