// A real S3-compatible server (s3rver) in a process of its own for the push bench (scripts/bench/push.ts): the
// push and the plain Bun.s3 reference then share it and neither shares the server's event loop. Prints its
// endpoint as the first line, then one line per object created ({ created: [kind, key] }); SIGTERM stops it and
// removes its files.
import { startS3 } from '../../tests/helpers/s3rver.ts';

const s3 = await startS3();
console.log(JSON.stringify({ endpoint: s3.endpoint }));
let reported = 0;
setInterval(() => {
  for (; reported < s3.created.length; reported++) console.log(JSON.stringify({ created: s3.created[reported] }));
}, 50);
process.on('SIGTERM', () => {
  void s3.stop().finally(() => process.exit(0));
});
