import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import type { EventInput } from '../../services/events.service.ts';
import type { Ctx } from '../context.ts';
import { jsonBody } from '../context.ts';
import { parseWith } from '../openapi.ts';

const MAX_HOST_IMAGE_BYTES = 20 * 1024 * 1024;
const TRUE = ['true', '1', 'on', 'yes'];
const FALSE = ['false', '0', 'off', 'no'];

/** A checkbox: true/false, or the text a form sends ('true', 'on', '1', ...); empty is unchanged. */
const flag = (field: string) =>
  z
    .union([z.boolean(), z.string(), z.null()], { error: `${field} must be true or false` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v === 'boolean') return v;
      const text = v.trim().toLowerCase();
      if (TRUE.includes(text)) return true;
      if (FALSE.includes(text)) return false;
      ctx.addIssue({ code: 'custom', message: `${field} must be true or false` });
      return z.NEVER;
    });

/** Text of a form field; a JSON number only where the field is a number (the duration), never for names. */
const text = (field: string, numberAllowed = false) =>
  (numberAllowed ? z.union([z.string(), z.number()], { error: `${field} must be text` }) : z.string({ error: `${field} must be text` }))
    .nullish()
    .transform((v) => (v === undefined || v === null ? undefined : String(v)));

/**
 * The event form of admin create/update and the host's settings: the fields as sent. Their meaning (a
 * valid code, colour, style, date) is checked by events.service, which also knows the event they change.
 */
export const EventFormFields = z.object({
  name: text('name'),
  code: text('code'),
  primary_color: text('primary_color'),
  secondary_color: text('secondary_color'),
  header_style: text('header_style'),
  allow_download: flag('allow_download'),
  event_start_datetime: text('event_start_datetime').transform((v) => v || undefined),
  event_duration_days: text('event_duration_days', true),
  auto_share_uploads: flag('auto_share_uploads'),
  strip_location: flag('strip_location'),
  wall_seconds_per_slide: text('wall_seconds_per_slide', true),
  wall_show_nicknames: flag('wall_show_nicknames'),
  wall_include_videos: flag('wall_include_videos'),
  wall_show_qr: flag('wall_show_qr'),
  /** multipart only: an image file (at most 20 MB) */
  host_image: z.unknown().optional().meta({ type: 'string', format: 'binary' }),
});

/** The event form, as multipart (spec) or JSON. */
export async function readEventForm(c: Ctx): Promise<EventInput> {
  const isJson = (c.req.header('content-type') ?? '').includes('application/json');
  const body: Record<string, unknown> = isJson ? await jsonBody(c) : await c.req.parseBody().catch(() => {
    throw badRequest('Das Formular konnte nicht gelesen werden');
  });
  const { host_image: image, ...fields } = parseWith(EventFormFields, body);
  const input: EventInput = fields;
  if (image instanceof File && image.size > 0) {
    if (image.size > MAX_HOST_IMAGE_BYTES) throw badRequest('Host image must be at most 20 MB', { field: 'host_image' });
    input.host_image = new Uint8Array(await image.arrayBuffer());
  } else if (image !== undefined && !(image instanceof File) && image !== '') {
    throw badRequest('Host image must be an image file', { field: 'host_image' });
  }
  return input;
}
