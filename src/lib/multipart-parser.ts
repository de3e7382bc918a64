import { badRequest } from './errors.ts';

/** What the parser tells its user, in the order of the body. */
export interface PartHandlers {
  /** a text field, whole */
  field(name: string, value: string): void;
  /** a file part begins (a part with a filename) */
  fileStart(name: string, fileName: string): void;
  /** bytes of the current file part: a view into the piece being parsed, valid only during the call */
  fileData(bytes: Uint8Array): void;
  fileEnd(): void;
}

export interface PartLimits {
  /** parts (fields and files) in one form */
  parts: number;
  fieldBytes: number;
  /** the refusal of a text field past `fieldBytes` where its form has its own (the guestbook's message); else the generic one */
  fieldTooLong?: (name: string) => Error | undefined;
}

const HEADER_BYTES = 16 * 1024;
const CR = 13;
const HEADER_END = Buffer.from('\r\n\r\n');

export const malformed = () => badRequest('multipartMalformed');

/** The boundary of a multipart content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/** name and filename of a part's Content-Disposition (quoted, plain or RFC 5987 `filename*`), raw bytes read as UTF-8. */
function dispositionOf(headers: string): { name: string; fileName: string | null } | null {
  const line = /^content-disposition:\s*form-data(.*)$/im.exec(headers);
  if (!line) return null;
  const params: Record<string, string> = {};
  for (const m of line[1]!.matchAll(/;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    const key = m[1]!.toLowerCase();
    params[key] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!.trim();
  }
  if (params.name === undefined) return null;
  let fileName = params.filename ?? null;
  const extended = /^utf-8'[^']*'(.*)$/i.exec(params['filename*'] ?? '');
  if (extended) {
    try {
      fileName = decodeURIComponent(extended[1]!);
    } catch {
      // keep the plain filename
    }
  }
  return { name: params.name, fileName };
}

/**
 * A streaming multipart/form-data parser (RFC 7578) for upload bodies: each piece of the body is parsed as
 * it comes, file bytes are handed on as views into that piece (never copied or held), and the delimiter is
 * found with Buffer.indexOf (native). Why not busboy: measured, its JavaScript boundary search cost ~2.4 ms
 * of CPU per MB, ~70 % of the server's work per uploaded byte; this costs a few % of that.
 * Throws a 400 on a malformed form; `end()` throws when the body stopped before the closing delimiter.
 */
export class MultipartParser {
  private readonly delimiter: Buffer;
  private state: 'start' | 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'start';
  /** bytes kept from the last piece: a possible start of the delimiter, or unfinished headers */
  private carry: Buffer = Buffer.alloc(0);
  private part: { name: string; file: boolean; value: Buffer[]; bytes: number } | null = null;
  private parts = 0;

