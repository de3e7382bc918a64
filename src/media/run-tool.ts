import { MediaError } from './media-error.ts';

export interface RunToolOptions {
  /** hard limit: the process is killed (SIGKILL) when it runs longer */
  timeoutMs: number;
  /** kills the process when aborted (e.g. at shutdown); the run then rejects with the signal's reason */
  signal?: AbortSignal;
  /** run under `nice -n 10` when nice exists, so a long transcode does not slow down the gallery */
  lowPriority?: boolean;
  /**
   * The most memory the tool may take (its data segment and private mappings, RLIMIT_DATA: what it
   * allocates, not the address space its threads reserve); past it its allocations fail and it exits.
   * Set through the shell's `ulimit -d`, which the compiled binary can do as well as development.
   */
  memoryBytes?: number;
}

export interface ToolResult {
  exitCode: number;
  stdout: string;
  /** the last few KB of stderr: enough for a log line, bounded whatever the tool prints */
  stderrTail: string;
}

const STDERR_TAIL_CHARS = 4000;

/**
 * Runs an external tool (ffmpeg, ffprobe) with a hard time-out. Resolves with the exit code whatever it is,
 * so the caller words the failure; throws a MediaError 'TIMEOUT' when the time-out killed it.
 */
export async function runTool(executable: string, args: string[], opts: RunToolOptions): Promise<ToolResult> {
  opts.signal?.throwIfAborted();
  const nice = opts.lowPriority ? Bun.which('nice') : null;
  const command = nice ? [nice, '-n', '10', executable, ...args] : [executable, ...args];
  const limited = opts.memoryBytes
    ? ['/bin/sh', '-c', `ulimit -d ${Math.ceil(opts.memoryBytes / 1024)} && exec "$@"`, 'sh', ...command]
    : command;
  const proc = Bun.spawn(limited, {
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill('SIGKILL');
  }, opts.timeoutMs);
  const abort = () => proc.kill('SIGKILL');
  opts.signal?.addEventListener('abort', abort, { once: true });
  try {
    const [stdout, stderrTail, exitCode] = await Promise.all([new Response(proc.stdout).text(), readTail(proc.stderr), proc.exited]);
    opts.signal?.throwIfAborted();
    if (timedOut) {
      throw new MediaError('TIMEOUT', `Processing took longer than ${Math.round(opts.timeoutMs / 1000)} s and was stopped.`, stderrTail);
    }
    return { exitCode, stdout, stderrTail };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', abort);
  }
}

async function readTail(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) text = (text + decoder.decode(chunk, { stream: true })).slice(-STDERR_TAIL_CHARS);
  return text.trim();
}
