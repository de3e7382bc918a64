import type { Page, Route } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlbumDto, EventDto, UploadDto } from '../../../src/http/api-types.ts';

// For the tests that need data the real server cannot make quickly (a 2,000-item album) and for looking
// at layouts: the /api answers come from here, /media files from the fixtures.

export const FIXTURES = join(import.meta.dir, '..', '..', '..', '..', 'shared', 'fixtures');

export function makeEvent(over: Partial<EventDto> = {}): EventDto {
  const now = Date.now();
  return {
    id: 1,
    code: 'sommerfest',
    name: 'Sommerfest 2026',
    primary_color: '#8B5CF6',
    secondary_color: '#EC4899',
    header_style: 'minimalistic',
    host_image_url: null,
    allow_download: true,
    event_start_datetime: new Date(now - 3600_000).toISOString(),
    event_end_datetime: new Date(now + 13 * 86400_000).toISOString(),
    event_viewable_until_datetime: new Date(now + 43 * 86400_000).toISOString(),
    event_duration_days: 14,
    created_at: new Date(now - 86400_000).toISOString(),
    status: 'active',
    ...over,
  };
}

export function makeAlbum(id: number, name: string, start: string | null = null, end: string | null = null): AlbumDto {
  return { id, event_id: 1, name, visible: true, start_datetime: start, end_datetime: end, created_at: new Date().toISOString() };
}

const PHOTOS = ['cameras/Canon_40D.jpg', 'cameras/Nikon_D70.jpg', 'cameras/Pentax_K10D.jpg', 'cameras/Panasonic_DMC-FZ30.jpg', 'gps/DSCN0010.jpg', 'orientation/landscape_1.jpg'];

export function makeUploads(albumId: number, n: number, over: (i: number) => Partial<UploadDto> = () => ({})): UploadDto[] {
  return Array.from({ length: n }, (_, i) => {
    const photo = PHOTOS[i % PHOTOS.length]!;
    const id = albumId * 100_000 + i + 1;
    return {
      id,
      event_id: 1,
      album_id: albumId,
      type: 'photo',
      mime_type: 'image/jpeg',
      file_path: `/media/fx/${photo}`,
      thumbnail_path: `/media/fx/${photo}?t=${id}`,
      preview_path: `/media/fx/${photo}`,
      download_path: `/media/fx/${photo}?download=1`,
      original_name: photo.split('/').pop()!,
      size_bytes: 10_000,
      width: 640,
      height: 480,
      duration_seconds: null,
      taken_at: null,
      approved: true,
      user_id: null,
      uploader_nickname: i % 3 === 0 ? 'Anna' : i % 3 === 1 ? 'Ben' : null,
      nickname: null,
      created_at: new Date().toISOString(),
      processing_state: 'ready',
      ...over(i),
    };
  });
}

export interface MockData {
  event: EventDto | null;
  albums: AlbumDto[];
  uploads: Record<number, UploadDto[]>;
  hasConsent?: boolean;
  nickname?: string | null;
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

export async function mockApi(page: Page, data: MockData): Promise<void> {
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname;
    if (p === '/api/config') return json(route, { maxUploadSizeMB: 300, publicUrl: url.origin, wifi: null, version: 'test' });
    let m = /^\/api\/event\/(\d+)\/albums$/.exec(p);
    if (m) return json(route, data.albums);
    m = /^\/api\/event\/(\d+)\/uploads$/.exec(p);
    if (m) return json(route, data.uploads[Number(url.searchParams.get('albumId'))] ?? []);
    m = /^\/api\/event\/[^/]+\/consent\/[^/]+$/.exec(p);
    if (m) return json(route, { hasConsent: data.hasConsent ?? true });
    m = /^\/api\/event\/[^/]+\/user-nickname\/[^/]+$/.exec(p);
    if (m) return json(route, { nickname: data.nickname ?? null });
    m = /^\/api\/event\/([^/]+)$/.exec(p);
    if (m) return data.event && m[1] === data.event.code ? json(route, data.event) : json(route, { error: 'Event nicht gefunden', code: 'NOT_FOUND' }, 404);
    return json(route, { error: 'not mocked', code: 'NOT_FOUND' }, 404);
  });
  await page.route('**/media/fx/**', async (route) => {
    const url = new URL(route.request().url());
    const rel = decodeURIComponent(url.pathname.replace('/media/fx/', ''));
    if (!existsSync(join(FIXTURES, 'photos', rel))) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: 'image/jpeg', body: readFileSync(join(FIXTURES, 'photos', rel)), headers: { 'cache-control': 'max-age=3600' } });
  });
}

/** Serves web/dist like the server does (files, else index.html) on a free port. */
export function serveDist(): { url: string; stop: () => void } {
  const dist = join(import.meta.dir, '..', '..', '..', 'web', 'dist');
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (path !== '/' && !path.includes('..')) {
        const f = Bun.file(join(dist, path));
        if (await f.exists()) return new Response(f);
      }
      return new Response(Bun.file(join(dist, 'index.html')), { headers: { 'content-type': 'text/html' } });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}
