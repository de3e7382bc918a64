/** A child process of this program (`momentbox push`, `momentbox import`): its id, whether it ended, what it prints. */
export interface ChildProcess {
  pid: number;
  exitCode: number | null;
  stdout: ReadableStream<Uint8Array>;
  exited: Promise<number>;
}

/** Starts this program with these arguments (and the server's data dir) as a child process. */
export type RunSelf = (args: string[]) => ChildProcess;
