import type { AdminEventDto, AlbumDto, UploadResult } from '../../src/http/api-types.ts';

/** Small typed helpers for tests that talk to a real server over HTTP. */
export class ApiClient {
  adminToken: string | null = null;
  /** cookies by name, as a browser would keep them */
  cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.adminToken && !headers.has('authorization')) headers.set('authorization', `Bearer ${this.adminToken}`);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.baseUrl + path, { ...init, headers, body });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      this.cookies.set(k!.trim(), v ?? '');
    }
    return res;
  }

  async json<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const res = await this.fetch(path, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} -> ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  async login(password: string): Promise<string> {
    const { token } = await this.json<{ token: string }>('/api/admin/login', { method: 'POST', json: { password } });
    this.adminToken = token;
    return token;
  }

  /** Creates an event as admin; by default it started an hour ago and runs 14 days. */
  async createEvent(fields: Record<string, string | Blob> = {}): Promise<AdminEventDto> {
    const form = new FormData();
    const name = (fields.name as string) ?? `Test Event ${crypto.randomUUID().slice(0, 6)}`;
    const defaults: Record<string, string> = {
      name,
      code: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') + '-' + Math.random().toString(36).slice(2, 8),
      event_start_datetime: new Date(Date.now() - 3600_000).toISOString(),
      event_duration_days: '14',
    };
    for (const [k, v] of Object.entries({ ...defaults, ...fields })) form.append(k, v);
    return this.json<AdminEventDto>('/api/event', { method: 'POST', body: form });
  }

  async createAlbum(
    eventId: number,
    fields: { name: string; start_datetime?: string | null; end_datetime?: string | null; challenge?: boolean },
  ): Promise<AlbumDto> {
    return this.json<AlbumDto>(`/api/event/${eventId}/album`, { method: 'POST', json: fields });
  }

  /** Gives consent as a new guest of the event; the cookie `event_{code}` is kept for later calls. */
  async joinAsGuest(code: string, nickname?: string): Promise<string> {
    const { userId } = await this.json<{ userId: string }>(`/api/event/${code}/consent`, { method: 'POST', json: {} });
    if (nickname) await this.json(`/api/event/${code}/user-nickname`, { method: 'POST', json: { userId, nickname } });
    return userId;
  }

  /** A whole-file upload of a file from disk. */
  async upload(eventId: number, filePath: string, fields: Record<string, string> = {}): Promise<Response> {
    const form = new FormData();
    const file = Bun.file(filePath);
    form.append('file', new File([await file.arrayBuffer()], filePath.split('/').pop()!, { type: file.type }));
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return this.fetch(`/api/event/${eventId}/upload`, { method: 'POST', body: form });
  }

  async uploadOk(eventId: number, filePath: string, fields: Record<string, string> = {}): Promise<UploadResult> {
    const res = await this.upload(eventId, filePath, fields);
    const text = await res.text();
    if (!res.ok) throw new Error(`upload ${filePath} -> ${res.status}: ${text}`);
    return JSON.parse(text) as UploadResult;
  }
}
