import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Lets `write` produce a file under a temporary name beside `target` and moves it into place only when
 * it succeeded (fsync, rename, fsync of the folder), so a crash, a time-out or a broken input never
 * leaves a half-written derivative under the real name. On failure the temporary file is removed.
 */
export async function writeAtomically<T>(target: string, write: (tempPath: string) => Promise<T>): Promise<T> {
  let result!: T;
  const pending = await writeAside(target, async (tempPath) => {
    result = await write(tempPath);
  });
  await moveIntoPlace([pending]);
  return result;
}

/** A file written under a temporary name beside its target, not yet durable nor in place (see moveIntoPlace). */
export interface WrittenAside {
  tempPath: string;
  target: string;
}

/** The first half of writeAtomically: `write` produces the file under a temporary name (removed if it fails). */
export async function writeAside(target: string, write: (tempPath: string) => Promise<void>): Promise<WrittenAside> {
  const tempPath = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    await write(tempPath);
    return { tempPath, target };
  } catch (err) {
    await rm(tempPath, { force: true });
    throw err;
  }
}

/**
 * The second half: each file fsynced and renamed to its target, then each folder fsynced once. On failure every
 * temporary file is removed (targets already renamed stay: the caller removes what it no longer wants).
 */
export async function moveIntoPlace(files: WrittenAside[]): Promise<void> {
  try {
    await Promise.all(files.map((file) => fsync(file.tempPath)));
    await Promise.all(files.map((file) => rename(file.tempPath, file.target)));
    await Promise.all([...new Set(files.map((file) => dirname(file.target)))].map(fsync));
  } catch (err) {
    await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
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
