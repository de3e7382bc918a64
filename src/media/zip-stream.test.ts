import { describe, expect, test } from 'bun:test';
import { statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sha256File } from './hashing.ts';
import { readZipStrict } from './zip-check.ts';
import { openPieceReader } from './piece-reader.ts';
import { bytesReader, fixture, generatedReader, makeTempDir, writeSparse } from './test-helpers.ts';
import { createZipStream, sanitizeZipName, uniqueName, type ZipEntry, type ZipOptions, zipArchiveSize } from './zip-stream.ts';

const unzip = (...args: string[]) => {
  const run = Bun.spawnSync(['unzip', ...args], { env: { ...process.env, LANG: 'C.UTF-8' } });
  return { exitCode: run.exitCode, out: run.stdout.toString() + run.stderr.toString() };
};

function fileEntry(path: string, name: string, mtime = new Date('2026-06-20T18:30:00Z')): ZipEntry {
  return { name, size: statSync(path).size, mtime, open: () => openPieceReader(path) };
}

/** The export's layout: event folder, one subfolder per album, sanitised and de-duplicated names. */
function exportEntries(): ZipEntry[] {
  const event = sanitizeZipName('Hochzeit: Anna & Ben');
  const albums = new Set<string>();
  const tanz = uniqueName(albums, sanitizeZipName('Tanz / Party'));
  const kirche = uniqueName(albums, sanitizeZipName('Kirche'));
  const inTanz = new Set<string>();
  const inKirche = new Set<string>();
  return [
    fileEntry(fixture('photos/phones/jolla.jpg'), `${event}/${tanz}/${uniqueName(inTanz, 'jolla.jpg')}`),
    fileEntry(fixture('photos/gps/DSCN0010.jpg'), `${event}/${tanz}/${uniqueName(inTanz, 'Jolla.JPG')}`),
    fileEntry(fixture('videos/android-h264.mp4'), `${event}/${tanz}/${uniqueName(inTanz, 'android-h264.mp4')}`),
    fileEntry(fixture('videos/iphone-hevc-rotated.mov'), `${event}/${kirche}/${uniqueName(inKirche, sanitizeZipName('Grüße 🎉.mov'))}`),
    fileEntry(fixture('photos/cameras/Canon_40D.jpg'), `${event}/${kirche}/${uniqueName(inKirche, 'Canon_40D.jpg')}`),
  ];
}

async function checkExport(opts: ZipOptions) {
  const tmp = makeTempDir('zip');
  try {
    const zipPath = join(tmp.dir, 'export.zip');
    const entries = exportEntries();
    // Kept whole before anything is written (as Response.arrayBuffer does): the writer reuses one buffer for
    // the file bytes, so a consumer that holds on to the pieces must have been given copies.
    const bytes = new Uint8Array(await new Response(createZipStream(entries, opts)).arrayBuffer());
    writeFileSync(zipPath, bytes);
    expect(bytes.length).toBe(zipArchiveSize(entries, opts)); // the Content-Length the export announces is exact
    // What a streaming reader (a phone's unzipper) relies on: local headers and data descriptors, not only the central directory.
    const walked = await readZipStrict(bytes);
    expect(walked.map((e) => e.name)).toEqual(entries.map((e) => e.name));

    const tested = unzip('-t', zipPath);
    expect(tested.out).toContain('No errors detected');
    expect(tested.exitCode).toBe(0);

    const listing = unzip('-Z1', zipPath).out.trim().split('\n');
    expect(listing).toEqual([
      'Hochzeit_ Anna & Ben/Tanz _ Party/jolla.jpg',
      'Hochzeit_ Anna & Ben/Tanz _ Party/Jolla (2).JPG',
      'Hochzeit_ Anna & Ben/Tanz _ Party/android-h264.mp4',
      'Hochzeit_ Anna & Ben/Kirche/Grüße 🎉.mov',
      'Hochzeit_ Anna & Ben/Kirche/Canon_40D.jpg',
    ]);

    // What a host gets after extracting: the very same files, with their dates.
    const out = join(tmp.dir, 'out');
    expect(unzip('-q', zipPath, '-d', out).exitCode).toBe(0);
    const sources = [
      'photos/phones/jolla.jpg',
      'photos/gps/DSCN0010.jpg',
      'videos/android-h264.mp4',
      'videos/iphone-hevc-rotated.mov',
      'photos/cameras/Canon_40D.jpg',
    ];
    for (const [i, source] of sources.entries()) {
      const extracted = join(out, listing[i]!);
      expect({ file: basename(source), sha: await sha256File(extracted) }).toEqual({
        file: basename(source),
        sha: await sha256File(fixture(source)),
      });
      expect(statSync(extracted).mtime.toISOString()).toBe('2026-06-20T18:30:00.000Z');
    }
    return { zipPath, bytes };
  } finally {
    tmp.remove();
  }
}

