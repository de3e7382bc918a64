// The path parameters of the routes, one schema per kind of parameter, shared by every route that has it.
// A path parameter that does not fit names nothing: endpoint().params answers 404 NOT_FOUND (as for an
// id that does not exist, so nothing leaks about what exists).
import { z } from 'zod';
import { isUuid } from '../../lib/ids.ts';
import { parseId } from '../context.ts';

/** A positive integer id in the path (described as an integer; the URL carries its digits). */
const pathId = (description: string) =>
  z
    .string()
    .transform((v) => parseId(v))
    .refine((v) => v !== null)
    .transform((v) => v!)
    .meta({ type: 'integer', minimum: 1, description });

const eventId = pathId('The id of the event');
const code = z.string().meta({ description: "The event's code, as in its link /event/{code}" });
const token = z.string().meta({ description: "The host's client token, from the settings link the admin hands out" });
const uploadId = pathId('The id of an upload of the event');
const albumId = pathId('The id of an album of the event');
const entryId = pathId('The id of a guestbook entry of the event');
/**
 * A guest's user id. Anything but a UUID is nobody (no consent, no nickname) rather than an error, as the
 * recovery page asks with whatever its link holds.
 */
const userId = z
  .string()
  .transform((v) => (isUuid(v) ? v : null))
  .meta({ format: 'uuid', description: "A guest's user id (their session in the event)" });

export const EventIdPath = z.object({ eventId });
/**
 * `/api/event/{event}`: one path for the event itself, read by anyone by its code (GET) and changed or
 * deleted by the admin by its id (PUT, DELETE); each operation describes which it takes.
 */
export const EventByCodePath = z.object({ event: code });
export const EventByIdPath = z.object({ event: eventId });
export const EventUploadPath = z.object({ eventId, uploadId });
export const CodePath = z.object({ code });
export const CodeUserPath = z.object({ code, userId });
export const AlbumPath = z.object({ id: pathId('The id of the album') });
export const ApiKeyPath = z.object({ id: pathId('The id of the API key') });
export const TokenPath = z.object({ token });
/** An export ticket, from export-ticket: its archive's progress. */
export const TicketPath = z.object({ ticket: z.string().meta({ description: 'The ticket from export-ticket' }) });
export const TokenAlbumPath = z.object({ albumId, token });
export const TokenUploadPath = z.object({ uploadId, token });
export const EventEntryPath = z.object({ eventId, entryId });
export const TokenEntryPath = z.object({ entryId, token });
/** Media URLs: the upload's random 128-bit key and a file name of it. */
export const MediaPath = z.object({
  key: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .meta({ description: "The upload's random key (32 hex digits), from the upload's file_path" }),
  file: z.string().meta({ description: '`original.<ext>`, `thumbnail.jpg`, `preview.jpg`, `preview.mp4` or `full.jpg`' }),
});
export const GuestbookMediaPath = z.object({
  key: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .meta({ description: "The attachment's random key (32 hex digits), from the entry's attachment URLs" }),
  file: z.string().meta({ description: '`original.<ext>`, `thumb.jpg`, `preview.jpg`, `preview.mp4` or `voice.m4a`' }),
});
export const HostImagePath = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{32}\.jpg$/)
    .meta({ description: "The host image's file name (32 hex digits and .jpg), from the event's host_image_url" }),
});
