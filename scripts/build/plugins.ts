import type { BunPlugin } from 'bun';
import type { NativePackages } from './native-packages.ts';

/**
 * sharp loads its addon with a require made by createRequire, which the bundler does not follow,
 * so the binary would lack it. This rewrites that one call in sharp's loader (dist/sharp.mjs or
 * .cjs) into a static import of the target architecture's real .node file, which Bun then embeds
 * and loads from the binary.
 */
export function sharpAddonPlugin(natives: NativePackages): BunPlugin {
  const call = `require("@img/sharp-linux-${natives.arch}/sharp.node")`;
  const addon = JSON.stringify(natives.sharpAddon);
  return {
    name: 'sharp-addon',
    setup(build) {
      build.onLoad({ filter: /[\\/]sharp[\\/]dist[\\/]sharp\.[cm]js$/ }, async ({ path }) => {
        const source = await Bun.file(path).text();
        if (!source.includes(call))
          throw new Error(`${path} no longer contains ${call}: check scripts/build/plugins.ts against this sharp version`);
        const contents = path.endsWith('.mjs')
          ? `import __sharpAddon from ${addon};\n${source.replace(call, '__sharpAddon')}`
          : source.replace(call, `require(${addon})`);
        return { contents, loader: 'js' };
      });
    },
  };
}

/** The import `momentbox:native` of src/native/binary-entry.ts: the module that embeds one architecture's native files. */
export function nativeModulePlugin(modulePath: string): BunPlugin {
  return {
    name: 'momentbox-native',
    setup(build) {
      build.onResolve({ filter: /^momentbox:native$/ }, () => ({ path: modulePath }));
    },
  };
}

/** Source of that module, written to .build/ by compile.ts. */
export function nativeModuleSource(natives: NativePackages): string {
  const file = (path: string) => `${JSON.stringify(path)} with { type: 'file' }`;
  return `// Made by scripts/build/plugins.ts for linux-${natives.arch}; do not edit.
import ffmpeg from ${file(natives.ffmpeg)};
import ffprobe from ${file(natives.ffprobe)};
import libvips from ${file(natives.libvips)};

export default { folder: ${JSON.stringify(natives.folder)}, ffmpeg, ffprobe, libvips, libvipsName: ${JSON.stringify(natives.libvipsName)} };
`;
}
