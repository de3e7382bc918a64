import type { ApiClient } from './api-client.ts';

export interface SseMessage {
  id: string | null;
  event: string;
  data: any;
}

/**
 * A Server-Sent Events reader for tests: opens the stream with the client's cookies and token, collects
 * every message, and lets a test wait (bounded) for one that matches.
 */
export class SseStream {
  readonly messages: SseMessage[] = [];
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  status = 0;
  contentType = '';
  /** set once the server ended the stream (or the test closed it) */
  ended = false;

  private constructor() {}

  static async open(client: ApiClient, path: string, headers: Record<string, string> = {}): Promise<SseStream> {
    const stream = new SseStream();
    const res = await client.fetch(path, { headers, signal: stream.abort.signal });
    stream.status = res.status;
    stream.contentType = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body) throw new Error(`GET ${path} -> ${res.status}: ${await res.text()}`);
    void stream.read(res.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const msg: SseMessage = { id: null, event: 'message', data: null };
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) msg.id = line.slice(4);
            else if (line.startsWith('event: ')) msg.event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (!data) continue; // comments (heartbeats) and the retry line
          msg.data = JSON.parse(data);
          this.messages.push(msg);
          for (const wake of this.waiters.splice(0)) wake();
        }
      }
    } catch {
      // closed by the test
    }
    this.ended = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits (bounded) until the server ends the stream; throws on time-out. */
  async end(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the stream did not end within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first message (already received or arriving within `timeoutMs`) that matches; throws on time-out. */
  async next(match: (m: SseMessage) => boolean, timeoutMs: number, what = 'a matching message'): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${what} within ${timeoutMs} ms; got: ${JSON.stringify(this.messages.map((m) => [m.event, m.data?.id]))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.abort.abort();
  }
}
