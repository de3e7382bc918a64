import { Readable } from 'node:stream';
import { AppError, badRequest } from '../lib/errors.ts';
import { bodyWatch, MIN_BODY_BYTES_PER_SECOND } from './body.ts';
import { boundaryOf, malformed, MultipartParser } from '../lib/multipart-parser.ts';
import { freeNow } from '../media/native-memory.ts';

export interface MultipartResult<T, F> {
  fields: F;
  file: { fieldName: string; fileName: string; result: T } | null;
}

export interface MultipartOptions<T, F> {
  /** names of the part that carries the file (the first one present is taken) */
  fileFields: string[];
  /** streams the file part somewhere as it arrives, knowing the text fields that came before it */
  onFile: (stream: Readable, fileName: string, fieldsBefore: Record<string, string>) => Promise<T>;
  /** drops what onFile made when the request fails after the file part was complete */
  discard: (result: T) => void;
  /** turns the text fields into typed ones; throwing refuses the request (and discards the file) */
  parseFields: (fields: Record<string, string>) => F;
  /** a form's own refusal of a text field too long to carry (the guestbook's message), instead of 'Feld … ist zu lang' */
  fieldTooLong?: (name: string) => AppError | undefined;
  /** the request ends with 408 when no byte of the body arrives for this long, or too few (bodyWatch) */
  idleMs: number;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4096;

export const connectionLost = () => badRequest('uploadInterrupted');
const stalled = (reason: 'idle' | 'slow', idleMs: number) =>
  new AppError(408, 'UPLOAD_STALLED', reason === 'idle' ? 'default' : 'slow', {
    seconds: Math.round(idleMs / 1000),
    kbPerSecond: MIN_BODY_BYTES_PER_SECOND / 1024,
  });

/**
 * Streams a multipart/form-data request: text fields are collected, the one file part is handed to
 * `onFile` as a stream as it arrives (each piece of the body is parsed as it is read), so an upload of
 * hundreds of MB passes through about one piece of the body (~1 MB) of memory. A second file part is refused.
 *
 * Every way out settles `onFile` before this returns or throws: when the client goes away or stalls
 * (no byte for `idleMs`, or a trickle below the minimum rate), when the form is malformed, or when `onFile` refuses the file, the file stream
 * is destroyed with an error, so `onFile` closes and removes what it wrote, and the body is not read on.
 * Nothing is left to the garbage collector.
 */
export async function receiveMultipart<T, F>(request: Request, opts: MultipartOptions<T, F>): Promise<MultipartResult<T, F>> {
  const { fileFields, onFile, discard } = opts;
  const type = request.headers.get('content-type') ?? '';
  const boundary = type.toLowerCase().startsWith('multipart/form-data') ? boundaryOf(type) : null;
  if (!request.body || !type.toLowerCase().startsWith('multipart/form-data')) throw badRequest('notMultipart');
  if (!boundary) throw malformed();

  const fields: Record<string, string> = {};
  let file: MultipartResult<T, F>['file'] = null;
  let pending: Promise<void> | null = null;
  let failure: unknown = null;
  let files = 0;
  /** the file part being read: handed to onFile, or read and dropped (a file part of another name) */
  let current: Readable | null = null;
  /** the file part's stream, kept after its end: the body's pieces are freed once it holds none of them */
  let fileStream = null as Readable | null; // (set in the parser's callbacks, which TypeScript does not follow)
  const fail = (err: unknown) => {
    failure ??= err;
    current?.destroy(err instanceof Error ? err : new Error(String(err))); // onFile stops, closes and removes what it wrote
    current = null;
  };

  const parser = new MultipartParser(
    boundary,
    {
      field: (name, value) => {
        fields[name] = value;
      },
      fileStart: (name, fileName) => {
        if (++files > 1) throw badRequest('oneFileOnly');
        // Pieces are pushed as they are parsed; onFile's consumer takes each at once (writes it), so the
        // stream holds nothing: back-pressure is the body not being read while a piece is written.
        const stream = new Readable({ read() {} });
        // A cut body ends the part with an error even when nobody reads it any more (a skipped part, or after
        // onFile stopped early); the failure is handled here, so the stream's own error must not crash the process.
        stream.on('error', () => {});
        current = fileStream = stream;
        if (!fileFields.includes(name)) {
          stream.resume();
          return;
        }
        pending = onFile(stream, fileName, { ...fields }).then(
          (result) => {
            file = { fieldName: name, fileName, result };
          },
          (err) => fail(err),
        );
      },
      fileData: (bytes) => {
        current?.push(bytes);
      },
      fileEnd: () => {
        current?.push(null);
        current = null;
      },
    },
    { parts: MAX_FIELDS + 1, fieldBytes: MAX_FIELD_BYTES, fieldTooLong: opts.fieldTooLong },
  );

  // The body is pumped by hand so that a read error (client gone) or silence (idle time-out) reaches the parser.
  // Each piece (~64 KB) is freed as soon as it is written (onFile's consumer writes synchronously as the
  // stream emits; a piece waits here while the stream still buffers): left to the collector, the 20 phones'
  // pieces stood at 50-90 MB between collections (bench f, process.memoryUsage().arrayBuffers at the peak).
  const reader = request.body.getReader();
  const unfreed: Uint8Array[] = [];
  const freeWritten = () => {
    for (const piece of unfreed) freeNow(piece);
    unfreed.length = 0;
  };
  const idle = bodyWatch(opts.idleMs, (reason) => {
    fail(stalled(reason, opts.idleMs));
    reader.cancel().catch(() => {}); // ends the read that waits
  });
  try {
    while (!failure) {
      const { done, value } = await reader.read();
      if (done || failure) break;
      idle.moved(value.byteLength);
      unfreed.push(value);
      parser.write(value);
      if (!fileStream?.readableLength) freeWritten();
    }
    if (!failure) parser.end();
  } catch (err) {
    fail(err instanceof AppError ? err : connectionLost());
  } finally {
    idle.stop();
  }
  if (failure) await reader.cancel().catch(() => {});
  await pending;
  freeWritten(); // onFile has settled: what it did not write was dropped
  const received = file as MultipartResult<T, F>['file'];
  try {
    if (failure) throw failure;
    return { fields: opts.parseFields(fields), file: received };
  } catch (err) {
    if (received) discard(received.result);
    throw err;
  }
}
