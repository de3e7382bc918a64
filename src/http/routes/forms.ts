import { z } from 'zod';
import { AppError, badRequest, problem } from '../../lib/errors.ts';
import { isValidColor } from '../../domain/colors.ts';
import { isIsoDateTime, isIsoDay } from '../../domain/dates.ts';
import { isValidEventCode } from '../../domain/event-code.ts';
import { normaliseDuration } from '../../domain/event-window.ts';
import {
  EVENT_NAME_MAX,
  PRINT_LINE_MAX,
  HEADER_STYLES,
  SHOTS_PER_GUEST,
  WALL_LAYOUTS,
  WALL_QR_CONTENTS,
  WALL_GUESTBOOK_EVERY,
  WALL_SECONDS,
  type HeaderStyle,
  type WallLayout,
  type WallQrContent,
} from '../../domain/limits.ts';
import { LANGUAGES, type Language } from '../../domain/languages.ts';
import type { Ctx } from '../context.ts';
import { readForm, readJson } from '../body.ts';
import { parseWith } from '../../lib/parse.ts';

const MAX_HOST_IMAGE_BYTES = 20 * 1024 * 1024;
const TRUE = ['true', '1', 'on', 'yes'];
const FALSE = ['false', '0', 'off', 'no'];

/** A checkbox: true/false, or the text a form sends ('true', 'on', '1', ...); empty is unchanged. */
const flag = () =>
  z
    .union([z.boolean(), z.string(), z.null()], { error: problem('mustBeBoolean') })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return undefined;
      if (typeof v === 'boolean') return v;
      const text = v.trim().toLowerCase();
      if (TRUE.includes(text)) return true;
      if (FALSE.includes(text)) return false;
      ctx.addIssue({ code: 'custom', message: problem('mustBeBoolean') });
      return z.NEVER;
    });

/** Text of a form field; a JSON number only where the field is a number (the duration), never for names. */
const text = (numberAllowed = false) =>
  (numberAllowed ? z.union([z.string(), z.number()], { error: problem('mustBeText') }) : z.string({ error: problem('mustBeText') }))
    .nullish()
    .transform((v) => (v === undefined || v === null ? undefined : String(v)));

/** A text field, trimmed. */
const trimmed = () => text().transform((v) => v?.trim());

/** A text field that must be sent and not be empty: `message` when it is not. */
const required = (schema: z.ZodType<string | undefined>, message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : problem('mustBeText')) })
    .pipe(schema as z.ZodType<string | undefined, string>)
    .transform((v, ctx) => {
      if (v === undefined || v === '') {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return v;
    });

const eventName = trimmed()
  .refine((v) => v !== '', problem('eventNameRequired'))
  .refine((v) => v === undefined || v.length <= EVENT_NAME_MAX, problem('eventNameTooLong'));
const eventCode = trimmed()
  .refine((v) => v !== '', problem('eventCodeRequired'))
  .refine((v) => !v || isValidEventCode(v), problem('eventCodeInvalid'));
const color = () => trimmed().refine((v) => v === undefined || isValidColor(v), problem('colorInvalid'));
const headerStyle = text()
  .refine((v) => v === undefined || (HEADER_STYLES as readonly string[]).includes(v), problem('headerStyleInvalid'))
  .transform((v) => v as HeaderStyle | undefined);
const wallSeconds = text(true)
  .transform((v) => (v === undefined ? undefined : Number(v)))
  .refine((v) => v === undefined || (Number.isInteger(v) && v >= WALL_SECONDS.min && v <= WALL_SECONDS.max), problem('wallSecondsInvalid'));
const wallGuestbookEvery = text(true)
  .transform((v) => (v === undefined ? undefined : Number(v)))
  .refine(
    (v) => v === undefined || v === 0 || (Number.isInteger(v) && v >= WALL_GUESTBOOK_EVERY.min && v <= WALL_GUESTBOOK_EVERY.max),
    problem('wallGuestbookEveryInvalid'),
  );
const wallLayout = text()
  .refine((v) => v === undefined || (WALL_LAYOUTS as readonly string[]).includes(v), problem('wallLayoutInvalid'))
  .transform((v) => v as WallLayout | undefined);
const wallQrContent = text()
  .refine((v) => v === undefined || (WALL_QR_CONTENTS as readonly string[]).includes(v), problem('wallQrContentInvalid'))
  .transform((v) => v as WallQrContent | undefined);
/** A setting that can be switched off: absent stays, '' or null is none (null). */
const clearable = <T extends z.ZodType>(value: T) =>
  z
    .union([value, z.literal(''), z.null()], { error: problem('mustBeText') })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '' || v === null ? null : (v as z.output<T>)));
