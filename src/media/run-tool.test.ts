import { describe, expect, test } from 'bun:test';
import { MediaError } from './media-error.ts';
import { runTool } from './run-tool.ts';

describe('runTool', () => {
  test('a tool that hangs is killed at its time-out with a TIMEOUT MediaError', async () => {
    const started = performance.now();
    const run = runTool('sleep', ['30'], { timeoutMs: 300 });
    await expect(run).rejects.toBeInstanceOf(MediaError);
    await expect(run).rejects.toMatchObject({ reason: 'TIMEOUT' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('aborting (shutdown) kills the tool and rejects with the abort reason', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const run = runTool('sleep', ['30'], { timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 100);
    await expect(run).rejects.toThrow('shutting down');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('a failing tool resolves with its exit code and the end of what it printed to stderr', async () => {
    const result = await runTool('sh', ['-c', 'echo out; echo oops >&2; exit 3'], { timeoutMs: 5000 });
    expect(result).toEqual({ exitCode: 3, stdout: 'out\n', stderrTail: 'oops' });
  });

  test('lowPriority runs the tool niced', async () => {
    const niceness = async (lowPriority: boolean) => Number((await runTool('nice', [], { timeoutMs: 5000, lowPriority })).stdout);
    const base = await niceness(false);
    expect(await niceness(true)).toBe(Math.min(19, base + 10));
  });
});