const hasZip64EndRecord = (zip: Uint8Array) => Buffer.from(zip).lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06])) > 0;

describe('createZipStream', () => {
  test('an export of photos and videos in two album folders passes unzip -t and extracts byte for byte', async () => {
    const { bytes } = await checkExport({});
    expect(hasZip64EndRecord(bytes)).toBe(false); // small archives stay plain ZIP for old unzippers
  });

  test('the same export with ZIP64 records forced passes unzip -t too', async () => {
    const { bytes } = await checkExport({ forceZip64: true });
    expect(hasZip64EndRecord(bytes)).toBe(true);
  });

  test('an archive over 4 GB: ZIP64 sizes and offsets that unzip reads (data generated on the fly, sparse file)', async () => {
    const bigSize = 2 ** 32 + 5 * 2 ** 20; // 4 GiB + 5 MiB: the size and the offset after it overflow 32 bits
    const text = (name: string, content: string): ZipEntry => {
      const data = new TextEncoder().encode(content);
      return { name, size: data.length, mtime: new Date('2026-06-20T18:30:00Z'), open: async () => bytesReader(data) };
    };
    const big: ZipEntry = {
      name: 'Event/Album/long-video.mp4',
      size: bigSize,
      mtime: new Date('2026-06-20T18:30:00Z'),
      open: async () => generatedReader(bigSize),
    };
    const entries = [text('Event/before.txt', 'before'), big, text('Event/after.txt', 'after the 4 GB mark')];
    const tmp = makeTempDir('zip64');
    try {
      const zipPath = join(tmp.dir, 'big.zip');
      const length = await writeSparse(createZipStream(entries), zipPath);
      expect(length).toBe(zipArchiveSize(entries));
      expect(length).toBeGreaterThan(2 ** 32);

      // unzip reads the ZIP64 end record and the ZIP64 sizes from the central directory...
      const listed = unzip('-l', zipPath);
      expect(listed.exitCode).toBe(0);
      expect(listed.out).toMatch(new RegExp(`\\s${bigSize}\\s.*Event/Album/long-video\\.mp4`));
      expect(listed.out).toContain('3 files');
      // ...and finds the local header of the file that starts beyond 4 GB (ZIP64 offset), checking its CRC.
      // (unzip -t over the whole 4 GB takes ~30 s: scripts/bench-zip64.ts does that.)
      expect(unzip('-p', zipPath, 'Event/after.txt').out).toBe('after the 4 GB mark');
      expect(unzip('-t', zipPath, 'Event/after.txt', 'Event/before.txt').out).toContain('No errors detected');
    } finally {
      tmp.remove();
    }
  });

  test('reads only as fast as the client downloads: a piece ahead at most, the next file only when reached, all through one buffer', async () => {
    const log: string[] = [];
    const buffers = new Set<ArrayBufferLike>();
    const counted = (name: string, size: number): ZipEntry => ({
      name,
      size,
      mtime: new Date(),
      async open() {
        log.push(`open ${name}`);
        const inner = generatedReader(size);
        return {
          read(into) {
            log.push(`read ${name}`);
            buffers.add(into.buffer);
            return inner.read(into);
          },
          async close() {
            log.push(`closed ${name}`);
          },
        };
      },
    });
    const told: string[] = [];
    const observer = { sent: () => {}, finished: () => told.push('finished'), failed: () => told.push('failed') };
    const reader = createZipStream([counted('a.bin', 100 << 20), counted('b.bin', 100 << 20)], { observer }).getReader();
    let received = 0;
    for (let i = 0; i < 4; i++) {
      received += (await reader.read()).value!.length;
      await Bun.sleep(5); // a slow client
    }
    const reads = log.filter((line) => line === 'read a.bin').length;
    expect(received).toBeGreaterThan(1 << 20);
    expect(reads).toBeLessThanOrEqual(5); // 4 pieces taken, one waiting
    expect(log).not.toContain('open b.bin');
    // No fresh buffer per piece: a 2 GB export at download speed would leave tens of MB of them to the GC.
    expect(buffers.size).toBe(1);
    await reader.cancel(); // the client went away: the open file is closed
    expect(log.at(-1)).toBe('closed a.bin');
    // and the archive is reported as cut short, never as finished (the cancelled pieces end the write loop)
    await Bun.sleep(20);
    expect(told).toContain('failed');
    expect(told).not.toContain('finished');
  });

  test('a file that changed size since it was listed fails the download instead of writing a wrong archive', async () => {
    const entry: ZipEntry = { name: 'a.jpg', size: 10, mtime: new Date(), open: async () => generatedReader(5) };
    const drain = async () => {
      for await (const _ of createZipStream([entry]));
    };
    await expect(drain()).rejects.toThrow('a.jpg changed while it was being zipped');
  });

  test('paths that would escape the extraction folder are refused', async () => {
    for (const name of ['../evil.jpg', '/etc/passwd', 'a/../../b', 'a\\b', 'a//b']) {
      const entry: ZipEntry = { name, size: 0, mtime: new Date(), open: async () => generatedReader(0) };
      const drain = async () => {
        for await (const _ of createZipStream([entry]));
      };
      await expect(drain()).rejects.toThrow('Unsafe path');
    }
  });
});

