import { afterEach, describe, expect, test } from 'bun:test';
import { closeSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChunkStore, currentBootId } from './chunk-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A store with one unfinished upload holding chunks 0 and 1 of 4 bytes, written in the boot `bootId`. */
function storeWithTwoChunks(bootId: string): ChunkStore {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-chunks-'));
  dirs.push(dir);
  const store = new ChunkStore(dir);
  store.distrustAfterPowerLoss(bootId);
  const fd = store.openForWriting('upload-1');
  writeSync(fd, Buffer.from('abcdefgh'), 0, 8, 0);
  closeSync(fd);
  store.mark('upload-1', 0, 4);
  store.mark('upload-1', 1, 4);
  return store;
}

describe('received chunks across restarts and power cuts', () => {
  test('a server killed and started again in the same boot resumes from the chunks it had', () => {
    const store = storeWithTwoChunks('boot-a');
    const restarted = new ChunkStore(store.dir);
    expect(restarted.distrustAfterPowerLoss('boot-a')).toBe(0);
    expect([...restarted.held('upload-1')]).toEqual([
      [0, 4],
      [1, 4],
    ]);
  });

  test('after a power cut (a new boot without a clean stop) the chunks are asked for again', () => {
    const store = storeWithTwoChunks('boot-a');
    const afterPowerCut = new ChunkStore(store.dir);
    expect(afterPowerCut.distrustAfterPowerLoss('boot-b')).toBe(1);
    expect(afterPowerCut.held('upload-1').size).toBe(0);
    expect(afterPowerCut.keys()).toEqual(['upload-1']); // the session itself stays; its chunks come again
  });

  test('after a clean stop and a reboot the chunks hold', () => {
    const store = storeWithTwoChunks('boot-a');
    store.syncForStop();
    const afterReboot = new ChunkStore(store.dir);
    expect(afterReboot.distrustAfterPowerLoss('boot-b')).toBe(0);
    expect([...afterReboot.held('upload-1')]).toEqual([
      [0, 4],
      [1, 4],
    ]);
    // The clean stop counts once: a power cut in the next boot drops them again.
    expect(new ChunkStore(store.dir).distrustAfterPowerLoss('boot-c')).toBe(1);
  });

  test('a session whose file cannot be synced at the stop loses its chunks; the others hold after a reboot', () => {
    const store = storeWithTwoChunks('boot-a');
    // A session folder whose "file" is a folder: opening it for the sync fails.
    mkdirSync(join(store.dataPath('broken')), { recursive: true });
    store.mark('broken', 0, 4);
    expect(store.syncForStop()).toBe(1);
    const afterReboot = new ChunkStore(store.dir);
    expect(afterReboot.distrustAfterPowerLoss('boot-b')).toBe(0);
    expect([...afterReboot.held('upload-1')]).toEqual([
      [0, 4],
      [1, 4],
    ]);
    expect(afterReboot.held('broken').size).toBe(0);
  });

  test("the store's own files are not taken for uploads", () => {
    const store = storeWithTwoChunks('boot-a');
    store.syncForStop();
    expect(existsSync(join(store.dir, '.clean-stop'))).toBe(true);
    expect(store.keys()).toEqual(['upload-1']);
  });

  test('the boot id comes from the kernel', () => {
    expect(currentBootId()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
