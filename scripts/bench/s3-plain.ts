// The push bench's reference (scripts/bench/push.ts): the same files sent with Bun's S3 client alone, as plainly as
// it goes: `S3Client.write(key, Bun.file(path))` (Bun sends large files in parts itself), as many at once as the push
// sends. Args: endpoint, bucket, prefix, a JSON file listing [key, path] pairs. Prints the milliseconds it took.
import { S3Client } from 'bun';

const [endpoint, bucket, prefix, listPath] = process.argv.slice(2);
const files = (await Bun.file(listPath!).json()) as [string, string][];
const client = new S3Client({ endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
const PARALLEL = 4; // as the push (src/services/push.service.ts)
const started = performance.now();
const queue = [...files];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await client.write(`${prefix}${f[0]}`, Bun.file(f[1]));
  }),
);
console.log(String(performance.now() - started));
