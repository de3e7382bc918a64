// The request bodies of album calls (admin, host and the guest's 'Unsortiert'), one schema each; the
// services take what they produce (AlbumFields).
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import { isIsoDateTime } from '../../domain/dates.ts';
import { ALBUM_NAME_MAX } from '../../domain/limits.ts';

const name = z
  .string({ error: problem('albumNameRequired') })
  .trim()
  .min(1, problem('albumNameRequired'))
  .max(ALBUM_NAME_MAX, problem('albumNameTooLong'));

/** An ISO date-time, or null / '' for none; sent back as ISO UTC. */
const date = () => {
  const message = problem('invalidDate');
  return z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .refine((v) => v === undefined || v === null || v === '' || isIsoDateTime(v), message)
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : new Date(v).toISOString()));
};

/** true/false, also as the text or 1/0 a form sends. */
const flag = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false']), z.literal(1), z.literal(0)], { error: problem('mustBeBoolean') })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === 'true' || v === 1));

const fields = { start_datetime: date(), end_datetime: date(), visible: flag() };

/** A new album: the name is required; `challenge` makes it a photo challenge whose name is the prompt (never dated). */
export const NewAlbumBody = z.object({ name, ...fields, challenge: flag() });
/**
 * A guest's call: only 'Unsortiert' without dates is allowed, and anything else is refused (403) by the
 * permission table rather than judged as a malformed album, so the fields are read as they come.
 */
export const GuestAlbumBody = z
  .object({
    name: z.unknown().optional(),
    start_datetime: z.unknown().optional(),
    end_datetime: z.unknown().optional(),
    challenge: z.unknown().optional(),
  })
  .transform((b) => ({
    name: typeof b.name === 'string' ? b.name.trim() : undefined,
    start_datetime: b.start_datetime ? String(b.start_datetime) : undefined,
    end_datetime: b.end_datetime ? String(b.end_datetime) : undefined,
    challenge: !!b.challenge && b.challenge !== 'false',
  }));

/** A change: any of the fields (the toggle sends only `visible`); what an album is (a challenge or not) stays. */
export const AlbumChangeBody = z.object({ name: name.optional(), ...fields });
