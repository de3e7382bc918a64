import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';

// Where glibc puts a block depends on what the process did before (a free chunk of an arena serves it
// whatever the threshold), so the check runs in a fresh process, as the server starts.
const CHECK = `
import { dlopen, FFIType } from 'bun:ffi';
import sharp from 'sharp';
import { createMediaTools } from ${JSON.stringify(join(import.meta.dir, 'create-media-tools.ts'))};
const MB = 1024 * 1024;
const libc = dlopen('libc.so.6', {
  malloc: { args: [FFIType.u64], returns: FFIType.ptr },
  free: { args: [FFIType.ptr], returns: FFIType.void },
  mallinfo2: { args: [FFIType.ptr], returns: FFIType.void },
}).symbols;
/** Blocks glibc holds in mappings of their own (mallinfo2's hblks). */
const mapped = () => { const info = new BigUint64Array(10); libc.mallinfo2(info); return Number(info[3]); };
// glibc's default: freeing a mapped 8 MB block raises its threshold, so later blocks below 8 MB would come
// from the arenas and stay there after free.
libc.free(libc.malloc(8 * MB));
createMediaTools({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
const before = mapped();
const pixels = libc.malloc(4 * MB); // a photo's pixels at preview size are ~12 MB, a tile's ~1.5 MB
const whileHeld = mapped() - before;
libc.free(pixels);
console.log(JSON.stringify({ whileHeld, afterFree: mapped() - before, cache: sharp.cache() }));
`;

describe("image work's memory (bench f: the server's peak with 20 phones uploading)", () => {
  test('large blocks are mapped apart and given back when freed; libvips keeps no operations', () => {
    const run = Bun.spawnSync([process.execPath, '-e', CHECK], { cwd: import.meta.dir });
    expect(run.stderr.toString()).toBe('');
    const result = JSON.parse(run.stdout.toString());
    expect(result).toMatchObject({ whileHeld: 1, afterFree: 0 });
    expect(result.cache).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });
});
