import { statSync } from 'node:fs';
import { basename, dirname, join, posix, resolve } from 'node:path';
import type { BunFile } from 'bun';

/**
 * Project folders the binary embeds (scripts/build-binary.ts passes them to `compile.assets`).
 * Inside the binary Bun keeps each folder under its last path segment next to the entry
 * (`web/dist/index.html` becomes `/$bunfs/root/dist/index.html`), so the last segments must differ.
 */
export const EMBEDDED_DIRS = ['web/dist', 'assets'] as const;

const projectRoot = resolve(import.meta.dir, '../..');

/**
 * A file of the web app or the assets by its path in the project (`web/dist/index.html`,
 * `web/dist/assets/index-abc.js`, `assets/logo.svg`): read from the binary when compiled,
 * from the project folder in development. Null when the file does not exist or the path
 * leaves the embedded folders, so a request path can be passed straight in.
 */
export function openEmbeddedFile(relativePath: string): BunFile | null {
  const clean = posix.normalize(relativePath.replace(/^\/+/, ''));
  const root = EMBEDDED_DIRS.find((dir) => clean.startsWith(`${dir}/`));
  if (!root) return null;
  const path = Bun.isStandaloneExecutable
    ? join(dirname(Bun.main), basename(root), clean.slice(root.length + 1))
    : join(projectRoot, clean);
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ? Bun.file(path) : null;
  } catch {
    // A request path with a NUL byte or a name too long for the file system is no file of ours.
    return null;
  }
}
