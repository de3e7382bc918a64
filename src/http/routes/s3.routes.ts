import { Hono } from 'hono';
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import type { PushRow } from '../../services/push.service.ts';
import type { S3TargetView } from '../../services/s3-target.service.ts';
import type { EventPush, S3Settings } from '../api-types.ts';
import type { Env } from '../context.ts';
import { requireRight } from '../context.ts';
import { answer, endpoint } from '../openapi.ts';
import { EventPushSchema, S3SettingsSchema, SuccessSchema } from '../schemas/responses.schemas.ts';

const text = (variant: Parameters<typeof problem>[0]) => z.string({ error: problem(variant) }).trim();
const settingsBody = z.object({
  endpoint: text('s3EndpointInvalid').refine((v) => /^https?:\/\/[^\s/]+/.test(v), problem('s3EndpointInvalid')),
  region: text('s3RegionNotText').default(''),
  bucket: text('s3BucketRequired').min(1, problem('s3BucketRequired')),
  prefix: text('s3PrefixNotText').default(''),
  access_key_id: text('s3KeyRequired').min(1, problem('s3KeyRequired')),
  /** empty or absent: keep the stored secret */
  secret_access_key: z.string({ error: problem('s3KeyRequired') }).default(''),
});

const getSettings = endpoint({
  summary: 'The S3 storage events are pushed to (never with its secret key); null before one is saved',
  tag: 'admin',
  ok: answer('S3Settings or null', S3SettingsSchema.nullable()),
  errors: [401, 403],
});
const saveSettings = endpoint({
  summary: 'Saves the S3 storage; an empty secret_access_key keeps the stored one',
  tag: 'admin',
  body: settingsBody,
  ok: answer('S3Settings as saved', S3SettingsSchema),
  errors: [401, 403],
});
const testSettings = endpoint({
  summary: "'Verbindung testen': writes, lists and removes a small object with these settings (502 S3_CHECK_FAILED with the reason)",
  tag: 'admin',
  body: settingsBody,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [401, 403],
});
const startPush = endpoint({
  summary:
    'Pushes one event (event_id) or every finished one to the S3 storage in a background process (202; 409 PUSH_RUNNING, S3_NOT_CONFIGURED)',
  tag: 'admin',
  body: z.object({
    event_id: z
      .number({ error: problem('invalidEventId') })
      .int()
      .positive()
      .optional(),
  }),
  ok: answer('{ success: true }', SuccessSchema),
  status: 202,
  errors: [401, 403, 404, 409],
});
const listPushes = endpoint({
  summary: 'The last push of each event: progress while it runs, then its result',
  tag: 'admin',
  ok: answer('EventPush[]', z.array(EventPushSchema)),
  errors: [401, 403],
});

const settingsDto = (v: S3TargetView): S3Settings => ({
  endpoint: v.endpoint,
  region: v.region,
  bucket: v.bucket,
  prefix: v.prefix,
  access_key_id: v.accessKeyId,
  has_secret: v.hasSecret,
});
const changeOf = (b: z.output<typeof settingsBody>) => ({
  endpoint: b.endpoint,
  region: b.region,
  bucket: b.bucket,
  prefix: b.prefix,
  accessKeyId: b.access_key_id,
  secretAccessKey: b.secret_access_key,
});
const pushDto = (p: PushRow & { interrupted: boolean }): EventPush => ({
  event_id: p.eventId,
  state: p.interrupted ? 'interrupted' : p.state,
  started_at: p.startedAt,
  finished_at: p.finishedAt,
  files_total: p.filesTotal,
  files_done: p.filesDone,
  bytes_total: p.bytesTotal,
  bytes_done: p.bytesDone,
  files_sent: p.filesSent,
  bytes_sent: p.bytesSent,
  error: p.error,
});

/** 'Nach dem Event sichern' (issue 29): the S3 storage, its check, and pushing events to it. Admin only. */
export function s3Routes() {
  const app = new Hono<Env>();

  app.get('/api/admin/s3', getSettings.doc, (c) => {
    requireRight(c, 'administer');
    const view = c.get('deps').services.s3.view();
    return c.json<S3Settings | null>(view ? settingsDto(view) : null);
  });

  app.put('/api/admin/s3', saveSettings.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await saveSettings.body(c);
    return c.json<S3Settings>(settingsDto(c.get('deps').services.s3.save(changeOf(body))));
  });

  app.post('/api/admin/s3/test', testSettings.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await testSettings.body(c);
    await c.get('deps').services.s3.check(changeOf(body));
    return c.json({ success: true });
  });

  app.post('/api/admin/s3/push', startPush.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await startPush.body(c);
    c.get('deps').services.push.start(body.event_id);
    return c.json({ success: true }, 202);
  });

  app.get('/api/admin/s3/pushes', listPushes.doc, (c) => {
    requireRight(c, 'administer');
    return c.json<EventPush[]>(c.get('deps').services.push.pushes().map(pushDto));
  });

  return app;
}