describe('sanitizeZipName', () => {
  test('characters Windows and macOS refuse become _, and the name stays readable', () => {
    expect(sanitizeZipName('Hochzeit: Anna & Ben')).toBe('Hochzeit_ Anna & Ben');
    expect(sanitizeZipName('a<b>c"d/e\\f|g?h*i')).toBe('a_b_c_d_e_f_g_h_i');
    expect(sanitizeZipName('tab\there\nnew\u0000line')).toBe('tab_here_new_line');
    expect(sanitizeZipName('Grüße 🎉.jpg')).toBe('Grüße 🎉.jpg');
  });

  test('no .., no hidden or trailing-dot names, no Windows device names, never empty', () => {
    expect(sanitizeZipName('..')).toBe('unnamed');
    expect(sanitizeZipName('../../etc/passwd')).toBe('_._etc_passwd');
    expect(sanitizeZipName('photo..jpg')).toBe('photo.jpg');
    expect(sanitizeZipName('  .hidden. ')).toBe('hidden');
    expect(sanitizeZipName('CON')).toBe('_CON');
    expect(sanitizeZipName('nul.txt')).toBe('_nul.txt');
    expect(sanitizeZipName('   ', 'Album')).toBe('Album');
    expect(sanitizeZipName('')).toBe('unnamed');
  });

  test('decomposed umlauts (as macOS sends them) are composed, long names are cut keeping the extension', () => {
    expect(sanitizeZipName('Gru\u0308ße')).toBe('Grüße');
    const long = sanitizeZipName(`${'ä'.repeat(150)}.jpeg`);
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(200);
    expect(long).toBe(`${'ä'.repeat(97)}.jpeg`);
  });
});

describe('uniqueName', () => {
  test('numbers repeated names per folder, ignoring case as Windows and macOS do', () => {
    const taken = new Set<string>();
    expect(['photo.jpg', 'photo.jpg', 'PHOTO.jpg', 'photo (2).jpg', 'video', 'video'].map((n) => uniqueName(taken, n))).toEqual([
      'photo.jpg',
      'photo (2).jpg',
      'PHOTO (3).jpg',
      'photo (2) (2).jpg',
      'video',
      'video (2)',
    ]);
    expect(uniqueName(new Set(), 'photo.jpg')).toBe('photo.jpg'); // another folder
  });
});
