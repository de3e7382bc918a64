import type { ApiError } from '../../../src/http/api-types';

// The browser's own download of a URL that authorises itself (guest ZIPs, the host's exports): a page gets no
// view into that download, so the URL is asked once first and a refusal becomes a message on the page.

/** A refused download: the server's message when it sent one (else empty), and the status. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The `error` of a refusal's JSON body, or '' when there is none. */
export async function refusalOf(res: Response): Promise<DownloadError> {
  const body = (await res.json().catch(() => null)) as ApiError | null;
  return new DownloadError(body?.error ?? '', res.status);
}

/**
 * Asks for the URL and cancels the body at the headers. Resolves with the response (its headers name the
 * file); rejects with a DownloadError when refused, or the fetch's own error when the box is unreachable.
 */
export async function checkDownload(url: string): Promise<Response> {
  const ctrl = new AbortController();
  const res = await fetch(url, { credentials: 'include', signal: ctrl.signal });
  if (!res.ok) throw await refusalOf(res);
  ctrl.abort();
  await res.body?.cancel().catch(() => undefined);
  return res;
}

/** Hands the URL to the browser's download manager (an attachment; `fileName` suggests its name). */
export function saveUrl(url: string, fileName = '') {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
