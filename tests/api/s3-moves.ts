import type { EventPush, ImportRunDto } from '../../src/http/api-types.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { S3_BUCKET, S3_KEY, type TestS3 } from '../helpers/s3rver.ts';
import { expectOk } from './support.ts';

// The dashboard's push to and import from the test's s3rver, each followed to its end (the push and import tests).

/** The dashboard's S3 settings for the test server, with a folder of the bucket as prefix. */
export const s3Settings = (s3: TestS3, prefix: string, secret: string) => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: S3_BUCKET,
  prefix,
  access_key_id: S3_KEY.accessKeyId,
  secret_access_key: secret,
});

/** Polls (bounded: 60 s) what `read` finds until it is there and no longer running. */
async function whenEnded<T extends { state: string }>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await read();
    if (found && found.state !== 'running') return found;
    if (Date.now() > deadline) throw new Error(`${what} did not end: ${JSON.stringify(found)}`);
    await Bun.sleep(100);
  }
}

/** The dashboard's push of one event to the bucket as `settings` say, followed to its end. */
export async function pushEvent(admin: ApiClient, settings: object, eventId: number): Promise<EventPush> {
  await expectOk(await admin.fetch('/api/admin/s3', { method: 'PUT', json: settings }));
  await expectOk(await admin.fetch('/api/admin/s3/push', { method: 'POST', json: { event_id: eventId } }), 202);
  return whenEnded(async () => (await admin.json<EventPush[]>('/api/admin/s3/pushes')).find((p) => p.event_id === eventId), 'push');
}

/** The dashboard's import of an event from the bucket as `settings` say (`body`: code, new_code), followed to its end. */
export async function importEvent(admin: ApiClient, settings: object, body: Record<string, string>): Promise<ImportRunDto> {
  await expectOk(await admin.fetch('/api/admin/s3', { method: 'PUT', json: settings }));
  await expectOk(await admin.fetch('/api/admin/s3/import', { method: 'POST', json: body }), 202);
  return whenEnded(async () => (await admin.json<ImportRunDto[]>('/api/admin/s3/imports')).find((r) => r.code === body.code), 'import');
}
