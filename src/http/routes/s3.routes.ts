import { Hono } from 'hono';
import { z } from 'zod';
import { AppError, problem } from '../../lib/errors.ts';
import type { PushRow } from '../../services/push.service.ts';
import type { S3TargetView } from '../../services/s3-target.service.ts';
import type { BundleEvent, EventPush, GalleryPublication, ImportRunDto, S3Settings } from '../api-types.ts';
import type { GalleryRun } from '../../services/gallery.service.ts';
import type { ImportRun } from '../../services/import.service.ts';
import type { Env } from '../context.ts';
import { requireRight } from '../context.ts';
import { answer, endpoint } from '../openapi.ts';
import {
  BundleEventSchema,
  EventPushSchema,
  GalleryPublicationSchema,
  ImportRunSchema,
  S3SettingsSchema,
  SuccessSchema,
} from '../schemas/responses.schemas.ts';

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

const folder = z.string({ error: problem('importFolderInvalid') }).refine((v) => v.startsWith('/'), problem('importFolderInvalid'));
const listBundles = endpoint({
  summary: "The pushed events in the S3 storage (or in `folder`, a folder of the box with the bucket's layout)",
  tag: 'admin',
  query: z.object({ folder: folder.optional() }),
  ok: answer('BundleEvent[]', z.array(BundleEventSchema)),
  errors: [401, 403, 409],
});
const startImport = endpoint({
  summary:
    "'Event importieren': checks the bundle and the code, then imports in a background process (202). 409 CODE_ALREADY_EXISTS: choose new_code; 422 BUNDLE_BROKEN",
  tag: 'admin',
  body: z.object({
    code: z.string({ error: problem('eventCodeRequired') }).min(1, problem('eventCodeRequired')),
    new_code: z
      .string({ error: problem('eventCodeInvalid') })
      .trim()
      .optional(),
    folder: folder.optional(),
  }),
  ok: answer('{ success: true }', SuccessSchema),
  status: 202,
  errors: [400, 401, 403, 409],
});
const startZipImport = endpoint({
  summary:
    "'Event importieren' from the admin's export ZIP of an event (the body is the ZIP, up to the box's request limit: larger ones with `momentbox import --zip`): written to tmp/, checked, imported in a background process (202, the event's code in it). 409 CODE_ALREADY_EXISTS: send again with new_code; 413 past what the disk holds; 422 BUNDLE_BROKEN",
  tag: 'admin',
  query: z.object({
    new_code: z
      .string({ error: problem('eventCodeInvalid') })
      .trim()
      .optional()
      .meta({ description: 'the code the event gets here, when its own is taken' }),
  }),
  form: z.any().meta({ description: 'the ZIP' }),
  formTypes: ['application/zip'],
  ok: answer('{ success: true, code }', SuccessSchema.extend({ code: z.string() })),
  status: 202,
  errors: [401, 403, 409, 413, 422],
});
const listImports = endpoint({
  summary: 'The imports started since the server started: progress, then the new event or what was wrong',
  tag: 'admin',
  ok: answer('ImportRun[]', z.array(ImportRunSchema)),
  errors: [401, 403],
});

const publishGallery = endpoint({
  summary:
    "'Online-Galerie veröffentlichen': writes the event's read-only gallery to the S3 storage in the background (202): what a visitor sees, under gallery/<secret folder or code>/ (409 GALLERY_RUNNING, S3_NOT_CONFIGURED)",
  tag: 'admin',
  body: z.object({
    event_id: z
      .number({ error: problem('invalidEventId') })
      .int()
      .positive(),
    /** behind an unguessable folder (default: as last time, else yes) */
    secret_link: z.boolean().optional(),
  }),
  ok: answer('{ success: true }', SuccessSchema),
  status: 202,
  errors: [401, 403, 404, 409],
});
const listGalleries = endpoint({
  summary: "Each event's online gallery: progress while it is published, then its link",
  tag: 'admin',
  ok: answer('GalleryPublication[]', z.array(GalleryPublicationSchema)),
  errors: [401, 403],
});

const galleryDto = (g: GalleryRun): GalleryPublication => ({
  event_id: g.eventId,
  state: g.state,
  secret_link: g.secret,
  url: g.url,
  published_at: g.publishedAt,
  files_total: g.filesTotal,
  files_done: g.filesDone,
  bytes_total: g.bytesTotal,
  bytes_done: g.bytesDone,
  error: g.error,
});
const importDto = (r: ImportRun): ImportRunDto => ({
  code: r.code,
  state: r.state,
  files_done: r.filesDone,
  files_total: r.filesTotal,
  bytes_done: r.bytesDone,
  bytes_total: r.bytesTotal,
  event_id: r.eventId,
  new_code: r.newCode,
  error: r.error,
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

/** 'Nach dem Event sichern' (issue 29): the S3 storage, its check, pushing events to it, importing them and publishing their galleries. Admin only. */
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
    await c.get('deps').services.push.start(body.event_id);
    return c.json({ success: true }, 202);
  });

  app.get('/api/admin/s3/pushes', listPushes.doc, (c) => {
    requireRight(c, 'administer');
    return c.json<EventPush[]>(c.get('deps').services.push.pushes().map(pushDto));
  });

  app.post('/api/admin/s3/gallery', publishGallery.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await publishGallery.body(c);
    c.get('deps').services.gallery.start(body.event_id, body.secret_link);
    return c.json({ success: true }, 202);
  });

  app.get('/api/admin/s3/galleries', listGalleries.doc, (c) => {
    requireRight(c, 'administer');
    return c.json<GalleryPublication[]>(c.get('deps').services.gallery.runs().map(galleryDto));
  });

  app.get('/api/admin/s3/events', listBundles.doc, async (c) => {
    requireRight(c, 'administer');
    const { folder } = listBundles.query(c);
    return c.json<BundleEvent[]>(await c.get('deps').services.imports.available(folder));
  });

  app.post('/api/admin/s3/import', startImport.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await startImport.body(c);
    await c.get('deps').services.imports.start(body.code, body.new_code || undefined, body.folder);
    return c.json({ success: true }, 202);
  });

  app.post('/api/admin/import-zip', startZipImport.doc, async (c) => {
    requireRight(c, 'administer');
    const { new_code } = startZipImport.query(c);
    const { imports } = c.get('deps').services;
    const body = c.req.raw.body;
    if (!body) throw new AppError(422, 'BUNDLE_BROKEN', 'notAnExport');
    const declared = c.req.header('content-length');
    const zip = await imports.receiveZip(body, declared === undefined ? null : Number(declared));
    const code = await imports.startZip(zip, new_code || undefined);
    return c.json({ success: true as const, code }, 202);
  });

  app.get('/api/admin/s3/imports', listImports.doc, (c) => {
    requireRight(c, 'administer');
    return c.json<ImportRunDto[]>(c.get('deps').services.imports.runs().map(importDto));
  });

  return app;
}
