// Entry of the compiled binary (scripts/build-binary.ts), never of `bun src/main.ts`.
// ES imports are hoisted and sharp needs libvips loaded before it is imported, so the native files
// are prepared first and the server is loaded afterwards with a dynamic import.
import natives from 'momentbox:native';
import { answerInfoFlags } from '../cli/info.ts';
import { dataDirFromArgs } from './data-dir.ts';
import { prepareNativeTools, useEmbeddedNatives } from './native-tools.ts';

if (answerInfoFlags(process.argv.slice(2), (line) => console.log(line))) process.exit(0);
useEmbeddedNatives(natives);
await prepareNativeTools(dataDirFromArgs(process.argv.slice(2), process.env));
await import('../main.ts');
