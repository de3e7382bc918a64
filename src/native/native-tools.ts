import { closeSync, fsyncSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { dlopen, FFIType } from 'bun:ffi';

export interface NativeTools {
  ffmpegPath: string;
  ffprobePath: string;
}

/** The native files one binary embeds; made by scripts/build/native-module.ts as the module `momentbox:native`. */
export interface EmbeddedNatives {
  /** Folder name under `<dataDir>/native/`; it names every version, so a new build with other natives never reuses an old folder. */
  folder: string;
  ffmpeg: string;
  ffprobe: string;
  libvips: string;
  /** The soname (`libvips-cpp.so.8.18.7`): sharp's addon asks the dynamic linker for exactly this name. */
  libvipsName: string;
}

let embeddedNatives: EmbeddedNatives | null = null;
let prepared: Promise<NativeTools> | null = null;
// Held for the life of the process: the library must stay loaded for sharp.
const loadedLibraries: unknown[] = [];

/** Called by binary-entry.ts only, before prepareNativeTools. */
export function useEmbeddedNatives(natives: EmbeddedNatives): void {
  embeddedNatives = natives;
}

/**
 * Where ffmpeg and ffprobe are. In development: the binaries in node_modules.
 * In the compiled binary: the embedded ffmpeg, ffprobe and libvips are written once to
 * `<dataDir>/native/<folder>/` and reused on later starts, and libvips is loaded, which sharp needs
 * before it is imported. binary-entry.ts calls this before main.ts is loaded; later calls get that
 * first call's result whatever dataDir they pass.
 */
export function prepareNativeTools(dataDir: string): Promise<NativeTools> {
  prepared ??= embeddedNatives ? extractEmbedded(dataDir, embeddedNatives) : devTools();
  return prepared;
}

async function devTools(): Promise<NativeTools> {
  if (Bun.isStandaloneExecutable) {
    throw new Error(
      'This binary was built without its native files: build it with scripts/build-binary.ts (entry src/native/binary-entry.ts)',
    );
  }
  const [ffmpeg, ffprobe] = await Promise.all([import('@ffmpeg-installer/ffmpeg'), import('@ffprobe-installer/ffprobe')]);
  return { ffmpegPath: ffmpeg.default.path, ffprobePath: ffprobe.default.path };
}

async function extractEmbedded(dataDir: string, natives: EmbeddedNatives): Promise<NativeTools> {
  const nativeRoot = join(dataDir, 'native');
  const folder = join(nativeRoot, natives.folder);
  await mkdir(folder, { recursive: true });
  const files = [
    { name: 'ffmpeg', source: natives.ffmpeg },
    { name: 'ffprobe', source: natives.ffprobe },
    { name: natives.libvipsName, source: natives.libvips },
  ];
  removeAllBut(
    folder,
    files.map((f) => f.name),
  ); // half-written files of an interrupted first start
  let wrote = false;
  for (const file of files) wrote = (await writeOnce(join(folder, file.name), file.source)) || wrote;
  if (wrote) fsyncPath(folder);
  removeAllBut(nativeRoot, [natives.folder]); // folders of older builds, ~170 MB each on a small SD card

  // Loaded by path before sharp is imported; sharp's addon then finds it by soname instead of
  // through its RPATH into node_modules, which the binary does not have. Naming one symbol is enough.
  loadedLibraries.push(dlopen(join(folder, natives.libvipsName), { vips_version: { args: [FFIType.i32], returns: FFIType.i32 } }));
  return { ffmpegPath: join(folder, 'ffmpeg'), ffprobePath: join(folder, 'ffprobe') };
}

/**
 * Writes an embedded file to target unless a file of the same size is there already.
 * Size is enough: the folder name changes with every native version, and a file only ever
 * appears under its name complete (tmp, fsync, rename). Returns whether it wrote.
 */
async function writeOnce(target: string, source: string): Promise<boolean> {
  const embedded = Bun.file(source);
  if (statSync(target, { throwIfNoEntry: false })?.size === embedded.size) return false;
  const tmp = `${target}.${process.pid}.tmp`;
  await Bun.write(tmp, embedded);
  await chmod(tmp, 0o755);
  fsyncPath(tmp);
  await rename(tmp, target);
  return true;
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function removeAllBut(dir: string, keep: string[]): void {
  for (const name of readdirSync(dir)) {
    if (!keep.includes(name)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}
