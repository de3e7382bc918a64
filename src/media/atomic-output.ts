import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Lets `write` produce a file under a temporary name beside `target` and moves it into place only when
 * it succeeded (fsync, rename, fsync of the folder), so a crash, a time-out or a broken input never
 * leaves a half-written derivative under the real name. On failure the temporary file is removed.
 */
export async function writeAtomically<T>(target: string, write: (tempPath: string) => Promise<T>): Promise<T> {
  const tempPath = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    const result = await write(tempPath);
    await fsync(tempPath);
    await rename(tempPath, target);
    await fsync(dirname(target));
    return result;
  } catch (err) {
    await rm(tempPath, { force: true });
    throw err;
  }
}

async function fsync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
