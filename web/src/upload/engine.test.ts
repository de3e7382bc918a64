import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import type { AlbumDto, UploadDto } from '../../../src/http/api-types';
import type { UploadItem } from '../store/upload-store';
import type { DeviceProfile } from './device';
import { newItem, runQueue, startQueue, type UploadDeps } from './engine';
import { de } from '../i18n/de';

// The upload queue against a scripted server: XMLHttpRequest and fetch are replaced by fakes that
// answer per request, so resume, errors and retries can be checked without a network.

interface Sent {
  url: string;
  chunkIndex: number | null;
  uploadId: string | null;
}

type Answer = { status: number; body?: unknown } | 'network' | 'hang';

let sent: Sent[] = [];
let xhrAnswer: (s: Sent, nth: number) => Answer = () => ({ status: 200, body: {} });
let fetchAnswer: (url: string) => { status: number; body: unknown } = () => ({ status: 200, body: { exists: false, duplicate: null } });
let fetched: string[] = [];
/** Requests sent and not yet answered, and the most there ever were at once. */
let inFlight = 0;
let maxInFlight = 0;

class FakeXHR {
  status = 0;
  responseText = '';
  withCredentials = false;
  timeout = 0;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_m: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    queueMicrotask(() => this.onabort?.());
  }
  send(body: FormData) {
    const s: Sent = {
      url: this.url,
      chunkIndex: body.has('chunkIndex') ? Number(body.get('chunkIndex')) : null,
      uploadId: (body.get('uploadId') as string | null) ?? null,
    };
    sent.push(s);
    const a = xhrAnswer(s, sent.length - 1);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    // Answered a little later, so that requests a queue sends side by side are seen in flight together.
    setTimeout(() => {
      if (a === 'hang') return;
      inFlight--;
      if (a === 'network') return this.onerror?.();
      this.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
      this.status = a.status;
      this.responseText = JSON.stringify(a.body ?? {});
      this.onload?.();
    }, 20);
  }
}

const realXHR = globalThis.XMLHttpRequest;
const realFetch = globalThis.fetch;
const hadLocalStorage = 'localStorage' in globalThis;

