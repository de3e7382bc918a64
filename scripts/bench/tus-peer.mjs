// The peer of bench part a: the Node reference server of the tus resumable-upload protocol (@tus/server
// with its file store), run by Node in its own process like the real server. Prints port=<n> when ready.
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import http from 'node:http';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node tus-peer.mjs <dir>');
const tus = new Server({ path: '/files', datastore: new FileStore({ directory: dir }) });
const server = http.createServer((req, res) => tus.handle(req, res));
server.listen(0, '127.0.0.1', () => console.log(`port=${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
