import type { ApiError } from '../../../src/http/api-types';
import { authHeaders, onUnauthorized } from './http';

// XMLHttpRequest for uploads: fetch cannot report upload progress.

export type XhrFailureKind = 'network' | 'timeout' | 'abort';

export class XhrFailure extends Error {
  constructor(readonly kind: XhrFailureKind) {
    super(kind === 'timeout' ? 'timeout' : kind === 'abort' ? 'aborted' : 'network error');
  }
}

export interface XhrAnswer<T> {
  status: number;
  ok: boolean;
  /** the JSON answer when 2xx */
  data: T | null;
  /** the error body otherwise */
  error: ApiError | null;
}

export interface XhrOptions {
  method?: string;
  url: string;
  /** a form, or a file sent as it is (the import's ZIP) */
  body: FormData | Blob;
  /** 0 = none (the whole-file upload has no time-out) */
  timeoutMs?: number;
  /**
   * Counted from the last sign of life (upload progress), not from the start: a slow link that keeps
   * moving is not cut, a dead one is noticed after this long. 0 = none.
   */
  idleTimeoutMs?: number;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export function xhrSend<T>(opts: XhrOptions): Promise<XhrAnswer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', opts.url);
    xhr.withCredentials = true;
    xhr.timeout = opts.timeoutMs ?? 0;
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    let idle: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const arm = () => {
      if (!opts.idleTimeoutMs) return;
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, opts.idleTimeoutMs);
    };
    xhr.upload.onprogress = (e) => {
      arm();
      opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    };
    xhr.onprogress = arm;
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(idle);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    xhr.onload = () => {
      done();
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status === 401) onUnauthorized();
      const ok = xhr.status >= 200 && xhr.status < 300;
      resolve({ status: xhr.status, ok, data: ok ? (json as T) : null, error: ok ? null : (json as ApiError | null) });
    };
    xhr.onerror = () => {
      done();
      reject(new XhrFailure('network'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new XhrFailure('timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(new XhrFailure(timedOut ? 'timeout' : 'abort'));
    };
    if (opts.signal?.aborted) {
      done();
      reject(new XhrFailure('abort'));
      return;
    }
    xhr.send(opts.body);
    arm();
  });
}
