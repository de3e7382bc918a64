import { Hono } from 'hono';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { SNIFF_BYTES, sniffMediaType } from '../../media/sniff.ts';
import type { FaceSearchMine, FaceSearchResult } from '../api-types.ts';
import { readForm } from '../body.ts';
import type { Ctx, Env } from '../context.ts';
import { uploadDtoFor } from '../dto.ts';
import { inEvent, inEventOf } from '../middleware/event-scope.ts';
import { answer, endpoint } from '../openapi.ts';
import { EventIdPath, EventUploadPath } from '../schemas/params.schemas.ts';
import { FaceSearchMineSchema, FaceSearchResultSchema } from '../schemas/responses.schemas.ts';
import type { UploadRow } from '../../services/uploads.service.ts';

const selfieField = z.string().meta({ format: 'binary', description: 'The selfie: a JPEG or PNG from the phone camera. Never stored' });
const SearchForm = z.object({
  selfie: selfieField,
  remember: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: "'true': keep the selfie's descriptor (not the image) for searching again later; default false" }),
});
const guestOnly = { tag: 'guest' as const, callers: ['guest' as const] };
const refusals = [403, 413, 422, 503];

const search = endpoint({
  ...guestOnly,
  summary: "addition (issue 30): 'Fotos von mir finden': the photos of the selfie's person that the guest sees, best match first",
  description:
    'Only while the event has the face search on (else 403 FACE_SEARCH_OFF) and for consented guests. The selfie is compared on the box ' +
    'and dropped at the end of the request; 422 SELFIE_UNUSABLE when it shows no face, several faces or is too blurry. Leaves out ' +
    "the guest's 'Das bin ich nicht' photos and every face someone removed from the search. The answer carries upload items as the uploads list does, never a face descriptor.",
  params: EventIdPath,
  form: SearchForm,
  formTypes: ['multipart/form-data'],
  ok: answer('The photos, best match first', FaceSearchResultSchema),
  errors: refusals,
});
const searchAgain = endpoint({
  ...guestOnly,
  summary: 'addition (issue 30): the same search with the selfie the guest chose to have remembered',
  params: EventIdPath,
  ok: answer('The photos, best match first', FaceSearchResultSchema),
  errors: [403, 422],
});
const mine = endpoint({
  ...guestOnly,
  summary: 'addition (issue 30): whether a selfie of the asking guest is remembered',
  description:
    "Asked when the guest opens 'Fotos von mir finden': it also starts the face worker (its engine loads for seconds), so the search with the selfie the guest is taking finds it ready.",
  params: EventIdPath,
  ok: answer('FaceSearchMine', FaceSearchMineSchema),
  errors: [403],
});
const notMe = endpoint({
  ...guestOnly,
  summary: "addition (issue 30): 'Das bin ich nicht': drops an upload from the guest's own results",
  params: EventUploadPath,
  ok: answer('Dropped', FaceSearchMineSchema),
  errors: [403],
});
const exclude = endpoint({
  ...guestOnly,
  summary: "addition (issue 30): 'Mich aus der Gesichtssuche entfernen': the selfie's face is nobody's match in this event any more",
  description:
    'Keeps a descriptor of the face (not the image) as an exclusion: every face within the threshold of it leaves everyone’s results.',
  params: EventIdPath,
  form: SearchForm.pick({ selfie: true }),
  formTypes: ['multipart/form-data'],
  ok: answer('Removed', FaceSearchMineSchema),
  errors: refusals,
});
const forget = endpoint({
  ...guestOnly,
  summary: "addition (issue 30): 'Meine Daten löschen': deletes the guest's remembered selfie, drops and removal in this event",
  params: EventIdPath,
  ok: answer('Nothing is kept', FaceSearchMineSchema),
  errors: [403],
});

/** The selfie's bytes from the form (held for this request only), refused unless they are a photo. */
async function selfieOf(c: Ctx): Promise<{ image: Uint8Array; remember: boolean }> {
  const form = await readForm(c, 'selfie');
  const file = form.selfie;
  if (!(file instanceof File) || file.size === 0) throw badRequest('invalidField', { field: 'selfie' });
  const image = new Uint8Array(await file.arrayBuffer());
  // A phone camera's selfie through a file input is a JPEG (iPhones convert their HEIC for it) or a PNG.
  const type = sniffMediaType(image.subarray(0, SNIFF_BYTES))?.mime;
  if (type !== 'image/jpeg' && type !== 'image/png') throw new AppError(422, 'SELFIE_UNUSABLE', 'notAnImage');
  const remember = form.remember;
  if (remember !== undefined && remember !== 'true' && remember !== 'false') throw badRequest('mustBeBoolean', { field: 'remember' });
  return { image, remember: remember === 'true' };
}

/** 'Fotos von mir finden' (issue 30): a guest's selfie, their results, their data; nothing of anybody else's. */
export function faceSearchRoutes() {
  const app = new Hono<Env>();
  const results = (c: Ctx, rows: UploadRow[], remembered: boolean) => {
    const { services, event, viewer } = inEventOf(c);
    const nicknames = services.guests.nicknames(
      event.id,
      rows.map((u) => u.userId),
    );
    return c.json<FaceSearchResult>({ uploads: rows.map((u) => uploadDtoFor(viewer, u, nicknames)), remembered });
  };

  app.post('/api/event/:eventId/faces/search', search.doc, inEvent, async (c) => {
    const { services, event, viewer } = inEventOf(c);
    services.faceSearch.mayUse(event, viewer);
    const { image, remember } = await selfieOf(c);
    const rows = await services.faceSearch.search(event, viewer, image, remember);
    return results(c, rows, remember || services.faceSearch.remembers(event, viewer));
  });

  app.get('/api/event/:eventId/faces/search', searchAgain.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    return results(c, services.faceSearch.searchRemembered(event, viewer), true);
  });

  app.get('/api/event/:eventId/faces/mine', mine.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    return c.json<FaceSearchMine>({ remembered: services.faceSearch.opened(event, viewer) });
  });

  app.put('/api/event/:eventId/faces/not-me/:uploadId', notMe.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    services.faceSearch.drop(event, viewer, notMe.params(c).uploadId);
    return c.json<FaceSearchMine>({ remembered: services.faceSearch.remembers(event, viewer) });
  });

  app.post('/api/event/:eventId/faces/exclusion', exclude.doc, inEvent, async (c) => {
    const { services, event, viewer } = inEventOf(c);
    services.faceSearch.mayUse(event, viewer);
    const { image } = await selfieOf(c);
    await services.faceSearch.exclude(event, viewer, image);
    return c.json<FaceSearchMine>({ remembered: services.faceSearch.remembers(event, viewer) });
  });

  app.delete('/api/event/:eventId/faces/mine', forget.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    services.faceSearch.forget(event, viewer);
    return c.json<FaceSearchMine>({ remembered: false });
  });

  return app;
}
