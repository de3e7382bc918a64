import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

// A real S3-compatible server (s3rver, npm) on a free loopback port, for the push, import and gallery tests.

export const S3_BUCKET = 'momentbox';
/** s3rver's fixed credentials */
export const S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  /** its files on disk (`<dir>/<bucket>/<key>._S3rver_object` etc.) */
  dir: string;
  /** every object created (a PUT, or a completed multipart upload), in order: [kind, key] */
  created: [kind: string, key: string][];
  /** requests being answered now */
  inFlight(): number;
  /** wait before each object write (to cut a push mid-way); 0 = none */
  slowWrites(ms: number): void;
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
}

export async function startS3(): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: S3_BUCKET }] });
  const created: [string, string][] = [];
  let inFlight = 0;
  let delay = 0;
  // First in Koa's chain (composed when run() listens): counts requests and slows writes when asked.
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    inFlight++;
    try {
      if (delay && (ctx.method === 'PUT' || ctx.method === 'POST')) await Bun.sleep(delay);
      await next();
    } finally {
      inFlight--;
    }
  });
  server.on('event', (e: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    const r = e.Records[0]!;
    if (r.eventName.startsWith('ObjectCreated')) created.push([r.eventName, decodeURIComponent(r.s3.object.key)]);
  });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    dir,
    created,
    inFlight: () => inFlight,
    slowWrites: (ms) => {
      delay = ms;
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
