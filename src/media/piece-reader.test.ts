import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { findLocationPatches, patchedStream } from './location.ts';
import { openPieceReader } from './piece-reader.ts';
import { fixture, makeTempDir } from './test-helpers.ts';

/** The whole file through a reader with a buffer of `pieceBytes`, each piece copied out. */
async function readAll(path: string, pieceBytes: number, patches: Parameters<typeof openPieceReader>[1]): Promise<Buffer> {
  const reader = await openPieceReader(path, patches);
  const buffer = new Uint8Array(pieceBytes);
  const pieces: Buffer[] = [];
  try {
    for (let n; (n = await reader.read(buffer)) > 0;) pieces.push(Buffer.from(buffer.subarray(0, n)));
  } finally {
    await reader.close();
  }
  return Buffer.concat(pieces);
}

test('read in pieces, a photo loses its position as when it is streamed, wherever the pieces end', async () => {
  const path = fixture('photos/gps/DSCN0010.jpg');
  const patches = await findLocationPatches(path);
  expect(patches.length).toBeGreaterThan(0);
  const expected = Buffer.from(await Bun.file(path).bytes());
  for (const p of patches) expected.set(p.bytes, p.offset);
  expect(Buffer.from(await new Response(patchedStream(path, patches)).arrayBuffer()).equals(expected)).toBe(true);
  // Piece sizes that cut through the overwritten bytes at different places.
  for (const pieceBytes of [13, 509, 4096, 1 << 20])
    expect([pieceBytes, (await readAll(path, pieceBytes, patches)).equals(expected)]).toEqual([pieceBytes, true]);
});

test('without patches, the file as stored; an empty file ends at once', async () => {
  const path = fixture('videos/android-h264.mp4');
  expect((await readAll(path, 65536, [])).equals(Buffer.from(await Bun.file(path).bytes()))).toBe(true);
  const tmp = makeTempDir('pieces');
  try {
    const empty = join(tmp.dir, 'empty');
    await Bun.write(empty, '');
    expect((await readAll(empty, 16, [])).length).toBe(0);
  } finally {
    tmp.remove();
  }
});