/** Einwegkamera: the reveal, an ISO date-time with its offset (as the event's start) */
const revealAt = clearable(z.string()).refine((v) => v == null || isIsoDateTime(v), problem('invalidDate'));
/** Einwegkamera: shots per guest, a whole number (a form sends text) */
const shotsPerGuest = clearable(z.union([z.string(), z.number()]))
  .transform((v) => (v == null ? v : Number(v)))
  .refine((v) => v == null || (Number.isInteger(v) && v >= SHOTS_PER_GUEST.min && v <= SHOTS_PER_GUEST.max), problem('shotsInvalid'));
const language = text()
  .refine((v) => v === undefined || (LANGUAGES as readonly string[]).includes(v), problem('languageInvalid'))
  .transform((v) => v as Language | undefined);

/** The cards' own line: empty clears it (null). */
const printLine = trimmed()
  .refine((v) => v === undefined || v.length <= PRINT_LINE_MAX, problem('printLineTooLong'))
  .transform((v) => (v === undefined ? undefined : v || null));
/** The cards' day, YYYY-MM-DD: empty clears it (the event's first day is printed). */
const printDate = trimmed()
  .refine((v) => !v || isIsoDay(v), problem('invalidDate'))
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * The event form of admin update and the host's settings, as sent (multipart text or JSON): every field
 * optional, absent fields stay. Whether the code is free is the service's (it knows the other events).
 */
export const EventChangeForm = z.object({
  name: eventName,
  code: eventCode,
  primary_color: color(),
  secondary_color: color(),
  header_style: headerStyle,
  allow_download: flag(),
  wall_seconds_per_slide: wallSeconds,
  event_start_datetime: text()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isIsoDateTime(v), problem('invalidDate')),
  /** 7, 14, 21 or 28; anything else is 14 (spec) */
  event_duration_days: text(true).transform((v) => (v === undefined ? undefined : normaliseDuration(v))),
  auto_share_uploads: flag(),
  strip_location: flag(),
  wall_show_nicknames: flag(),
  wall_include_videos: flag(),
  wall_show_qr: flag(),
  wall_layout: wallLayout,
  wall_ken_burns: flag(),
  wall_qr_content: wallQrContent,
  wall_favor_loved: flag(),
  wall_guestbook_every: wallGuestbookEvery,
  /** the guests' language unless they choose another */
  language,
  /** Einwegkamera (issue 28): until then guests see only their own uploads; '' or null: no reveal */
  reveal_at: revealAt,
  /** Einwegkamera: uploads per guest; '' or null: no limit */
  shots_per_guest: shotsPerGuest,
  /** 'Gelöschte Fotos geben Aufnahmen zurück' */
  deleted_shots_return: flag(),
  /** 'Gesichtssuche' (issue 30): off deletes every face descriptor of the event */
  face_search: flag(),
  /** the printed cards: the couple's own line and the day printed (YYYY-MM-DD; empty: the event's first day) */
  print_line: printLine,
  print_date: printDate,
  /** multipart only: an image file (at most 20 MB) */
  host_image: z.unknown().optional().meta({ type: 'string', format: 'binary' }),
});

/** The admin's new event: name and code are required. */
export const NewEventForm = EventChangeForm.extend({
  name: required(eventName, problem('eventNameRequired')),
  code: required(eventCode, problem('eventCodeRequired')),
});

/** A form's fields with the host image's bytes. */
type WithImage<T> = Omit<T, 'host_image'> & { host_image?: Uint8Array };

/** The event form, as multipart (spec) or JSON, read with `schema` (a new event, or a change). */
export async function readEventForm<S extends typeof EventChangeForm | typeof NewEventForm>(
  c: Ctx,
  schema: S,
): Promise<WithImage<z.output<S>>> {
  const isJson = (c.req.header('content-type') ?? '').includes('application/json');
  const body: Record<string, unknown> = isJson
    ? await readJson(c)
    : await readForm(c, 'formWithImage').catch((err: unknown) => {
        throw err instanceof AppError ? err : badRequest('formUnreadable');
      });
  const { host_image: image, ...fields } = parseWith(schema as typeof EventChangeForm, body);
  const input = fields as WithImage<z.output<S>>;
  if (image instanceof File && image.size > 0) {
    if (image.size > MAX_HOST_IMAGE_BYTES) throw badRequest('hostImageTooLarge', { field: 'host_image' });
    input.host_image = new Uint8Array(await image.arrayBuffer());
  } else if (image !== undefined && !(image instanceof File) && image !== '') {
    throw badRequest('hostImageNotImage', { field: 'host_image' });
  }
  return input;
}
