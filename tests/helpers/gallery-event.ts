import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminEventDto, UploadDto } from '../../src/http/api-types.ts';
import type { ApiClient } from './api-client.ts';
import { FIXTURES } from './server.ts';

// An event for the published gallery's tests (issue 29): what a visitor may see next to what they may not, each
// with names that show up when grepped for in the gallery's files.

export const GPS_PHOTO = join(FIXTURES, 'photos', 'gps', 'DSCN0010.jpg'); // Nikon, GPS 43.4674 N 11.8851 E
const CAMERA = (f: string) => join(FIXTURES, 'photos', 'cameras', f);
const VIDEO = join(FIXTURES, 'videos', 'android-h264.mp4');

export interface GalleryEvent {
  event: AdminEventDto;
  /** approved uploads in visible albums: what the gallery shows (the last one a video, alone in its album) */
  shown: UploadDto[];
  /** the upload with a GPS position (shown) */
  gps: UploadDto;
  /** in the hidden album (approved) */
  hidden: UploadDto;
  /** not approved (visible album) */
  pending: UploadDto;
  hiddenAlbumName: string;
}

async function processed(admin: ApiClient, eventId: number, id: number): Promise<UploadDto> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const row = (await admin.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).find((u) => u.id === id);
    if (row && row.processing_state === 'ready') return row;
    if (Date.now() > deadline) throw new Error(`upload ${id} not processed: ${JSON.stringify(row)}`);
    await Bun.sleep(200);
  }
}

/**
 * Two visible albums with approved photos (one with GPS), a third with a video, a hidden album with an approved photo, and a guest's
 * photo waiting for approval; files named so that a leak is found by its name.
 */
export async function makeGalleryEvent(admin: ApiClient, guest: ApiClient, name = 'Hochzeit Anna & Ben'): Promise<GalleryEvent> {
  const work = mkdtempSync(join(tmpdir(), 'momentbox-gallery-fixtures-'));
  try {
    const named = (from: string, as: string) => {
      const path = join(work, as);
      copyFileSync(from, path);
      return path;
    };
    const event = await admin.createEvent({ name, primary_color: '#7C3AED', secondary_color: '#F59E0B', allow_download: 'true' });
    const ceremony = await admin.createAlbum(event.id, { name: 'Trauung' });
    const party = await admin.createAlbum(event.id, { name: 'Party' });
    const dance = await admin.createAlbum(event.id, { name: 'Tanz' });
    const hiddenAlbumName = 'Nur-fuer-das-Paar-7f3e';
    const hiddenAlbum = await admin.createAlbum(event.id, { name: hiddenAlbumName });
    await admin.json(`/api/album/${hiddenAlbum.id}`, { method: 'PUT', json: { visible: false } });

    const ids = {
      a: (await admin.uploadOk(event.id, named(CAMERA('Canon_40D.jpg'), 'shown-canon.jpg'), { albumId: String(ceremony.id) })).id,
      b: (await admin.uploadOk(event.id, named(CAMERA('Nikon_D70.jpg'), 'shown-nikon.jpg'), { albumId: String(party.id) })).id,
      video: (await admin.uploadOk(event.id, named(VIDEO, 'shown-video.mp4'), { albumId: String(dance.id) })).id,
      hidden: (
        await admin.uploadOk(event.id, named(CAMERA('Pentax_K10D.jpg'), 'hidden-album-secret-4b1d.jpg'), {
          albumId: String(hiddenAlbum.id),
        })
      ).id,
    };
    await guest.joinAsGuest(event.code, 'Gast');
    const gps = (await guest.uploadOk(event.id, named(GPS_PHOTO, 'shown-gps.jpg'), { albumId: String(party.id), autoApprove: 'true' })).id;
    const pending = (
      await guest.uploadOk(event.id, named(CAMERA('Sony_HDR-HC3.jpg'), 'pending-upload-secret-9c2a.jpg'), {
        albumId: String(ceremony.id),
        autoApprove: 'false',
      })
    ).id;
    const [a, b, gpsRow, video, hidden, pendingRow] = await Promise.all(
      [ids.a, ids.b, gps, ids.video, ids.hidden, pending].map((id) => processed(admin, event.id, id)),
    );
    return { event, shown: [a!, b!, gpsRow!, video!], gps: gpsRow!, hidden: hidden!, pending: pendingRow!, hiddenAlbumName };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
