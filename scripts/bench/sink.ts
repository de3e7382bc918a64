// The reference of the ingest benchmark: the least a server can do with an upload over loopback, i.e.
// take the request and write its bytes to disk. Run as its own process, like the real server.
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: sink.ts <dir>');
let n = 0;
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  maxRequestBodySize: 1024 * 1024 * 1024,
  async fetch(req) {
    const path = join(dir, `body-${n++}`);
    const sink = Bun.file(path).writer();
    let bytes = 0;
    for await (const chunk of req.body!) {
      bytes += chunk.byteLength;
      sink.write(chunk);
      await sink.flush();
    }
    await sink.end();
    return Response.json({ sink: true, bytes });
  },
});
console.log(`port=${server.port}`);
process.on('SIGTERM', () => {
  server.stop(true);
  process.exit(0);
});
