// Writes docs/openapi.json from a running server's GET /api/openapi.json (the document is built from the
// routes' schemas). Run after changing a route: `npm run openapi`. tests/api/openapi.test.ts fails until then.
import { join } from 'node:path';
import { ROOT, startServer } from '../tests/helpers/server.ts';

const server = await startServer();
try {
  const res = await fetch(`${server.url}/api/openapi.json`);
  if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  await Bun.write(join(ROOT, 'docs', 'openapi.json'), `${JSON.stringify(await res.json(), null, 2)}\n`);
  console.log('docs/openapi.json written');
} finally {
  await server.stop();
}
