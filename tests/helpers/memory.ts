import { readdirSync, readFileSync } from 'node:fs';

// The memory a server really holds: its own resident set plus that of every process it started (ffmpeg,
// ffprobe), polled often enough to catch a short-lived tool's peak.

/**
 * The processes `pid` started, from the kernel's list per thread (the thread that spawned a process is its
 * parent). A few small reads: scanning all of /proc took 20-120 ms on a busy machine, and the watcher runs in
 * the test's own event loop, where it delayed the bystander's answers it was measuring.
 */
function childrenOf(pid: number): number[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident bytes of `root` and all its descendants now. */
export function treeRss(root: number): number {
  let total = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    total += rssBytes(pid);
    todo.push(...childrenOf(pid));
  }
  return total;
}

/** Polls treeRss every `everyMs` until stopped; `stop` answers the highest seen. */
export function watchTreePeak(root: number, everyMs = 50): { stop(): number } {
  let peak = treeRss(root);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(root));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRss(root));
    },
  };
}
