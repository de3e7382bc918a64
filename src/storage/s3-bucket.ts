import { S3Client } from 'bun';

/** Where pushed events go: an S3-compatible bucket (any endpoint: MinIO, Garage, AWS, Backblaze, Hetzner, ...). */
export interface S3Target {
  endpoint: string;
  region: string;
  bucket: string;
  /** folder inside the bucket ('' for its top), without leading or trailing slash */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Files from this size on go up in parts (S3's multipart upload): a lost part is sent again, not the whole file. */
export const MULTIPART_FROM_BYTES = 16 * 1024 * 1024;
const PART_BYTES = 8 * 1024 * 1024;

/**
 * The bucket as the push and the import see it: keys relative to the target's prefix, objects listed with
 * their sizes, files streamed up (in parts when large) and JSON read back. Bun's built-in S3 client does the
 * signing and the HTTP; nothing here knows events.
 */
export class S3Bucket {
  private readonly client: S3Client;

  constructor(private readonly target: S3Target) {
    this.client = new S3Client({
      endpoint: target.endpoint,
      region: target.region || undefined,
      bucket: target.bucket,
      accessKeyId: target.accessKeyId,
      secretAccessKey: target.secretAccessKey,
    });
  }

  /** The full key of `key` under the prefix. */
  keyOf(key: string): string {
    return this.target.prefix ? `${this.target.prefix}/${key}` : key;
  }

  /** Every object under `folder` (relative to the prefix): key (relative) -> size. */
  async list(folder: string): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const strip = this.keyOf('').length;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.list({ prefix: this.keyOf(folder), continuationToken, maxKeys: 1000 });
      for (const o of page.contents ?? []) found.set(o.key.slice(strip), o.size ?? 0);
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
    } while (continuationToken);
    return found;
  }

  /** The folders right under `folder` (relative names, without slash). */
  async folders(folder: string): Promise<string[]> {
    const base = this.keyOf(folder);
    const page = await this.client.list({ prefix: base, delimiter: '/' });
    return (page.commonPrefixes ?? []).map((p) => p.prefix.slice(base.length).replace(/\/$/, ''));
  }

  /**
   * Sends a file; `onBytes` hears how many bytes went (for progress). Large files go in parts. `type` is the
   * object's Content-Type (a published gallery's files are served by it); without it the store's default.
   */
  async putFile(key: string, path: string, onBytes: (n: number) => void, type?: string): Promise<void> {
    const file = Bun.file(path);
    if (file.size < MULTIPART_FROM_BYTES) {
      await this.client.file(this.keyOf(key)).write(file, type ? { type } : {});
      onBytes(file.size);
      return;
    }
    await this.putStream(key, file.stream(), onBytes, type);
  }

  /** Sends a stream of unknown length in parts (a single request when it is small). */
  async putStream(key: string, stream: ReadableStream<Uint8Array>, onBytes: (n: number) => void, type?: string): Promise<void> {
    const writer = this.client.file(this.keyOf(key)).writer({ partSize: PART_BYTES, queueSize: 2, retry: 3, ...(type ? { type } : {}) });
    for await (const chunk of stream) {
      await writer.write(chunk);
      onBytes(chunk.byteLength);
    }
    await writer.end();
  }

  async putText(key: string, text: string, type = 'application/json'): Promise<void> {
    await this.client.write(this.keyOf(key), text, { type });
  }

  /** The object's text, or null when there is none. */
  async text(key: string): Promise<string | null> {
    const file = this.client.file(this.keyOf(key));
    if (!(await file.exists())) return null;
    return file.text();
  }

  async remove(key: string): Promise<void> {
    await this.client.delete(this.keyOf(key));
  }

  /** A file of the bucket as a readable stream (import). */
  stream(key: string): ReadableStream<Uint8Array> {
    return this.client.file(this.keyOf(key)).stream();
  }
}
