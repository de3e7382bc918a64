import { afterAll, beforeAll, expect, test } from 'bun:test';
import { copyFileSync, mkdtempSync, openSync, rmSync, truncateSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportRunDto, UploadDto } from '../../src/http/api-types.ts';
import { readZipDirectory } from '../../src/storage/zip-read.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { ROOT, type TestServer } from '../helpers/server.ts';
import { book, mediaFiles, tmpFiles, twoBoxes, uploadsAsSeen } from './event-compare.ts';
import { expectError, expectOk, PHOTOS } from './support.ts';

// 'Event importieren' from an export ZIP (issue 29): the admin exports an event through the API, a fresh second box
// imports the ZIP (`momentbox import --zip`, as the dashboard's child process runs it): the same uploads (the
// originals as the export gives them: Canon_40D.jpg without its GPS position, 'Standortdaten entfernen' being on),
// albums, nicknames, hearts and guestbook. A cut ZIP, one with an original changed and one without the manifest are
// refused and leave nothing in the database or the data folder.

let boxA: TestServer;
let boxB: TestServer;
let adminA: ApiClient;
let adminB: ApiClient;
let eventId: number;
let work: string;
let zip: string;

const BUN = join(ROOT, 'node_modules', '.bin', 'bun');

/** `momentbox import --zip FILE` on box B's data folder (its server runs, as when the dashboard starts it). */
function importZip(file: string, ...args: string[]) {
  const run = Bun.spawnSync([BUN, join(ROOT, 'src', 'main.ts'), 'import', '--zip', file, '--data-dir', boxB.dataDir, ...args], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return { code: run.exitCode, out: run.stdout.toString() + run.stderr.toString() };
}

async function expectNothingImported() {
  expect(await adminB.json('/api/event/events')).toEqual([]);
  expect(mediaFiles(boxB.dataDir)).toEqual([]);
  expect(tmpFiles(boxB.dataDir)).toEqual([]);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'momentbox-zip-import-'));
  ({ boxA, boxB, adminA, adminB } = await twoBoxes());
  const event = await adminA.createEvent({ name: 'Hochzeit Clara & Dan' });
  eventId = event.id;
  const party = await adminA.createAlbum(eventId, { name: 'Party' });
  await adminA.uploadOk(eventId, PHOTOS[0]!);
  await adminA.uploadOk(eventId, PHOTOS[1]!, { albumId: String(party.id) });
  const guest = new ApiClient(boxA.url);
  await guest.joinAsGuest(event.code, 'Onkel Otto');
  const own = await guest.uploadOk(eventId, PHOTOS[2]!, { albumId: String(party.id), autoApprove: 'true' });
  await expectOk(await guest.fetch(`/api/event/${eventId}/upload/${own.id}/heart`, { method: 'PUT' }));
  await expectOk(await guest.fetch(`/api/event/${eventId}/guestbook`, { method: 'POST', json: { text: 'Viel Glück!', name: 'Otto' } }));
  const deadline = Date.now() + 90_000;
  while ((await adminA.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).some((u) => u.processing_state !== 'ready')) {
    if (Date.now() > deadline) throw new Error('photos not processed');
    await Bun.sleep(200);
  }
  const res = await adminA.fetch(`/api/event/${eventId}/export-zip`);
  expect(res.status).toBe(200);
  zip = join(work, 'export.zip');
  await Bun.write(zip, res);
  expect(Bun.file(zip).size).toBe(Number(res.headers.get('x-archive-size')));
}, 180_000);
afterAll(async () => {
  await Promise.all([boxA?.stop(), boxB?.stop()]);
  rmSync(work, { recursive: true, force: true });
});

