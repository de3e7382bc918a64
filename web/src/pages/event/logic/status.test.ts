import { describe, expect, test } from 'bun:test';
import { blockedUploadToast, canUpload, computeEventStatus } from './status';

const iso = (d: Date) => d.toISOString();
// Local-time constructors keep the expected texts independent of the machine's time zone.
const start = new Date(2026, 5, 20, 18, 30);
const end = new Date(2026, 6, 4, 18, 30);
const until = new Date(2026, 7, 3, 18, 30);
const ev = { event_start_datetime: iso(start), event_end_datetime: iso(end), event_viewable_until_datetime: iso(until) };

describe('computeEventStatus', () => {
  test('before the start: not_started with date and time', () => {
    const s = computeEventStatus(ev, new Date(2026, 5, 20, 18, 29));
    expect(s.status).toBe('not_started');
    expect(s.messages).toEqual(['Dieses Event beginnt am 20.06.2026 um 18:30.']);
  });
  test('inside the window: active, no banner', () => {
    expect(computeEventStatus(ev, new Date(2026, 5, 25))).toEqual({ status: 'active', messages: [] });
    expect(computeEventStatus(ev, start).status).toBe('active');
  });
  test('the end instant itself is ended, as on the server: uploads are taken for the duration from the start, [start, end)', () => {
    expect(computeEventStatus(ev, new Date(end.getTime() - 1)).status).toBe('active');
    expect(computeEventStatus(ev, end).status).toBe('ended');
    expect(computeEventStatus(ev, until).status).toBe('expired');
  });
  test('after the end, still viewable: ended with both sentences', () => {
    const s = computeEventStatus(ev, new Date(2026, 6, 10));
    expect(s.status).toBe('ended');
    expect(s.messages).toEqual([
      'Das Event ist seit dem 04.07.2026 beendet. Es können keine neuen Uploads mehr hinzugefügt werden.',
      'Alle Inhalte sind bis zum 03.08.2026 verfügbar.',
    ]);
  });
  test('after the end without a viewable-until date: ended, one sentence', () => {
    const s = computeEventStatus({ ...ev, event_viewable_until_datetime: '' }, new Date(2026, 6, 10));
    expect(s.status).toBe('ended');
    expect(s.messages).toHaveLength(1);
  });
  test('after viewable-until: expired', () => {
    const s = computeEventStatus(ev, new Date(2026, 7, 4));
    expect(s).toEqual({ status: 'expired', messages: ['Dieses Event ist abgelaufen und nicht mehr verfügbar.'] });
  });
  test('uploads only while active, with the right toast', () => {
    expect(canUpload('active')).toBe(true);
    expect(canUpload('ended')).toBe(false);
    expect(blockedUploadToast('active')).toBeNull();
    expect(blockedUploadToast('ended')).toBe('Dieses Event akzeptiert keine neuen Uploads mehr.');
    expect(blockedUploadToast('expired')).toBe('Dieses Event akzeptiert keine neuen Uploads mehr.');
    expect(blockedUploadToast('not_started')).toBe('Dieses Event hat noch nicht begonnen. Bitte versuche es später erneut.');
  });
});
