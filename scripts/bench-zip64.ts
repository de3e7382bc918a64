// Benchmark and end-to-end check of the streaming ZIP writer past 4 GB: one 4 GiB + 5 MiB entry of zeros
// generated on the fly between two small files. Prints the writer's throughput as a ratio against passing
// the same chunks through a plain ReadableStream (measured in the same run: the cost of headers and CRC-32), then writes the archive as a sparse file and
// runs `unzip -t` over it, which CRC-checks all 4 GB (~30 s). Exits non-zero when unzip finds an error.
//
//   node_modules/.bin/bun scripts/bench-zip64.ts

import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createZipStream, type ZipEntry, zipArchiveSize } from '../src/media/zip-stream.ts';

const zeros = new Uint8Array(4 << 20);
const bigSize = 2 ** 32 + 5 * 2 ** 20;
const mtime = new Date();

async function* zeroBytes(): AsyncGenerator<Uint8Array> {
  for (let left = bigSize; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
}

function text(name: string, content: string): ZipEntry {
  const data = new TextEncoder().encode(content);
  return { name, size: data.length, mtime, open: async function* () { yield data; } };
}

const entries = (): ZipEntry[] => [text('bench/before.txt', 'before'), { name: 'bench/zeros.bin', size: bigSize, mtime, open: zeroBytes }, text('bench/after.txt', 'after')];

async function timed(run: () => Promise<number>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const bytes = await run();
  return { ms: performance.now() - started, bytes };
}

async function* allChunks(): AsyncGenerator<Uint8Array> {
  for (const entry of entries()) yield* entry.open();
}

/** The same chunks through the same pull-based stream machinery as createZipStream, without ZIP. */
function plainStream(): ReadableStream<Uint8Array> {
  const chunks = allChunks();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
}

const reference = await timed(async () => {
  let bytes = 0;
  for await (const chunk of plainStream()) bytes += chunk.length;
  return bytes;
});

const dir = mkdtempSync(join(tmpdir(), 'momentbox-bench-zip64-'));
const zipPath = join(dir, 'big.zip');
try {
  const zipped = await timed(async () => {
    const fd = openSync(zipPath, 'w');
    let position = 0;
    for await (const chunk of createZipStream(entries())) {
      // The zero chunks are seeked over, not written: a sparse file, so the run needs no 4 GB of disk.
      if (chunk.buffer !== zeros.buffer) writeSync(fd, chunk, 0, chunk.length, position);
      position += chunk.length;
    }
    ftruncateSync(fd, position);
    closeSync(fd);
    return position;
  });
  const mbps = (r: { ms: number; bytes: number }) => (r.bytes / 2 ** 20 / (r.ms / 1000)).toFixed(0);
  console.log(`plain stream: ${reference.bytes} bytes in ${reference.ms.toFixed(0)} ms (${mbps(reference)} MiB/s)`);
  console.log(`zip stream:   ${zipped.bytes} bytes in ${zipped.ms.toFixed(0)} ms (${mbps(zipped)} MiB/s)`);
  console.log(`ratio zip / plain stream time: ${(zipped.ms / reference.ms).toFixed(2)}`);
  console.log(`size as announced by zipArchiveSize: ${zipped.bytes === zipArchiveSize(entries()) ? 'exact' : 'WRONG'}`);

  const started = performance.now();
  const unzip = Bun.spawnSync(['unzip', '-t', zipPath]);
  console.log(`unzip -t: exit ${unzip.exitCode} in ${(performance.now() - started).toFixed(0)} ms`);
  console.log(unzip.stdout.toString().trim());
  if (unzip.exitCode !== 0 || zipped.bytes !== zipArchiveSize(entries())) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
