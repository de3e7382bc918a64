import { badRequest } from '../../lib/errors.ts';
import type { EventInput } from '../../services/events.service.ts';
import type { Ctx } from '../context.ts';
import { jsonBody } from '../context.ts';

const MAX_HOST_IMAGE_BYTES = 20 * 1024 * 1024;

function toBool(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(v)) return true;
    if (['false', '0', 'off', 'no'].includes(v)) return false;
  }
  throw badRequest(`${field} must be true or false`, { field });
}

/** Text of a form field; a JSON number only where the field is a number (the duration), never for names. */
function toText(value: unknown, field: string, numberAllowed = false): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && numberAllowed) return String(value);
  if (typeof value !== 'string') throw badRequest(`${field} must be text`, { field });
  return value;
}

/** The event form of admin create/update and host settings, as multipart (spec) or JSON. */
export async function readEventForm(c: Ctx): Promise<EventInput> {
  const isJson = (c.req.header('content-type') ?? '').includes('application/json');
  const body: Record<string, unknown> = isJson ? await jsonBody(c) : await c.req.parseBody().catch(() => {
    throw badRequest('Das Formular konnte nicht gelesen werden');
  });
  const input: EventInput = {
    name: toText(body.name, 'name'),
    code: toText(body.code, 'code'),
    primary_color: toText(body.primary_color, 'primary_color'),
    secondary_color: toText(body.secondary_color, 'secondary_color'),
    header_style: toText(body.header_style, 'header_style'),
    allow_download: toBool(body.allow_download, 'allow_download'),
    event_start_datetime: toText(body.event_start_datetime, 'event_start_datetime') || undefined,
    event_duration_days: toText(body.event_duration_days, 'event_duration_days', true),
    auto_share_uploads: toBool(body.auto_share_uploads, 'auto_share_uploads'),
    strip_location: toBool(body.strip_location, 'strip_location'),
    wall_seconds_per_slide: toText(body.wall_seconds_per_slide, 'wall_seconds_per_slide', true),
    wall_show_nicknames: toBool(body.wall_show_nicknames, 'wall_show_nicknames'),
    wall_include_videos: toBool(body.wall_include_videos, 'wall_include_videos'),
    wall_show_qr: toBool(body.wall_show_qr, 'wall_show_qr'),
  };
  const image = body.host_image;
  if (image instanceof File && image.size > 0) {
    if (image.size > MAX_HOST_IMAGE_BYTES) throw badRequest('Host image must be at most 20 MB', { field: 'host_image' });
    input.host_image = new Uint8Array(await image.arrayBuffer());
  } else if (image !== undefined && !(image instanceof File) && image !== '') {
    throw badRequest('Host image must be an image file', { field: 'host_image' });
  }
  return input;
}
