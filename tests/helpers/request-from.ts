// One HTTP request from a chosen loopback source address, as a device with that address would send it:
// the server keys rate limits and the captive portal by client address, and fetch cannot choose its
// source address (node:http can). Linux routes all of 127.0.0.0/8 to lo, so 127.0.0.2, .3, ... are
// distinct clients without any setup.
import { request } from 'node:http';

export interface AnswerFrom {
  status: number;
  location: string | null;
  body: string;
}

export interface RequestFromOptions {
  method?: string;
  /** the Host header (default: the URL's), e.g. a foreign name a phone's connectivity check sends */
  host?: string;
  /** a JSON body */
  json?: unknown;
  /** an urlencoded form body */
  form?: string;
  /** more headers, e.g. the phone's Accept-Language */
  headers?: Record<string, string>;
}

/** Sends `url` from `localAddress`; the whole answer, bounded by a 30 s timeout. */
export function requestFrom(localAddress: string, url: string, opts: RequestFromOptions = {}): Promise<AnswerFrom> {
  const target = new URL(url);
  const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.form;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: Number(target.port),
        path: target.pathname + target.search,
        method: opts.method ?? 'GET',
        localAddress,
        timeout: 30_000,
        headers: {
          host: opts.host ?? target.host,
          ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: (res.headers.location as string | undefined) ?? null, body: text }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