beforeEach(() => {
  sent = [];
  fetched = [];
  inFlight = 0;
  maxInFlight = 0;
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXHR;
  (globalThis as { localStorage?: unknown }).localStorage ??= { getItem: () => null, setItem() {}, removeItem() {} };
  globalThis.fetch = (async (input: string | URL) => {
    const url = String(input);
    fetched.push(url);
    const a = fetchAnswer(url);
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});
afterEach(() => {
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXHR;
  globalThis.fetch = realFetch;
  if (!hadLocalStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
});

const MB = 1024 * 1024;
const android: DeviceProfile = { mobile: true, ios: false, lowEnd: false };
const ios: DeviceProfile = { mobile: true, ios: true, lowEnd: false };
const album: AlbumDto = {
  id: 7,
  event_id: 1,
  name: 'Party',
  visible: true,
  challenge: false,
  start_datetime: '2000-01-01T00:00:00Z',
  end_datetime: '2100-01-01T00:00:00Z',
  created_at: '',
};

function video(size: number, name = 'clip.mp4') {
  return new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified: Date.UTC(2026, 5, 20) });
}

/** An item (or a patch) with its error worded as the German page shows it. */
const worded = <T extends Partial<UploadItem>>(it: T): Omit<T, 'error'> & { error?: string | null } => ({
  ...it,
  error: it.error === undefined ? undefined : (it.error?.(de) ?? null),
});

async function run(files: File[], device: DeviceProfile, over: Partial<UploadDeps> = {}) {
  const items = new Map<string, UploadItem>();
  const history: Partial<UploadItem>[] = [];
  const toasts: string[] = [];
  const sleeps: number[] = [];
  const entries = files.map((file) => {
    const it = newItem(file);
    items.set(it.id, it);
    return { id: it.id, file };
  });
  await runQueue(entries, {
    eventId: 1,
    maxUploadSizeMB: 300,
    autoApprove: true,
    userId: 'u',
    device,
    albums: () => [album],
    selectedAlbum: () => album,
    ensureUnsorted: async () => album,
    update: (id, patch) => {
      history.push(patch);
      items.set(id, { ...items.get(id)!, ...patch });
    },
    toast: (m) => toasts.push(m),
    signal: new AbortController().signal,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    resumeDelayMs: () => 1,
    ...over,
  });
  return { items: [...items.values()].map(worded), history: history.map(worded), toasts, sleeps };
}

const chunkOk = (i: number, total: number, id = 99) =>
  i === total - 1
    ? { status: 200, body: { partial: false, received: [...Array(total).keys()], totalChunks: total, id, approved: true } }
    : { status: 200, body: { partial: true, received: [i], totalChunks: total } };

describe('upload engine', () => {
  test('a network error pauses the item; it resumes from the chunks the server has, with one stable uploadId', async () => {
    let failedOnce = false;
    xhrAnswer = (s) => {
      if (s.chunkIndex === 1 && !failedOnce) {
        failedOnce = true;
        return 'network';
      }
      return chunkOk(s.chunkIndex!, 3);
    };
    fetchAnswer = (url) =>
      url.includes('upload-chunk/status')
        ? { status: 200, body: { received: [0], totalChunks: 3, complete: false } }
        : { status: 200, body: { exists: false, duplicate: null } };
    const r = await run([video(3 * MB)], android);
    expect(sent.map((s) => s.chunkIndex)).toEqual([0, 1, 1, 2]);
    expect(new Set(sent.map((s) => s.uploadId)).size).toBe(1);
    expect(fetched.filter((u) => u.includes('upload-chunk/status')).length).toBe(1);
    expect(
      r.history.some((h) => h.paused === true && h.error === 'Upload pausiert - wird automatisch fortgesetzt' && h.status === 'pending'),
    ).toBe(true);
    expect(r.items[0]).toMatchObject({ status: 'success', progress: 100, approved: true, targetAlbumId: 7, paused: false });
  });

  test('a photo challenge the guest picked takes the upload, though its date falls in a dated album (issue 28)', async () => {
    xhrAnswer = (s) => chunkOk(s.chunkIndex!, 1);
    fetchAnswer = () => ({ status: 200, body: { exists: false, duplicate: null } });
    const challenge: AlbumDto = {
      ...album,
      id: 8,
      name: 'Das Brautpaar beim Tanzen',
      challenge: true,
      start_datetime: null,
      end_datetime: null,
    };
    const r = await run([video(MB / 2)], android, { albums: () => [album, challenge], selectedAlbum: () => challenge });
    expect(r.items[0]).toMatchObject({ status: 'success', targetAlbumId: 8 });
  });

  test('after a pause the server may already have the whole file: done without sending again', async () => {
    xhrAnswer = (s) => (s.chunkIndex === 2 ? 'network' : chunkOk(s.chunkIndex!, 3));
    fetchAnswer = (url) =>
      url.includes('upload-chunk/status')
        ? { status: 200, body: { received: [0, 1, 2], totalChunks: 3, complete: true, id: 5, approved: false } }
        : { status: 200, body: { exists: false, duplicate: null } };
    const r = await run([video(3 * MB)], android);
    expect(sent.map((s) => s.chunkIndex)).toEqual([0, 1, 2]);
    expect(r.items[0]).toMatchObject({ status: 'success', approved: false });
  });

  test("the last chunk's answer was lost: the status first says the file is being completed, then that it could not be read", async () => {
    xhrAnswer = (s) => (s.chunkIndex === 2 ? 'network' : chunkOk(s.chunkIndex!, 3));
    let asked = 0;
    const failed = { id: 5, processing_state: 'failed' } as UploadDto;
    fetchAnswer = (url) => {
      if (!url.includes('upload-chunk/status')) return { status: 200, body: { exists: false, duplicate: null } };
      asked++;
      // A long video takes a while to check: the client waits instead of giving up or sending again.
      return asked <= 5
        ? { status: 200, body: { received: [0, 1, 2], totalChunks: 3, complete: false, processing: true } }
        : { status: 200, body: { received: [0, 1, 2], totalChunks: 3, complete: true, id: 5, approved: true, upload: failed } };
    };
    const r = await run([video(3 * MB)], android);
    expect(sent.map((s) => s.chunkIndex)).toEqual([0, 1, 2]);
    expect(asked).toBe(6);
    expect(r.items[0]).toMatchObject({ status: 'error', error: de.fileUnreadable, progress: 100 });
    expect(r.history.some((h) => h.status === 'success')).toBe(false);
  });

  test('a 5xx on a chunk aborts the upload', async () => {
    xhrAnswer = (s) =>
      s.chunkIndex === 1 ? { status: 500, body: { error: 'Platte voll', code: 'INTERNAL_ERROR' } } : chunkOk(s.chunkIndex!, 3);
    const r = await run([video(3 * MB)], android);
    expect(sent.map((s) => s.chunkIndex)).toEqual([0, 1]);
    expect(r.items[0]!.status).toBe('error');
    expect(r.items[0]!.error).toBe('Upload fehlgeschlagen. Bitte versuche es erneut. Platte voll');
  });

  test('other chunk errors only warn and the upload continues', async () => {
    xhrAnswer = (s) =>
      s.chunkIndex === 1 ? { status: 400, body: { error: 'komisch', code: 'VALIDATION_ERROR' } } : chunkOk(s.chunkIndex!, 3);
    const r = await run([video(3 * MB)], android);
    expect(sent.map((s) => s.chunkIndex)).toEqual([0, 1, 2]);
    expect(r.items[0]!.status).toBe('success');
  });

  test("the last chunk's answer must carry the id", async () => {
    xhrAnswer = (s) =>
      s.chunkIndex === 2 ? { status: 200, body: { partial: false, received: [0, 1, 2], totalChunks: 3 } } : chunkOk(s.chunkIndex!, 3);
    const r = await run([video(3 * MB)], android);
    expect(r.items[0]!.error).toBe(de.noUploadId);
  });

  test('on iOS a failed chunk is retried once after 2 s before it pauses', async () => {
    let fails = 0;
    xhrAnswer = (s) => (s.chunkIndex === 0 && fails++ === 0 ? 'network' : chunkOk(s.chunkIndex!, 3));
    const r = await run([video(3 * MB)], ios);
    expect(sent.map((s) => s.chunkIndex)).toEqual([0, 0, 1, 2]);
    expect(r.sleeps).toContain(2000);
    expect(r.history.some((h) => h.paused === true)).toBe(false);
    expect(r.items[0]!.status).toBe('success');
  });

  test('a whole-file upload the server gave up waiting for (408) pauses and is sent again', async () => {
    xhrAnswer = (_s, nth) =>
      nth === 0
        ? { status: 408, body: { error: 'stalled', code: 'UPLOAD_STALLED' } }
        : { status: 201, body: { id: 3, approved: true, album_id: 7 } };
    const r = await run([video(1 * MB)], android);
    expect(sent).toHaveLength(2);
    expect(r.history.some((h) => h.paused === true && h.status === 'pending')).toBe(true);
    expect(r.items[0]).toMatchObject({ status: 'success', paused: false });
  });

  test('409 on a whole-file upload: duplicate with its text; small files go in one request', async () => {
    xhrAnswer = () => ({ status: 409, body: { error: 'Duplikat', code: 'DUPLICATE', duplicate: { id: 3 } } });
    const r = await run([video(1 * MB)], android);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.chunkIndex).toBeNull();
    expect(r.items[0]).toMatchObject({ status: 'duplicate', isDuplicate: true, error: 'Diese Datei wurde bereits hochgeladen' });
    expect(r.items[0]!.duplicateInfo).toEqual({ kind: 'exact', id: 3 });
  });

  test('FILE_TOO_LARGE: the toast with the server limit; the mobile item text', async () => {
    xhrAnswer = () => ({ status: 413, body: { error: 'zu groß', code: 'FILE_TOO_LARGE', maxSizeBytes: 100 * MB } });
    const r = await run([video(1 * MB)], android);
    expect(r.toasts).toEqual(['Die Datei ist zu groß. Die maximale Dateigröße beträgt 100 MB.']);
    expect(r.items[0]!.error).toBe('Datei zu groß. Bitte wähle eine kleinere Datei aus.');
  });

  test('the pre-check finds an exact duplicate: nothing is sent', async () => {
    fetchAnswer = (url) =>
      url.includes('check-exact') ? { status: 200, body: { exists: true, duplicate: { id: 11 } } } : { status: 404, body: {} };
    const r = await run([video(1 * MB)], android);
    expect(sent).toHaveLength(0);
    expect(fetched.some((u) => /check-exact\?sha256=[0-9a-f]{64}&eventId=1/.test(u))).toBe(true);
    expect(r.items[0]).toMatchObject({ status: 'duplicate', duplicateInfo: { kind: 'exact', id: 11 } });
  });

  test('a failing duplicate check lets the file through; wrong types and sizes never leave the device', async () => {
    fetchAnswer = () => ({ status: 500, body: { error: 'x', code: 'INTERNAL_ERROR' } });
    xhrAnswer = () => ({ status: 201, body: { id: 1, approved: true, album_id: 7 } });
    const gif = new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' });
    const r = await run([video(1 * MB), gif], android);
    expect(sent).toHaveLength(1);
    expect(r.items[0]!.status).toBe('success');
    expect(r.items[1]).toMatchObject({ status: 'error', error: 'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt' });
  });

  test('uploads run one at a time on mobile with 1 s between them', async () => {
    fetchAnswer = () => ({ status: 200, body: { exists: false, duplicate: null } });
    xhrAnswer = () => ({ status: 201, body: { id: 1, approved: true, album_id: 7 } });
    const r = await run([video(1000), video(1001), video(1002)], android);
    expect(r.items.every((i) => i.status === 'success')).toBe(true);
    expect(sent).toHaveLength(3);
    expect(maxInFlight).toBe(1);
    expect(r.sleeps.filter((ms) => ms === 1000)).toHaveLength(2);
  });

  test('a desktop sends three uploads side by side', async () => {
    fetchAnswer = () => ({ status: 200, body: { exists: false, duplicate: null } });
    xhrAnswer = () => ({ status: 201, body: { id: 1, approved: true, album_id: 7 } });
    const r = await run([video(1000), video(1001), video(1002), video(1003)], { mobile: false, ios: false, lowEnd: false });
    expect(r.items.every((i) => i.status === 'success')).toBe(true);
    expect(maxInFlight).toBe(3);
  });

  test('mobile memory check: over 80 % waits 5 s and tries again, then gives up with its text', async () => {
    const perf = performance as unknown as { memory?: unknown };
    const before = Object.getOwnPropertyDescriptor(perf, 'memory');
    Object.defineProperty(perf, 'memory', { configurable: true, value: { usedJSHeapSize: 90, jsHeapSizeLimit: 100 } });
    try {
      const r = await run([video(1000)], android);
      expect(r.sleeps.filter((ms) => ms === 5000).length).toBeGreaterThanOrEqual(5);
      expect(r.items[0]!.error).toBe('Nicht genügend Speicher. Bitte schließe andere Apps und versuche es erneut.');
      expect(sent).toHaveLength(0);
    } finally {
      if (before) Object.defineProperty(perf, 'memory', before);
      else delete perf.memory;
    }
  });

  test('cancel: the running upload is aborted and marked cancelled, the rest never starts', async () => {
    xhrAnswer = () => 'hang';
    fetchAnswer = () => ({ status: 200, body: { exists: false, duplicate: null } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const r = await run([video(1000), video(1001)], android, { signal: controller.signal });
    expect(sent).toHaveLength(1);
    expect(r.items[0]!.status).toBe('cancelled');
    expect(r.items[1]!.status).toBe('pending');
  });

  test('a file that failed partway, picked again, asks the box what it holds and sends only the rest, under the same id', async () => {
    const stored = new Map<string, string>();
    const realStorage = (globalThis as { localStorage?: unknown }).localStorage;
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
      removeItem: (k: string) => stored.delete(k),
    };
    try {
      xhrAnswer = (s) => (s.chunkIndex === 1 ? { status: 503, body: { error: 'gleich wieder da' } } : chunkOk(s.chunkIndex!, 3));
      const first = await run([video(3 * MB)], android);
      expect(first.items[0]!.status).toBe('error');
      expect(first.items[0]!.retryable).toBe(true);
      const firstId = sent[0]!.uploadId;

      sent = [];
      xhrAnswer = (s) => chunkOk(s.chunkIndex!, 3);
      fetchAnswer = (url) =>
        url.includes('/upload-chunk/status')
          ? { status: 200, body: { received: [0], totalChunks: 3, complete: false } }
          : { status: 200, body: { exists: false, duplicate: null } };
      const again = await run([video(3 * MB)], android);
      expect(again.items[0]!.status).toBe('success');
      expect(fetched.some((u) => u.includes('/upload-chunk/status') && u.includes(`uploadId=${firstId}`))).toBe(true);
      expect(sent.map((s) => [s.chunkIndex, s.uploadId])).toEqual([
        [1, firstId],
        [2, firstId],
      ]);
      // In: the id is forgotten, a later pick of the same file starts afresh.
      expect([...stored.values()].join()).not.toContain(firstId!);
    } finally {
      (globalThis as { localStorage?: unknown }).localStorage = realStorage;
    }
  });

  test('a running queue takes more files; once it is over it takes none', async () => {
    fetchAnswer = () => ({ status: 200, body: { exists: false, duplicate: null } });
    xhrAnswer = () => ({ status: 201, body: { id: 1, approved: true, album_id: 7 } });
    const statuses = new Map<string, string>();
    const q = startQueue({
      eventId: 1,
      maxUploadSizeMB: 300,
      autoApprove: true,
      userId: 'u',
      device: { mobile: false, ios: false, lowEnd: false },
      albums: () => [album],
      selectedAlbum: () => album,
      ensureUnsorted: async () => album,
      update: (id, patch) => patch.status && statuses.set(id, patch.status),
      toast: () => undefined,
      signal: new AbortController().signal,
      sleep: async () => undefined,
    });
    const entry = (f: File) => ({ id: newItem(f).id, file: f });
    const a = entry(video(1000));
    expect(q.add([a])).toBe(true);
    const later = [entry(video(1001)), entry(video(1002))];
    expect(q.add(later)).toBe(true);
    expect([...(await q.done)]).toEqual([7]);
    expect([a, ...later].map((e) => statuses.get(e.id))).toEqual(['success', 'success', 'success']);
    expect(maxInFlight).toBe(3);
    expect(q.add([entry(video(1003))])).toBe(false);
  });
});
