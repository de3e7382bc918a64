import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isValidColor } from '../../domain/colors.ts';
import { isIsoDateTime } from '../../domain/dates.ts';
import { isValidEventCode } from '../../domain/event-code.ts';
import { normaliseDuration } from '../../domain/event-window.ts';
import { EVENT_NAME_MAX, HEADER_STYLES, WALL_LAYOUTS, WALL_QR_CONTENTS, WALL_SECONDS, type HeaderStyle, type WallLayout, type WallQrContent } from '../../domain/limits.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import type { Ctx } from '../context.ts';
import { readForm, readJson } from '../body.ts';
import { parseWith } from '../../lib/parse.ts';

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

/** A text field, trimmed. */
const trimmed = (field: string) => text(field).transform((v) => v?.trim());

/** A text field that must be sent and not be empty: `message` when it is not. */
const required = (field: string, schema: z.ZodType<string | undefined>, message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : `${field} must be text`) })
    .pipe(schema as z.ZodType<string | undefined, string>)
    .transform((v, ctx) => {
      if (v === undefined || v === '') {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return v;
    });

const eventName = trimmed('name')
  .refine((v) => v !== '', 'Event name is required')
  .refine((v) => v === undefined || v.length <= EVENT_NAME_MAX, `Event name must be at most ${EVENT_NAME_MAX} characters`);
const eventCode = trimmed('code')
  .refine((v) => v !== '', 'Event code is required')
  .refine((v) => !v || isValidEventCode(v), 'Event code may only contain lowercase letters, digits and hyphens (at most 64)');
const color = (field: string) =>
  trimmed(field).refine(
    (v) => v === undefined || isValidColor(v),
    `${field} must be a hex colour (#RRGGBB) or one of purple, blue, green, red, yellow, pink, indigo, gray`,
  );
const headerStyle = text('header_style')
  .refine((v) => v === undefined || (HEADER_STYLES as readonly string[]).includes(v), 'header_style must be minimalistic, split or premium')
  .transform((v) => v as HeaderStyle | undefined);
const wallSeconds = text('wall_seconds_per_slide', true)
  .transform((v) => (v === undefined ? undefined : Number(v)))
  .refine(
    (v) => v === undefined || (Number.isInteger(v) && v >= WALL_SECONDS.min && v <= WALL_SECONDS.max),
    `Sekunden pro Bild: eine ganze Zahl von ${WALL_SECONDS.min} bis ${WALL_SECONDS.max}`,
  );
const wallLayout = text('wall_layout')
  .refine((v) => v === undefined || (WALL_LAYOUTS as readonly string[]).includes(v), 'wall_layout must be single, collage or pairs')
  .transform((v) => v as WallLayout | undefined);
const wallQrContent = text('wall_qr_content')
  .refine((v) => v === undefined || (WALL_QR_CONTENTS as readonly string[]).includes(v), 'wall_qr_content must be event, wifi or both')
  .transform((v) => v as WallQrContent | undefined);
const language = text('language')
  .refine((v) => v === undefined || (LANGUAGES as readonly string[]).includes(v), `language must be one of ${LANGUAGES.join(', ')}`)
  .transform((v) => v as Language | undefined);

/**
 * The event form of admin update and the host's settings, as sent (multipart text or JSON): every field
 * optional, absent fields stay. Whether the code is free is the service's (it knows the other events).
 */
export const EventChangeForm = z.object({
  name: eventName,
  code: eventCode,
  primary_color: color('primary_color'),
  secondary_color: color('secondary_color'),
  header_style: headerStyle,
  allow_download: flag('allow_download'),
  wall_seconds_per_slide: wallSeconds,
  event_start_datetime: text('event_start_datetime')
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isIsoDateTime(v), 'event_start_datetime is not a valid date'),
  /** 7, 14, 21 or 28; anything else is 14 (spec) */
  event_duration_days: text('event_duration_days', true).transform((v) => (v === undefined ? undefined : normaliseDuration(v))),
  auto_share_uploads: flag('auto_share_uploads'),
  strip_location: flag('strip_location'),
  wall_show_nicknames: flag('wall_show_nicknames'),
  wall_include_videos: flag('wall_include_videos'),
  wall_show_qr: flag('wall_show_qr'),
  wall_layout: wallLayout,
  wall_ken_burns: flag('wall_ken_burns'),
  wall_qr_content: wallQrContent,
  /** the guests' language unless they choose another */
  language,
  /** multipart only: an image file (at most 20 MB) */
  host_image: z.unknown().optional().meta({ type: 'string', format: 'binary' }),
});

/** The admin's new event: name and code are required. */
export const NewEventForm = EventChangeForm.extend({
  name: required('name', eventName, 'Event name is required'),
  code: required('code', eventCode, 'Event code is required'),
});

/** A form's fields with the host image's bytes. */
type WithImage<T> = Omit<T, 'host_image'> & { host_image?: Uint8Array };

/** The event form, as multipart (spec) or JSON, read with `schema` (a new event, or a change). */
export async function readEventForm<S extends typeof EventChangeForm | typeof NewEventForm>(c: Ctx, schema: S): Promise<WithImage<z.output<S>>> {
  const isJson = (c.req.header('content-type') ?? '').includes('application/json');
  const body: Record<string, unknown> = isJson
    ? await readJson(c)
    : await readForm(c, 'formWithImage').catch((err: unknown) => {
        throw err instanceof AppError ? err : badRequest('Das Formular konnte nicht gelesen werden');
      });
  const { host_image: image, ...fields } = parseWith(schema as typeof EventChangeForm, body);
  const input = fields as WithImage<z.output<S>>;
  if (image instanceof File && image.size > 0) {
    if (image.size > MAX_HOST_IMAGE_BYTES) throw badRequest('Host image must be at most 20 MB', { field: 'host_image' });
    input.host_image = new Uint8Array(await image.arrayBuffer());
  } else if (image !== undefined && !(image instanceof File) && image !== '') {
    throw badRequest('Host image must be an image file', { field: 'host_image' });
  }
  return input;
}