  constructor(
    boundary: string,
    private readonly handlers: PartHandlers,
    private readonly limits: PartLimits,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  get finished(): boolean {
    return this.state === 'done';
  }

  write(piece: Uint8Array): void {
    let data = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    if (this.carry.length) {
      if (this.state === 'body' && this.carry.length + data.length >= 2 * this.delimiter.length) {
        data = this.joinCarry(data);
      } else {
        data = Buffer.concat([this.carry, data]);
        this.carry = Buffer.alloc(0);
      }
    }
    let at = 0;
    while (at < data.length && this.state !== 'done') {
      const next = this.step(data, at);
      if (next === null) return; // the rest is kept in carry
      at = next;
    }
  }

  end(): void {
    if (this.state !== 'done') throw malformed();
  }

  /**
   * In a part's body, with a small carry from the last piece: settles the junction without copying the
   * new piece. Bytes of the carry that cannot start the delimiter go out as data; the returned buffer is
   * what is left to parse (the piece itself, or a small join when the delimiter straddles the two).
   */
  private joinCarry(piece: Buffer): Buffer {
    const carry = this.carry;
    this.carry = Buffer.alloc(0);
    const junction = Buffer.concat([carry, piece.subarray(0, this.delimiter.length)]);
    const found = junction.indexOf(this.delimiter);
    if (found >= 0 && found < carry.length) {
      // The delimiter starts in the carry: everything from it on is parsed from a join of the two.
      this.data(carry.subarray(0, found));
      return Buffer.concat([carry.subarray(found), piece]);
    }
    this.data(carry);
    return piece;
  }

  /** Parses from `at`; the position to go on from, or null when the rest was kept for the next piece. */
  private step(data: Buffer, at: number): number | null {
    const d = this.delimiter;
    switch (this.state) {
      case 'start': {
        // The first delimiter may open the body without a line break before it: checked in place, so the
        // first piece (often the whole chunk) is not copied behind a line break.
        const open = d.subarray(2);
        const n = Math.min(open.length, data.length - at);
        if (data.compare(open, 0, n, at, at + n) !== 0) {
          this.state = 'preamble';
          return at;
        }
        if (n < open.length) {
          this.keep(data.subarray(at));
          return null;
        }
        this.state = 'after-delimiter';
        return at + open.length;
      }
      case 'preamble': {
        const found = data.indexOf(d, at);
        if (found < 0) {
          this.keep(data.subarray(Math.max(at, data.length - d.length + 1)));
          return null;
        }
        this.state = 'after-delimiter';
        return found + d.length;
      }
      case 'after-delimiter': {
        // '--' closes the form; otherwise optional blanks, then a line break opens the next part.
        let i = at;
        while (i < data.length && (data[i] === 0x20 || data[i] === 0x09)) i++;
        if (data.length - i < 2) {
          this.keep(data.subarray(at));
          return null;
        }
        if (data[i] === 0x2d && data[i + 1] === 0x2d && i === at) {
          this.state = 'done';
          return data.length;
        }
        if (data[i] !== CR || data[i + 1] !== 0x0a) throw malformed();
        this.state = 'headers';
        return i + 2;
      }
      case 'headers': {
        const end = data.indexOf(HEADER_END, at);
        if (end < 0) {
          if (data.length - at > HEADER_BYTES) throw malformed();
          this.keep(data.subarray(at));
          return null;
        }
        if (end - at > HEADER_BYTES) throw malformed();
        this.openPart(data.toString('utf8', at, end));
        this.state = 'body';
        return end + HEADER_END.length;
      }
      case 'body': {
        const found = data.indexOf(d, at);
        if (found >= 0) {
          this.data(data.subarray(at, found));
          this.closePart();
          this.state = 'after-delimiter';
          return found + d.length;
        }
        // Hold back only a tail that could begin the delimiter (it begins with CR).
        const tail = data.lastIndexOf(CR, data.length - 1);
        const keepFrom = tail >= Math.max(at, data.length - d.length + 1) ? tail : data.length;
        this.data(data.subarray(at, keepFrom));
        this.keep(data.subarray(keepFrom));
        return null;
      }
      default:
        return data.length;
    }
  }

  private keep(rest: Buffer) {
    // A copy: the carry is small, and must not pin the piece it came from.
    this.carry = Buffer.from(rest);
  }

  private openPart(headers: string) {
    const disposition = dispositionOf(headers);
    if (!disposition) throw malformed();
    if (++this.parts > this.limits.parts) throw badRequest('tooManyFields');
    const file = disposition.fileName !== null;
    this.part = { name: disposition.name, file, value: [], bytes: 0 };
    if (file) this.handlers.fileStart(disposition.name, disposition.fileName!);
  }

  private data(bytes: Buffer) {
    const part = this.part;
    if (!part || bytes.length === 0) return;
    if (part.file) return this.handlers.fileData(bytes);
    part.bytes += bytes.length;
    if (part.bytes > this.limits.fieldBytes)
      throw this.limits.fieldTooLong?.(part.name) ?? badRequest('fieldTooLong', { field: part.name });
    part.value.push(Buffer.from(bytes));
  }

  private closePart() {
    const part = this.part;
    this.part = null;
    if (!part) return;
    if (part.file) this.handlers.fileEnd();
    else this.handlers.field(part.name, Buffer.concat(part.value).toString('utf8'));
  }
}