test("the admin's export carries event.json, the derived files and the manifest under momentbox/; unzip finds no error", async () => {
  const check = Bun.spawnSync(['unzip', '-t', zip], { stdout: 'pipe' });
  expect(check.stdout.toString()).toContain('No errors detected');
  const names = [...(await readZipDirectory(zip)).keys()];
  const code = (await adminA.json<{ code: string }>(`/api/event/${eventId}/uploads`)) && names.find((n) => n.endsWith('/manifest.json'))!;
  expect(code).toMatch(/^Hochzeit Clara & Dan\/momentbox\/events\/[^/]+\/manifest\.json$/);
  expect(names.at(-1)).toBe(code); // last: it lists the hashes of what came before
  expect(names.filter((n) => !n.includes('/momentbox/')).sort()).toEqual([
    // the guestbook keepsake (issue 27; tests/api/guestbook-keepsake.test.ts): Otto's entry has no attachment
    'Hochzeit Clara & Dan/Gästebuch/Gästebuch.html',
    'Hochzeit Clara & Dan/Gästebuch/gaestebuch.csv',
    'Hochzeit Clara & Dan/Party/Nikon_D70.jpg',
    'Hochzeit Clara & Dan/Party/Panasonic_DMC-FZ30.jpg',
    'Hochzeit Clara & Dan/Unsortiert/Canon_40D.jpg',
  ]);
  expect(names.some((n) => /\/momentbox\/events\/[^/]+\/derived\/[0-9a-f]+\/thumb/.test(n))).toBe(true);
  // An album's export is for people only.
  const albums = await adminA.json<{ id: number; name: string }[]>(`/api/event/${eventId}/albums`);
  const album = join(work, 'album.zip');
  await Bun.write(album, await adminA.fetch(`/api/event/${eventId}/export-zip?albumId=${albums.find((a) => a.name === 'Party')!.id}`));
  expect([...(await readZipDirectory(album)).keys()].some((n) => n.includes('/momentbox/'))).toBe(false);
});

test('a cut ZIP, a ZIP with one original changed and an album ZIP without the manifest are refused and leave nothing', async () => {
  const cut = join(work, 'cut.zip');
  copyFileSync(zip, cut);
  truncateSync(cut, Math.floor(Bun.file(zip).size * 0.7));
  const refusedCut = importZip(cut);
  expect(refusedCut.code).toBe(1);
  expect(refusedCut.out).toContain('The ZIP file is damaged or incomplete');
  await expectNothingImported();

  const changed = join(work, 'changed.zip');
  copyFileSync(zip, changed);
  const canon = [...(await readZipDirectory(changed)).values()].find((e) => e.name.endsWith('/Canon_40D.jpg'))!;
  const fd = openSync(changed, 'r+');
  writeSync(fd, new Uint8Array([0x42, 0x42, 0x42, 0x42]), 0, 4, canon.start + Math.floor(canon.size / 2));
  closeSync(fd);
  const refusedChanged = importZip(changed);
  expect(refusedChanged.code).toBe(1);
  expect(refusedChanged.out).toContain('Unsortiert/Canon_40D.jpg');
  expect(refusedChanged.out).toContain('differs from the manifest');
  await expectNothingImported();

  const albums = await adminA.json<{ id: number; name: string }[]>(`/api/event/${eventId}/albums`);
  const album = join(work, 'album-only.zip');
  const party = albums.find((a) => a.name === 'Party')!;
  const res = await adminA.fetch(`/api/event/${eventId}/export-zip?albumId=${party.id}`);
  expect(res.status).toBe(200);
  await Bun.write(album, res);
  const refusedAlbum = importZip(album);
  expect(refusedAlbum.code).toBe(1);
  expect(refusedAlbum.out).toContain('This ZIP file is not an event export of a Momentbox');
  await expectNothingImported();
}, 60_000);

