// Benchmark and end-to-end check of the streaming ZIP writer past 4 GB: one 4 GiB + 5 MiB entry of zeros
// generated on the fly between two small files. Prints the writer's throughput as a ratio against passing
// the same bytes through a plain direct ReadableStream with the same buffer (measured in the same run: the cost of headers and CRC-32),
// then writes the archive as a sparse file and runs `unzip -t` over it, which CRC-checks all 4 GB (~30 s).
// Exits non-zero when unzip finds an error.
//
//   node_modules/.bin/bun scripts/bench-zip64.ts

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectReadableStream } from '../src/lib/direct-stream.ts';
import { bytesReader, generatedReader, writeSparse } from '../src/media/test-helpers.ts';
import { createZipStream, type ZipEntry, zipArchiveSize } from '../src/media/zip-stream.ts';

const bigSize = 2 ** 32 + 5 * 2 ** 20;
const mtime = new Date();

function text(name: string, content: string): ZipEntry {
  const data = new TextEncoder().encode(content);
  return { name, size: data.length, mtime, open: async () => bytesReader(data) };
}

const entries = (): ZipEntry[] => [
  text('bench/before.txt', 'before'),
  { name: 'bench/zeros.bin', size: bigSize, mtime, open: async () => generatedReader(bigSize) },
  text('bench/after.txt', 'after'),
];

async function timed(run: () => Promise<number>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const bytes = await run();
  return { ms: performance.now() - started, bytes };
}

/** The same bytes through the same kind of stream as createZipStream (direct, one 512 KiB buffer), without ZIP. */
function plainStream(): ReadableStream<Uint8Array> {
  const buffer = new Uint8Array(512 * 1024);
  return new DirectReadableStream({
    type: 'direct',
    async pull(controller) {
      for (const entry of entries()) {
        const reader = await entry.open();
        for (let n; (n = await reader.read(buffer)) > 0;) await controller.write(buffer.subarray(0, n));
      }
      controller.close();
    },
  });
}

const reference = await timed(async () => {
  let bytes = 0;
  for await (const chunk of plainStream()) bytes += chunk.length;
  return bytes;
});

const dir = mkdtempSync(join(tmpdir(), 'momentbox-bench-zip64-'));
const zipPath = join(dir, 'big.zip');
try {
  // The zero chunks are seeked over, not written: a sparse file, so the run needs no 4 GB of disk.
  const zipped = await timed(() => writeSparse(createZipStream(entries()), zipPath));
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
