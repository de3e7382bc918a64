import { readdirSync, readFileSync } from 'node:fs';

// The memory a server really holds: its own resident set plus that of every process it started (ffmpeg,
// ffprobe), polled often enough to catch a short-lived tool's peak.

function parentOf(pid: number): number | null {
  try {
    // The command name in (…) may hold spaces; the fields after it are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
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
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let total = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    total += rssBytes(pid);
    todo.push(...(children.get(pid) ?? []));
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
