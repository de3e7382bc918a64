import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';

export type Arch = 'x64' | 'arm64';

/** The native files of one architecture, as files on this machine. */
export interface NativePackages {
  arch: Arch;
  sharpAddon: string;
  libvips: string;
  libvipsName: string;
  ffmpeg: string;
  ffprobe: string;
  /** Names every version, so the binary re-extracts exactly when one changes (src/native/native-tools.ts). */
  folder: string;
}

async function readJson(path: string): Promise<any> {
  return Bun.file(path).json();
}

/**
 * The exact versions the installed sharp and installer packages pin for arch (their
 * optionalDependencies), so both binaries carry the natives the dev install was tested with.
 */
async function pinnedVersions(root: string, arch: Arch): Promise<Record<string, string>> {
  const nm = join(root, 'node_modules');
  const sharp = await readJson(join(nm, 'sharp/package.json'));
  const ffmpeg = await readJson(join(nm, '@ffmpeg-installer/ffmpeg/package.json'));
  const ffprobe = await readJson(join(nm, '@ffprobe-installer/ffprobe/package.json'));
  const pins: Record<string, string | undefined> = {
    [`@img/sharp-linux-${arch}`]: sharp.optionalDependencies?.[`@img/sharp-linux-${arch}`],
    [`@img/sharp-libvips-linux-${arch}`]: sharp.optionalDependencies?.[`@img/sharp-libvips-linux-${arch}`],
    [`@ffmpeg-installer/linux-${arch}`]: ffmpeg.optionalDependencies?.[`@ffmpeg-installer/linux-${arch}`],
    [`@ffprobe-installer/linux-${arch}`]: ffprobe.optionalDependencies?.[`@ffprobe-installer/linux-${arch}`],
  };
  for (const [name, version] of Object.entries(pins)) {
    if (!version) throw new Error(`The installed packages pin no version of ${name}`);
  }
  return pins as Record<string, string>;
}

async function installedVersion(nodeModules: string, name: string): Promise<string | null> {
  const path = join(nodeModules, name, 'package.json');
  return existsSync(path) ? (await readJson(path)).version : null;
}

async function allInstalled(nodeModules: string, pins: Record<string, string>): Promise<boolean> {
  for (const [name, version] of Object.entries(pins)) {
    if ((await installedVersion(nodeModules, name)) !== version) return false;
  }
  return true;
}

/**
 * The host's architecture comes from the project's node_modules; the other one is installed into
 * .build/npm-<arch>/ with npm's --os/--cpu, and kept there for the next build. They are listed as
 * optionalDependencies of a throwaway package.json because npm applies --cpu only to optional
 * dependencies: named on the command line they fail with EBADPLATFORM.
 */
async function nodeModulesFor(root: string, arch: Arch, pins: Record<string, string>): Promise<string> {
  if (arch === process.arch) {
    const nodeModules = join(root, 'node_modules');
    if (!(await allInstalled(nodeModules, pins))) {
      throw new Error(`node_modules lacks the pinned ${Object.keys(pins).join(', ')}: run npm ci`);
    }
    return nodeModules;
  }
  const prefix = join(root, '.build', `npm-${arch}`);
  const nodeModules = join(prefix, 'node_modules');
  if (await allInstalled(nodeModules, pins)) return nodeModules;

  console.log(`Fetching the linux-${arch} native packages into ${prefix}`);
  await Bun.write(join(prefix, 'package.json'), JSON.stringify({ private: true, optionalDependencies: pins }, null, 2));
  const npm = Bun.spawn(
    [
      'npm',
      'install',
      '--os=linux',
      `--cpu=${arch}`,
      '--libc=glibc',
      '--no-package-lock',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: prefix, stdout: 'inherit', stderr: 'inherit' },
  );
  if ((await npm.exited) !== 0) throw new Error(`npm install in ${prefix} failed`);
  // Optional dependencies that npm could not install are skipped silently.
  if (!(await allInstalled(nodeModules, pins))) throw new Error(`npm did not install the pinned packages into ${nodeModules}`);
  return nodeModules;
}

function mustExist(path: string): string {
  if (!existsSync(path)) throw new Error(`Missing native file ${path}`);
  return path;
}

export async function nativePackages(root: string, arch: Arch): Promise<NativePackages> {
  const pins = await pinnedVersions(root, arch);
  const nm = await nodeModulesFor(root, arch, pins);
  const sharpVersion = pins[`@img/sharp-linux-${arch}`];
  const libvipsPackage = join(nm, `@img/sharp-libvips-linux-${arch}`);
  // The package names its library under the export "./binary" (lib/libvips-cpp.so.<version>).
  const libvipsRelative: string | undefined = (await readJson(join(libvipsPackage, 'package.json'))).exports?.['./binary'];
  if (!libvipsRelative) throw new Error(`${libvipsPackage}/package.json exports no "./binary"`);
  const libvips = mustExist(join(libvipsPackage, libvipsRelative));
  return {
    arch,
    sharpAddon: mustExist(join(nm, `@img/sharp-linux-${arch}/lib/sharp-linux-${arch}-${sharpVersion}.node`)),
    libvips,
    libvipsName: basename(libvips),
    ffmpeg: mustExist(join(nm, `@ffmpeg-installer/linux-${arch}/ffmpeg`)),
    ffprobe: mustExist(join(nm, `@ffprobe-installer/linux-${arch}/ffprobe`)),
    folder: [
      `linux-${arch}`,
      `libvips-${pins[`@img/sharp-libvips-linux-${arch}`]}`,
      `ffmpeg-${pins[`@ffmpeg-installer/linux-${arch}`]}`,
      `ffprobe-${pins[`@ffprobe-installer/linux-${arch}`]}`,
    ].join('-'),
  };
}
