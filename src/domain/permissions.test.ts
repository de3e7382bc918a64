import { describe, expect, test } from 'bun:test';
import {
  can,
  listAudience,
  PERMISSIONS,
  refusal,
  revealLets,
  revealScope,
  seesMedia,
  seesWholeEvent,
  type EventNow,
  type Viewer,
} from './permissions.ts';

const admin: Viewer = { kind: 'admin' };
const host: Viewer = { kind: 'host', eventId: 1 };
const guest: Viewer = { kind: 'guest', userId: 'g1', consented: true };
const unconsented: Viewer = { kind: 'guest', userId: 'g1', consented: false };
const visitor: Viewer = { kind: 'visitor' };
const key: Viewer = { kind: 'apiKey', apiKeyId: 3 };

// The HTTP matrix (tests/api/permissions.test.ts) covers the routes; these cover cells no route reaches yet.
describe('permissions', () => {
  test('the host moderates and deletes any upload of its own event, none of another', () => {
    for (const action of ['moderate', 'deleteUpload'] as const) {
      expect(can(host, action, { eventId: 1, ownerUserId: 'someone' })).toBe(true);
      expect(can(host, action, { eventId: 2, ownerUserId: 'someone' })).toBe(false);
    }
    expect(seesWholeEvent(host, 1)).toBe(true);
    expect(seesWholeEvent(host, 2)).toBe(false);
  });

  test('a guest changes only own uploads; without consent a guest has a visitor’s rights', () => {
    expect(can(guest, 'moderate', { eventId: 1, ownerUserId: 'g1' })).toBe(true);
    expect(refusal(guest, 'deleteUpload', { eventId: 1, ownerUserId: 'g2' })?.status).toBe(403);
    expect(can(guest, 'deleteUpload', { eventId: 1, ownerUserId: null })).toBe(false);
    expect(refusal(unconsented, 'upload', { eventStatus: 'active' })?.code).toBe('CONSENT_REQUIRED');
  });

  test('guests upload only while the event is active; admin and API keys any time; hosts never', () => {
    expect(can(guest, 'upload', { eventStatus: 'active' })).toBe(true);
    expect(refusal(guest, 'upload', { eventStatus: 'not_started' })?.code).toBe('EVENT_NOT_STARTED');
    expect(refusal(guest, 'upload', { eventStatus: 'ended' })?.code).toBe('EVENT_ENDED');
    expect(refusal(guest, 'upload', { eventStatus: 'expired' })?.code).toBe('EVENT_EXPIRED');
    expect(can(admin, 'upload', { eventStatus: 'expired' })).toBe(true);
    expect(can(key, 'upload', { eventStatus: 'ended' })).toBe(true);
    expect(refusal(host, 'upload', { eventId: 1, eventStatus: 'active' })?.status).toBe(403);
  });

  test('admin screens answer 401 without credentials and 403 to a known key; the live stream follows the uploads list', () => {
    expect(refusal(visitor, 'administer')?.status).toBe(401);
    expect(refusal(guest, 'manageEvent', { eventId: 1 })?.status).toBe(401);
    expect(refusal(key, 'manageEvent', { eventId: 1 })?.status).toBe(403);
    expect(can(host, 'manageEvent', { eventId: 1 })).toBe(true);
    expect(can(visitor, 'liveStream', { eventId: 1, eventStatus: 'ended' })).toBe(true);
    expect(can(visitor, 'liveStream', { eventId: 1, eventStatus: 'expired' })).toBe(false);
    expect(can(key, 'liveStream', { eventId: 1, eventStatus: 'active' })).toBe(false);
  });

  test('media: guests and visitors until viewable-until, the host of the event and the admin always, API keys never', () => {
    for (const status of ['not_started', 'active', 'ended'] as const) {
      for (const v of [guest, unconsented, visitor, host, admin]) expect(seesMedia(v, { id: 1, status, sealed: false })).toBe(true);
    }
    for (const v of [guest, unconsented, visitor]) expect(seesMedia(v, { id: 1, status: 'expired', sealed: false })).toBe(false);
    expect(seesMedia(host, { id: 1, status: 'expired', sealed: false })).toBe(true);
    expect(seesMedia(admin, { id: 1, status: 'expired', sealed: false })).toBe(true);
    expect(seesMedia(host, { id: 2, status: 'active', sealed: false })).toBe(false);
    expect(seesMedia(key, { id: 1, status: 'active', sealed: false })).toBe(false);
  });

  test("a guest creates only 'Unsortiert' without dates; host and admin any album", () => {
    expect(can(guest, 'createAlbum', { eventId: 1, album: { name: 'Unsortiert' } })).toBe(true);
    expect(can(guest, 'createAlbum', { eventId: 1, album: { name: 'Unsortiert', start_datetime: null, end_datetime: null } })).toBe(true);
    expect(refusal(guest, 'createAlbum', { eventId: 1, album: { name: 'Feier' } })?.status).toBe(403);
    expect(can(guest, 'createAlbum', { eventId: 1, album: { name: 'Unsortiert', start_datetime: '2026-11-23T10:00:00.000Z' } })).toBe(
      false,
    );
    expect(can(guest, 'createAlbum', { eventId: 1, album: { name: 'Unsortiert', end_datetime: '2026-11-23T10:00:00.000Z' } })).toBe(false);
    expect(can(guest, 'createAlbum', { eventId: 1 })).toBe(false);
    expect(refusal(unconsented, 'createAlbum', { eventId: 1, album: { name: 'Unsortiert' } })?.code).toBe('CONSENT_REQUIRED');
    expect(can(host, 'createAlbum', { eventId: 1, album: { name: 'Feier' } })).toBe(true);
  });

  test('Einwegkamera: before the reveal a guest sees only their own, a visitor nothing, the host and the admin all; after it the reveal decides nothing', () => {
    const sealed = { id: 1, status: 'active' as const, sealed: true };
    expect([admin, host, guest, visitor, key].map((v) => revealScope(v, sealed))).toEqual(['all', 'all', 'own', 'none', 'none']);
    expect(revealLets(guest, sealed, 'g1')).toBe(true);
    expect(revealLets(guest, sealed, 'g2')).toBe(false);
    expect(revealLets(unconsented, sealed, 'g1')).toBe(false);
    expect(revealLets(host, { ...sealed, id: 2 }, 'g2')).toBe(false);
    for (const v of [admin, host, guest, visitor, key]) expect(revealScope(v, { ...sealed, sealed: false })).toBe('all');
  });

  test('Einwegkamera: the shots limit guests only (the photo booth key, the admin and the couple are not counted)', () => {
    expect([admin, key, guest].map((v) => can(v, 'uploadPastShots', { eventId: 1 }))).toEqual([true, true, false]);
  });

  test('kept uploads lists: viewers share one only where rows and fields are the same for them', () => {
    const event: EventNow = { id: 1, status: 'active', sealed: false };
    const audience = (viewer: Viewer, hasOwn = false, e = event) => listAudience(viewer, e, hasOwn);
    // The admin sees guests' ids, the host does not: never the same list.
    expect(audience(admin)).not.toBe(audience(host));
    // A guest with uploads of their own sees their private ones and their id: a list of their own.
    expect(audience(guest, true)).not.toBe(audience({ kind: 'guest', userId: 'g2', consented: true }, true));
    expect(audience(guest, true)).not.toBe(audience(visitor));
    expect(audience(unconsented, true)).not.toBe(audience(guest, true));
    // Two guests without uploads see the same; before a reveal a guest sees other rows (their own only).
    expect(audience(guest)).toBe(audience({ kind: 'guest', userId: 'g2', consented: true }));
    const sealed = { ...event, sealed: true };
    expect(audience(guest, false, sealed)).not.toBe(audience(guest));
    // After viewable-until guests see nothing, the host and the admin all.
    const expired: EventNow = { ...event, status: 'expired' };
    expect(audience(visitor, false, expired)).not.toBe(audience(visitor));
  });

  test('every row names every role', () => {
    for (const row of Object.values(PERMISSIONS)) expect(Object.keys(row).sort()).toEqual(['admin', 'apiKey', 'guest', 'host', 'visitor']);
  });
});
