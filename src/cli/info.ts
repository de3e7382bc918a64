import { helpText } from '../config.ts';
import pkg from '../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;

/**
 * `--help` and `--version`: answered before anything else is loaded, so the binary does not unpack
 * its native files just to print a line. Returns true when it answered.
 */
export function answerInfoFlags(argv: readonly string[], print: (line: string) => void): boolean {
  if (argv.includes('--help') || argv.includes('-h')) {
    print(helpText());
    return true;
  }
  if (argv.includes('--version')) {
    print(VERSION);
    return true;
  }
  return false;
}
