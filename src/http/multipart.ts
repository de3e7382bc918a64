import busboy from 'busboy';
import { Readable } from 'node:stream';
import { badRequest } from '../lib/errors.ts';

export interface MultipartResult<T> {
  fields: Record<string, string>;
  file: { fieldName: string; fileName: string; result: T } | null;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4096;

/**
 * Streams a multipart/form-data request: text fields are collected, the one file part is handed to
 * `onFile` as a stream as it arrives (busboy parses incrementally with back-pressure), so an upload of
 * hundreds of MB passes through a few KB of memory. A second file part is refused.
 */
export async function receiveMultipart<T>(
  request: Request,
  fileFields: string[],
  onFile: (stream: AsyncIterable<Uint8Array>, fileName: string) => Promise<T>,
): Promise<MultipartResult<T>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw badRequest('Erwartet wird multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let file: MultipartResult<T>['file'] = null;
  let pending: Promise<void> | null = null;
  let failure: unknown = null;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw badRequest('Ungültiger multipart-Inhalt');
  }
  const body = Readable.fromWeb(request.body as unknown as import('node:stream/web').ReadableStream<Uint8Array>);

  await new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      failure ??= err;
      body.unpipe(parser);
      body.destroy();
      reject(failure);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(badRequest(`Feld ${name} ist zu lang`));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (!fileFields.includes(name) || pending) {
        stream.resume();
        return;
      }
      pending = onFile(stream, info.filename ?? '')
        .then((result) => {
          file = { fieldName: name, fileName: info.filename ?? '', result };
        })
        .catch((err) => {
          stream.resume();
          fail(err);
        });
    });
    parser.on('filesLimit', () => fail(badRequest('Nur eine Datei pro Anfrage')));
    parser.on('error', () => fail(badRequest('Ungültiger multipart-Inhalt')));
    parser.on('close', () => {
      if (failure) return;
      (pending ?? Promise.resolve()).then(() => (failure ? reject(failure) : resolve()), fail);
    });
    body.on('error', () => fail(badRequest('Die Verbindung wurde während des Uploads unterbrochen')));
    body.pipe(parser);
  });
  return { fields, file };
}
