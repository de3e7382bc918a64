import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { ApiClient } from './api-client.ts';

// The guest next to an attack: while one phone does something nasty, another guest of the event keeps
// reading the gallery and uploading small photos. The yardstick for every recipe: this guest stays
// served (p99 under 1 s, no error) and the server's memory grows by less than 150 MB.

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** A small JPEG of its own: the bits of `n` as black and white pixels on a coloured square (no duplicate of another n). */
export async function freshPhoto(n: number): Promise<Uint8Array> {
  const size = 48;
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) pixels.set([(n * 37) % 256, (n * 91) % 256, 128], i * 3);
  // 32 bits in 6x6 blocks across the top rows: unmistakable after JPEG compression.
  for (let bit = 0; bit < 32; bit++) {
    const value = (n >>> bit) & 1 ? 255 : 0;
    const bx = (bit % 8) * 6;
    const by = Math.floor(bit / 8) * 6;
    for (let y = by; y < by + 6; y++) for (let x = bx; x < bx + 6; x++) pixels.set([value, value, value], (y * size + x) * 3);
  }
  return new Uint8Array(
    await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
}

export interface BystanderReport {
  /** latency of each request in ms */
  latencies: number[];
  p99: number;
  /** requests that failed: status or network error */
  errors: string[];
  /** the server's RSS growth from before the attack to its highest sample during it, in MB */
  rssGrowthMb: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
};

/**
 * Runs `attack` while `guest` (joined to the event) reads a page of the gallery and uploads a photo in turn,
 * one request at a time, and the server's RSS is sampled. Resolves with the attack's result and the report.
 */
export async function withBystander<T>(
  opts: { guest: ApiClient; eventId: number; serverPid: number },
  attack: () => Promise<T>,
): Promise<{ result: T; report: BystanderReport }> {
  const { guest, eventId, serverPid } = opts;
  const rssBefore = rssMb(serverPid);
  let rssPeak = rssBefore;
  const latencies: number[] = [];
  const errors: string[] = [];
  let running = true;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(serverPid))), 100);
  let n = Math.floor(Math.random() * 1e6);
  const loop = (async () => {
    while (running) {
      const reading = latencies.length % 2 === 0;
      const photo = reading ? null : await freshPhoto(n++);
      const started = performance.now();
      try {
        let res: Response;
        if (reading) res = await guest.fetch(`/api/event/${eventId}/uploads?limit=30`, { signal: AbortSignal.timeout(15_000) });
        else {
          const form = new FormData();
          form.append('file', new File([photo! as Uint8Array<ArrayBuffer>], `bystander-${n}.jpg`, { type: 'image/jpeg' }));
          res = await guest.fetch(`/api/event/${eventId}/upload`, { method: 'POST', body: form, signal: AbortSignal.timeout(15_000) });
        }
        await res.arrayBuffer();
        if (!res.ok) errors.push(`${reading ? 'read' : 'upload'} ${res.status}`);
      } catch (err) {
        errors.push(`${reading ? 'read' : 'upload'}: ${String(err)}`);
      }
      latencies.push(performance.now() - started);
      await Bun.sleep(20);
    }
  })();
  let result: T;
  try {
    result = await attack();
  } finally {
    running = false;
    await loop; // the request in flight counts too: when the server froze, it is the slow one
    clearInterval(sampler);
  }
  return { result, report: { latencies, p99: percentile(latencies, 0.99), errors, rssGrowthMb: rssPeak - rssBefore } };
}
