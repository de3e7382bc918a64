import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackgroundHasher } from './background-hasher.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-hasher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');

function fileOf(name: string, size: number): { path: string; bytes: Uint8Array } {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += 65536) bytes.set(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - at))), at);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

/** Adds the file's bytes for `key` in ranges of `step` (the last one shorter). */
function addInRanges(hasher: BackgroundHasher, key: string, path: string, size: number, step: number) {
  for (let offset = 0; offset < size; offset += step) hasher.add(key, path, offset, Math.min(step, size - offset));
}

test("ranges added in order give the file's SHA-256, for several files at once", async () => {
  const failures: string[] = [];
  const hasher = new BackgroundHasher((reason) => failures.push(reason));
  const a = fileOf('a', 3 * 1024 * 1024 + 17);
  const b = fileOf('b', 2_500_000);
  for (let offset = 0; offset < a.bytes.length; offset += 1_000_000) {
    hasher.add('a', a.path, offset, Math.min(1_000_000, a.bytes.length - offset));
    if (offset < b.bytes.length) hasher.add('b', b.path, offset, Math.min(1_000_000, b.bytes.length - offset));
  }
  expect(await Promise.all([hasher.digest('a', a.bytes.length), hasher.digest('b', b.bytes.length)])).toEqual([
    sha256(a.bytes),
    sha256(b.bytes),
  ]);
  expect(failures).toEqual([]);
});

test('a gap, a wrong size or a file that went away gives no digest; a range from 0 starts the key afresh', async () => {
  const hasher = new BackgroundHasher(() => {});
  const f = fileOf('c', 300_000);
  // Out of order: all the bytes, but not in the file's order.
  for (const offset of [0, 200_000, 100_000]) hasher.add('gap', f.path, offset, 100_000);
  expect(await hasher.digest('gap', 300_000)).toBeNull();

  addInRanges(hasher, 'short', f.path, 200_000, 100_000);
  expect(await hasher.digest('short', 300_000)).toBeNull();

  hasher.add('again', f.path, 0, 100_000);
  hasher.add('again', f.path, 0, 150_000); // the phone's session started over
  hasher.add('again', f.path, 150_000, 150_000);
  expect(await hasher.digest('again', 300_000)).toBe(sha256(f.bytes));

  hasher.add('gone', join(dir, 'no-such-file'), 0, 100_000);
  expect(await hasher.digest('gone', 100_000)).toBeNull();

  addInRanges(hasher, 'dropped', f.path, 300_000, 100_000);
  hasher.drop('dropped');
  expect(await hasher.digest('dropped', 300_000)).toBeNull();
});

test('the worker ends when idle, taking its running hashes: the key is handed over again from 0 and hashes right', async () => {
  const hasher = new BackgroundHasher(() => {}, { idleMs: 100 });
  const f = fileOf('e', 300_000);
  hasher.add('e', f.path, 0, 100_000);
  expect(hasher.handedOver('e')).toBe(100_000);
  await Bun.sleep(300); // the phone paused
  expect(hasher.handedOver('e')).toBe(0);
  addInRanges(hasher, 'e', f.path, 300_000, 100_000);
  expect(await hasher.digest('e', 300_000)).toBe(sha256(f.bytes));
});

test('a worker that cannot start is reported, every digest is null, and after three tries none is started again', async () => {
  const failures: string[] = [];
  const hasher = new BackgroundHasher((reason) => failures.push(reason), { workerModule: join(dir, 'missing-worker.ts') });
  const f = fileOf('d', 1000);
  for (let i = 0; i < 5; i++) {
    hasher.add('d', f.path, 0, 1000);
    expect(await hasher.digest('d', 1000)).toBeNull();
  }
  await Bun.sleep(200); // a worker started late would fail by now
  expect(failures.length).toBe(3);
  expect(failures[0]).toContain('missing-worker');
});