test('a fresh box imports the export ZIP: the same uploads, originals, nicknames, hearts and guestbook through the API', async () => {
  const run = importZip(zip);
  expect(run.out).toMatch(/Imported as '[^']+'\./);
  expect(run.code).toBe(0);
  const imported = (await adminB.json<{ id: number; name: string }[]>('/api/event/events')).find((e) => e.name === 'Hochzeit Clara & Dan')!;
  const before = await uploadsAsSeen(adminA, boxA.url, eventId);
  const after = await uploadsAsSeen(adminB, boxB.url, imported.id);
  // Each original as the ZIP holds it: Canon_40D.jpg without its GPS position (box A's admin, its uploader, gets it
  // with); the others have none to take out.
  const exported = new Map(
    await Promise.all(
      [...(await readZipDirectory(zip)).values()]
        .filter((e) => !e.name.includes('/momentbox/'))
        .map(async (e) => {
          const bytes = await Bun.file(zip)
            .slice(e.start, e.start + e.size)
            .arrayBuffer();
          return [e.name.split('/').pop()!, new Bun.CryptoHasher('sha256').update(bytes).digest('hex')] as const;
        }),
    ),
  );
  expect(before.filter((u) => u.sha256 !== exported.get(u.name)).map((u) => u.name)).toEqual(['Canon_40D.jpg']);
  expect(after).toEqual(before.map((u) => ({ ...u, sha256: exported.get(u.name)! })));
  expect(after.map((u) => u.thumb)).toEqual([200, 200, 200]);
  expect(after.some((u) => u.nickname === 'Onkel Otto' && u.hearts === 1)).toBe(true);
  const bookA = await book(adminA, eventId);
  expect(bookA.map((e) => e.text)).toEqual(['Viel Glück!']);
  expect(await book(adminB, imported.id)).toEqual(bookA);
  // The ZIP is the user's: the import reads it in place and leaves it.
  expect(Bun.file(zip).size).toBeGreaterThan(0);
  expect(tmpFiles(boxB.dataDir)).toEqual([]);
}, 60_000);

test("the dashboard's upload: a ZIP sent to /api/admin/import-zip is imported in the background; a taken code asks for another; a cut one is refused", async () => {
  const send = (body: Blob, query = '') =>
    adminB.fetch(`/api/admin/import-zip${query}`, { method: 'POST', body, headers: { 'content-type': 'application/zip' } });
  const cut = await expectError(await send(Bun.file(zip).slice(0, 5000)), 422, 'BUNDLE_BROKEN');
  expect(cut.error).toContain('Die ZIP-Datei ist beschädigt oder unvollständig');
  expect(tmpFiles(boxB.dataDir)).toEqual([]);
  // the previous test imported it with its own code
  await expectError(await send(Bun.file(zip)), 409, 'CODE_ALREADY_EXISTS');
  expect(tmpFiles(boxB.dataDir)).toEqual([]);

  const { code } = await expectOk<{ code: string }>(await send(Bun.file(zip), '?new_code=clara-dan-2'), 202);
  const deadline = Date.now() + 60_000;
  let run: ImportRunDto | undefined;
  while (!run || run.state === 'running') {
    if (Date.now() > deadline) throw new Error(`import did not end: ${JSON.stringify(run)}`);
    await Bun.sleep(100);
    run = (await adminB.json<ImportRunDto[]>('/api/admin/s3/imports')).find((r) => r.code === code);
  }
  expect(run.error).toBeNull();
  expect(run.new_code).toBe('clara-dan-2');
  const before = await uploadsAsSeen(adminA, boxA.url, eventId);
  const after = await uploadsAsSeen(adminB, boxB.url, run.event_id!);
  expect(after.map((u) => [u.name, u.album, u.nickname, u.hearts, u.size])).toEqual(
    before.map((u) => [u.name, u.album, u.nickname, u.hearts, u.size]),
  );
  // the uploaded ZIP is gone once the import ended
  const gone = Date.now() + 10_000;
  while (tmpFiles(boxB.dataDir).length > 0 && Date.now() < gone) await Bun.sleep(100);
  expect(tmpFiles(boxB.dataDir)).toEqual([]);
}, 120_000);
