// The OpenAPI document tells the truth about the answers: a real answer of every JSON call (a walk through
// an event as guest, host and admin) is valid against the success schema the document gives for that call,
// field for field (no field missing, none of another type, none the document does not name).
import { expect, test } from 'bun:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ApiKeyDto, ClientTokenAnswer, UploadDto } from '../../src/http/api-types.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { PHOTOS, useAppServer } from './support.ts';

const srv = useAppServer();

type Schema = { [key: string]: unknown };

/** The document with every object closed (`additionalProperties: false`), so a field it does not name fails. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closed(v)])) as Schema;
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

test('every JSON answer of a walk through an event is valid against the document', async () => {
  const { admin } = srv;
  const document = (await (await srv.client().fetch('/api/openapi.json')).json()) as Schema;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(closed(document) as Schema, 'api');

  const checked: string[] = [];
  const problems: string[] = [];
  /** Sends the call and checks its answer against the document's schema for `template` and the status. */
  async function call(who: ApiClient, method: string, template: string, path: string, send?: unknown): Promise<unknown> {
    const init = send instanceof FormData ? { body: send } : send === undefined ? {} : { json: send };
    const res = await who.fetch(path, { method, ...init });
    const body = await res.json();
    const name = `${method} ${template} -> ${res.status}`;
    if (!res.ok) {
      problems.push(`${name}: ${JSON.stringify(body)}`);
      return body;
    }
    const schemaRef = `api#/${pointer('paths', template, method.toLowerCase(), 'responses', String(res.status), 'content', 'application/json', 'schema')}`;
    let validate;
    try {
      validate = ajv.compile({ $ref: schemaRef });
    } catch (err) {
      problems.push(`${name}: no schema in the document (${(err as Error).message})`);
      return body;
    }
    if (!validate(body)) problems.push(`${name}: ${ajv.errorsText(validate.errors)}`);
    checked.push(name);
    return body;
  }

  // The world: an event with an album, a guest with an upload, the admin's upload, a host link, an API key.
  const event = await admin.createEvent({ name: 'Dokument', strip_location: 'false' });
  const album = await admin.createAlbum(event.id, {
    name: 'Tanz',
    start_datetime: '2026-06-01T18:00:00Z',
    end_datetime: '2026-06-01T23:00:00Z',
  });
  const guest = srv.client();
  const userId = await guest.joinAsGuest(event.code, 'Ida');
  const guestUpload = await guest.uploadOk(event.id, PHOTOS[0]!);
  const adminUpload = await admin.uploadOk(event.id, PHOTOS[1]!, { albumId: String(album.id) });
  const sha256 = createHash('sha256').update(readFileSync(PHOTOS[1]!)).digest('hex');
  const visitor = srv.client();

  const { client_token: token } = (await call(
    admin,
    'POST',
    '/api/client/generate-token/{eventId}',
    `/api/client/generate-token/${event.id}`,
  )) as ClientTokenAnswer;
  const host = srv.client();

  // guests and visitors
  await call(visitor, 'GET', '/api/config', '/api/config');
  await call(visitor, 'GET', '/api/event/{event}', `/api/event/${event.code}`);
  await call(visitor, 'GET', '/api/event/{eventId}/albums', `/api/event/${event.id}/albums`);
  await call(admin, 'GET', '/api/event/{eventId}/albums', `/api/event/${event.id}/albums`);
  await call(guest, 'POST', '/api/event/{eventId}/album', `/api/event/${event.id}/album`, { name: 'Unsortiert' });
  await call(guest, 'GET', '/api/event/{eventId}/uploads', `/api/event/${event.id}/uploads`);
  await call(visitor, 'GET', '/api/event/{eventId}/uploads', `/api/event/${event.id}/uploads?albumId=${album.id}`);
  await call(guest, 'PUT', '/api/event/{eventId}/upload/{uploadId}/reject', `/api/event/${event.id}/upload/${guestUpload.id}/reject`);
  await call(guest, 'PUT', '/api/event/{eventId}/uploads/approve-own', `/api/event/${event.id}/uploads/approve-own`);
  await call(srv.client(), 'POST', '/api/event/{code}/consent', `/api/event/${event.code}/consent`, {});
  await call(guest, 'GET', '/api/event/{code}/me', `/api/event/${event.code}/me`);
  await call(srv.client(), 'POST', '/api/event/{code}/recover', `/api/event/${event.code}/recover`, { userId });
  await call(visitor, 'GET', '/api/event/{code}/consent/{userId}', `/api/event/${event.code}/consent/${userId}`);
  await call(guest, 'POST', '/api/event/{code}/user-nickname', `/api/event/${event.code}/user-nickname`, { userId, nickname: 'Ida B.' });
  await call(visitor, 'GET', '/api/event/{code}/user-nickname/{userId}', `/api/event/${event.code}/user-nickname/${userId}`);
  await call(guest, 'GET', '/api/media/check-exact', `/api/media/check-exact?sha256=${sha256}&eventId=${event.id}`);
  await call(guest, 'POST', '/api/media/check-similar', '/api/media/check-similar', {
    phash: '0000000000000000',
    eventId: event.id,
    threshold: 12,
  });
  await call(visitor, 'GET', '/healthz', '/healthz');

  // uploads: a whole file, and one in two chunks (asked for its status in between), as a guest
  const whole = new FormData();
  whole.append('file', new Blob([readFileSync(PHOTOS[2]!)]), 'ganz.jpg');
  await call(guest, 'POST', '/api/event/{eventId}/upload', `/api/event/${event.id}/upload`, whole);
  const bytes = readFileSync(PHOTOS[3]!);
  const half = Math.ceil(bytes.length / 2);
  const chunk = (index: number) => {
    const form = new FormData();
    const fields = {
      chunkIndex: String(index),
      totalChunks: '2',
      fileName: 'teile.jpg',
      fileSize: String(bytes.length),
      uploadId: 'dokument-teile',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('chunk', new Blob([bytes.subarray(index * half, (index + 1) * half)]), 'teile.jpg');
    return form;
  };
  const status = `/api/event/${event.id}/upload-chunk/status?fileName=teile.jpg&fileSize=${bytes.length}&totalChunks=2&uploadId=dokument-teile`;
  await call(guest, 'POST', '/api/event/{eventId}/upload-chunk', `/api/event/${event.id}/upload-chunk`, chunk(0));
  await call(guest, 'GET', '/api/event/{eventId}/upload-chunk/status', status);
  await call(guest, 'POST', '/api/event/{eventId}/upload-chunk', `/api/event/${event.id}/upload-chunk`, chunk(1));
  await call(guest, 'GET', '/api/event/{eventId}/upload-chunk/status', status);
  // the same file as a guestbook selfie in two chunks (issue 27; the entry's text after the chunk), its status between and after
  const attachmentChunk = (index: number) => {
    const form = chunk(index);
    form.append('text', 'Für euch');
    return form;
  };
  const attachmentStatus = status.replace('/upload-chunk/', '/guestbook/attachment-chunk/');
  const attachmentPath = `/api/event/${event.id}/guestbook/attachment-chunk`;
  await call(guest, 'POST', '/api/event/{eventId}/guestbook/attachment-chunk', attachmentPath, attachmentChunk(0));
  await call(guest, 'GET', '/api/event/{eventId}/guestbook/attachment-chunk/status', attachmentStatus);
  await call(guest, 'POST', '/api/event/{eventId}/guestbook/attachment-chunk', attachmentPath, attachmentChunk(1));
  await call(guest, 'GET', '/api/event/{eventId}/guestbook/attachment-chunk/status', attachmentStatus);

  // the host
  await call(host, 'GET', '/api/client/event-settings/{token}', `/api/client/event-settings/${token}`);
  await call(host, 'PUT', '/api/client/event/{token}', `/api/client/event/${token}`, {
    name: 'Dokument (Host)',
    wall_seconds_per_slide: 10,
  });
  await call(host, 'GET', '/api/client/event-uploads/{token}', `/api/client/event-uploads/${token}?status=all&limit=10`);
  await call(host, 'PUT', '/api/client/upload/{uploadId}/approve/{token}', `/api/client/upload/${adminUpload.id}/approve/${token}`);
  await call(host, 'PUT', '/api/client/uploads/approve/{token}', `/api/client/uploads/approve/${token}`, { ids: [guestUpload.id] });
  const hostAlbum = (await call(host, 'POST', '/api/client/event/{token}/album', `/api/client/event/${token}/album`, {
    name: 'Reden',
    visible: true,
  })) as { id: number };
  await call(host, 'PUT', '/api/client/album/{albumId}/{token}', `/api/client/album/${hostAlbum.id}/${token}`, { visible: false });
  await call(host, 'GET', '/api/client/event-statistics/{token}', `/api/client/event-statistics/${token}`);
  await call(host, 'GET', '/api/client/event-export/{token}', `/api/client/event-export/${token}`);
  await call(host, 'DELETE', '/api/client/album/{albumId}/{token}', `/api/client/album/${hostAlbum.id}/${token}`);

  // the admin
  await call(srv.client(), 'POST', '/api/admin/login', '/api/admin/login', { password: srv.server.adminPassword });
  await call(admin, 'GET', '/api/event/events', '/api/event/events');
  const other = (await call(admin, 'POST', '/api/event', '/api/event', { name: 'Zweites', code: `zweites-${event.id}` })) as { id: number };
  await call(admin, 'PUT', '/api/event/{event}', `/api/event/${other.id}`, { header_style: 'split', event_duration_days: 7 });
  await call(admin, 'DELETE', '/api/event/{event}', `/api/event/${other.id}`);
  await call(admin, 'PUT', '/api/album/{id}', `/api/album/${album.id}`, { name: 'Tanzfläche' });
  await call(admin, 'GET', '/api/event/{eventId}/uploaders', `/api/event/${event.id}/uploaders`);
  await call(admin, 'GET', '/api/event/{eventId}/statistics', `/api/event/${event.id}/statistics`);
  await call(admin, 'GET', '/api/event/{eventId}/export', `/api/event/${event.id}/export`);
  await call(admin, 'POST', '/api/event/{eventId}/export-ticket', `/api/event/${event.id}/export-ticket`);
  const key = (await call(admin, 'POST', '/api/admin/api-keys', '/api/admin/api-keys', { name: 'Fotobox' })) as ApiKeyDto;
  await call(admin, 'GET', '/api/admin/api-keys', '/api/admin/api-keys');
  await call(admin, 'DELETE', '/api/admin/api-keys/{id}', `/api/admin/api-keys/${key.id}`);
  await call(admin, 'GET', '/api/admin/addresses', '/api/admin/addresses');
  await call(admin, 'GET', '/api/admin/box', '/api/admin/box');
  await call(admin, 'PUT', '/api/admin/wifi', '/api/admin/wifi', { ssid: 'Festsaal', password: 'torte-2026' });
  await call(admin, 'GET', '/api/admin/wifi', '/api/admin/wifi');
  await call(admin, 'POST', '/api/admin/change-password', '/api/admin/change-password', {
    currentPassword: srv.server.adminPassword,
    newPassword: srv.server.adminPassword,
  });
  await call(guest, 'DELETE', '/api/event/{eventId}/upload/{uploadId}', `/api/event/${event.id}/upload/${guestUpload.id}`);
  const uploads = (await call(admin, 'GET', '/api/event/{eventId}/uploads', `/api/event/${event.id}/uploads`)) as UploadDto[];

  expect(problems).toEqual([]);
  expect(uploads.length).toBeGreaterThan(0);
  expect(checked.length).toBe(58);
}, 60_000);
