import type { ApiError, ErrorCode } from '../../../src/http/api-types';

// One place for talking to /api: credentials always sent (the guest cookie), the admin token as Bearer,
// and the spec's rule that any 401 clears the admin token and goes to /admin.

const ADMIN_TOKEN_KEY = 'momentbox_admin_token';

export const adminToken = {
  get: (): string | null => localStorage.getItem(ADMIN_TOKEN_KEY),
  set: (token: string) => localStorage.setItem(ADMIN_TOKEN_KEY, token),
  clear: () => localStorage.removeItem(ADMIN_TOKEN_KEY),
};

/** An answer that was not 2xx, with the server's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.error ?? `HTTP ${status}`);
  }
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

/** The login page's query when a session ended under the admin's hands (it then says so). */
export const SESSION_EXPIRED_QUERY = 'expired';

/** Set once the page is on its way to the login: the other calls that fail with it must not navigate again. */
let leavingForLogin = false;

/**
 * A 401: the admin session is over. Several calls of a page fail together; only the first may navigate, or
 * a later one (the token already cleared) would replace '/admin?expired=1' by '/admin' and lose the hint.
 */
export function onUnauthorized() {
  if (leavingForLogin) return;
  const hadSession = adminToken.get() !== null;
  adminToken.clear();
  if (location.pathname === '/admin') return;
  leavingForLogin = true;
  location.assign(hadSession ? `/admin?${SESSION_EXPIRED_QUERY}=1` : '/admin');
}

export function authHeaders(): Record<string, string> {
  const token = adminToken.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

type Body = Record<string, unknown> | FormData | undefined;

export async function request<T>(method: string, path: string, body?: Body, init: RequestInit = {}): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders(), ...(init.headers as Record<string, string>) };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { ...init, method, headers, body: payload, credentials: 'include' });
  if (res.status === 401) onUnauthorized();
  if (!res.ok) {
    const errBody = (await res.json().catch(() => null)) as ApiError | null;
    throw new HttpError(res.status, errBody);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  del: <T>(path: string) => request<T>('DELETE', path),
};
