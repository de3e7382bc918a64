// The upload calls' form fields (POST …/upload, …/upload-chunk and the chunk status query; a guestbook
// attachment whole or in chunks), as the ingest service reads them: text fields of a multipart form (or
// the query string), files streaming past them.
// The routes describe their contract with these schemas (OpenAPI); the service parses with them.
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import { guestbookTextTooLong } from '../guestbook.service.ts';

const invalid = problem('invalidField');
/** A whole number sent as text, `min` to `max`. */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string({ error: invalid })
    .regex(/^\d{1,16}$/, invalid)
    .transform(Number)
    .refine((n) => n >= min && n <= max, invalid);

/** Chunks of one file at most (10 GB in 1 MB chunks). */
const MAX_CHUNKS = 10_000;

/** An album id sent as text: absent or empty is none (the upload's album is then chosen by its date). */
const albumId = z
  .string()
  .optional()
  .refine((v) => v === undefined || v === '' || (/^\d{1,15}$/.test(v) && Number(v) > 0), invalid)
  .transform((v) => (v === undefined || v === '' ? null : Number(v)));

/** The spec's fields besides the file; `userId` is ignored (the cookie says who uploads). */
export const UploadFormSchema = z.object({
  albumId,
  autoApprove: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
});

/** Which file a chunk belongs to: the client's stable uploadId, else its name, size and chunk count. */
const ChunkOf = z.object({
  totalChunks: whole(1, MAX_CHUNKS),
  fileSize: whole(1),
  uploadId: z
    .string()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^[A-Za-z0-9_-]{8,64}$/.test(v), invalid),
});

/** Which chunk of which file: the fields every chunk carries, whatever its file becomes. */
const ChunkPart = ChunkOf.extend({
  chunkIndex: whole(0),
  /** null: the name of the chunk's file part is used */
  fileName: z
    .string()
    .optional()
    .transform((v) => v ?? null),
});
const indexInRange = [
  (f: { chunkIndex: number; totalChunks: number }) => f.chunkIndex < f.totalChunks,
  { message: invalid, path: ['chunkIndex'] },
] as [(f: { chunkIndex: number; totalChunks: number }) => boolean, { message: string; path: string[] }];

export const ChunkFormSchema = UploadFormSchema.extend(ChunkPart.shape).refine(...indexInRange);

/** The text fields of a guestbook entry sent with its attachment (the JSON call's, as form fields). */
export const GuestbookAttachmentFormSchema = z.object({
  text: z.string().default('').meta({ description: 'The message, plain text; may be empty beside an attachment' }),
  name: z
    .string({ error: problem('guestbookNameRequired') })
    .optional()
    .meta({ description: "The signature; default the guest's nickname" }),
});

/**
 * A message too long for a form field (4 KB; 1,000 characters take at most 4,000 bytes) is refused as the JSON
 * call refuses one past 1,000 characters, not as a field of any form.
 */
export const guestbookFieldTooLong = (field: string) => (field === 'text' ? guestbookTextTooLong() : undefined);

/** A chunk of a guestbook attachment (issue 27): the entry's fields travel with every chunk; the last one's make the entry. */
export const AttachmentChunkFormSchema = GuestbookAttachmentFormSchema.extend(ChunkPart.shape).refine(...indexInRange);

export const ChunkStatusQuery = ChunkOf.extend({
  fileName: z
    .string()
    .optional()
    .transform((v) => v ?? ''),
});

export type UploadForm = z.output<typeof UploadFormSchema>;
export type ChunkForm = z.output<typeof ChunkFormSchema>;
export type AttachmentChunkForm = z.output<typeof AttachmentChunkFormSchema>;

/** The chunk's fields if they came before its bytes (all that place it, and its uploadId or name), else null. */
export function chunkFormEarly<S extends typeof ChunkFormSchema | typeof AttachmentChunkFormSchema>(
  schema: S,
  fields: Record<string, string>,
): z.output<S> | null {
  const parsed = schema.safeParse(fields);
  return parsed.success && (parsed.data.uploadId || parsed.data.fileName) ? (parsed.data as z.output<S>) : null;
}
