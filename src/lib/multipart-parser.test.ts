import { describe, expect, test } from 'bun:test';
import { boundaryOf, MultipartParser } from './multipart-parser.ts';

const BOUNDARY = '----WebKitFormBoundaryp4Xy';

/** A form as a browser sends it: text fields, then one file part. */
function form(fields: [string, string][], file: { name: string; fileName: string; bytes: Uint8Array } | null, extra = ''): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"${extra}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** Parses `body` fed in the given pieces; what the handlers saw. */
function parse(body: Buffer, cuts: number[], limits = { parts: 21, fieldBytes: 4096 }) {
  const seen = { fields: {} as Record<string, string>, files: [] as { name: string; fileName: string; bytes: Buffer }[] };
  let open: Buffer[] | null = null;
  const parser = new MultipartParser(
    BOUNDARY,
    {
      field: (name, value) => (seen.fields[name] = value),
      fileStart: (name, fileName) => {
        open = [];
        seen.files.push({ name, fileName, bytes: Buffer.alloc(0) });
      },
      fileData: (bytes) => open!.push(Buffer.from(bytes)),
      fileEnd: () => {
        seen.files.at(-1)!.bytes = Buffer.concat(open!);
        open = null;
      },
    },
    limits,
  );
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    parser.write(new Uint8Array(body.subarray(from, cut)));
    from = cut;
  }
  parser.end();
  return seen;
}

describe('multipart parser', () => {
  // File bytes full of line breaks and near-delimiters, the hardest case for finding the real one.
  const tricky = Buffer.concat([
    Buffer.from(`\r\n\r\n--${BOUNDARY.slice(0, 10)}\r\r\n-`),
    crypto.getRandomValues(new Uint8Array(300)),
    Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}`),
  ]);
  const body = form(
    [
      ['chunkIndex', '3'],
      ['fileName', 'Ürlaub "2026".jpg'],
    ],
    { name: 'chunk', fileName: 'blob', bytes: tricky },
  );

  test('fields and the file come out whole however the body is cut into pieces', () => {
    for (let a = 1; a < body.length; a += 3) {
      for (const b of [a + 1, a + 7, a + 61, body.length - 2]) {
        const seen = parse(body, b < body.length && b > a ? [a, b] : [a]);
        expect(seen.fields).toEqual({ chunkIndex: '3', fileName: 'Ürlaub "2026".jpg' });
        expect(seen.files).toHaveLength(1);
        expect(seen.files[0]!.name).toBe('chunk');
        expect(seen.files[0]!.fileName).toBe('blob');
        expect(seen.files[0]!.bytes.equals(tricky)).toBe(true);
      }
    }
  });

  test("filename* (RFC 5987) wins over filename; quotes and the boundary's own quoting are read", () => {
    const seen = parse(
      form([], { name: 'file', fileName: 'x.jpg', bytes: new Uint8Array([1, 2, 3]) }, `; filename*=UTF-8''Gr%C3%BC%C3%9Fe.jpg`),
      [],
    );
    expect(seen.files[0]!.fileName).toBe('Grüße.jpg');
    expect(boundaryOf(`multipart/form-data; boundary="${BOUNDARY}"`)).toBe(BOUNDARY);
    expect(boundaryOf(`multipart/form-data; charset=utf-8; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });

  test('a body cut before its closing delimiter, a too long field, too many parts and broken headers are refused', () => {
    const whole = form([['a', '1']], { name: 'file', fileName: 'f', bytes: new Uint8Array(100) });
    expect(() => parse(whole.subarray(0, whole.length - 10), [])).toThrow('multipartMalformed');
    expect(() => parse(form([['a', 'x'.repeat(5000)]], null), [])).toThrow('fieldTooLong');
    expect(() =>
      parse(
        form(
          Array.from({ length: 22 }, (_, i) => [`f${i}`, 'v'] as [string, string]),
          null,
        ),
        [],
      ),
    ).toThrow('tooManyFields');
    expect(() => parse(Buffer.from(`--${BOUNDARY}\r\nX-Nothing: 1\r\n\r\nv\r\n--${BOUNDARY}--\r\n`), [])).toThrow('multipartMalformed');
  });
});
