import { describe, expect, test } from 'bun:test';
import { captureTimeFromExif, captureTimeFromIso } from './capture-time.ts';

describe('captureTimeFromExif', () => {
  test('a time with its offset keeps the offset and means the right instant', () => {
    const t = captureTimeFromExif('2022:08:14 14:12:31', '+03:00');
    expect(t).toEqual({ iso: '2022-08-14T14:12:31+03:00', hasZone: true });
    expect(new Date(t!.iso).toISOString()).toBe('2022-08-14T11:12:31.000Z');
  });

  test('a time without offset stays the wall-clock time the camera showed, flagged as zoneless', () => {
    expect(captureTimeFromExif('2008:10:22 16:28:39')).toEqual({ iso: '2008-10-22T16:28:39', hasZone: false });
    expect(captureTimeFromExif('2008:10:22 16:28:39', 'garbage')).toEqual({ iso: '2008-10-22T16:28:39', hasZone: false });
  });

  test('sub-seconds keep burst shots in order', () => {
    expect(captureTimeFromExif('2015:04:10 20:12:23', undefined, '57')?.iso).toBe('2015-04-10T20:12:23.570');
    expect(captureTimeFromExif('2015:04:10 20:12:23', '-05:00', '1234')?.iso).toBe('2015-04-10T20:12:23.123-05:00');
  });

  test('the zero date of a camera without a set clock, and impossible dates, are no date', () => {
    for (const bad of [
      '0000:00:00 00:00:00',
      '    :  :     :  :  ',
      '2021:04:31 10:00:00',
      '2021:13:01 10:00:00',
      '2021:01:01 24:00:00',
      '',
    ]) {
      expect(captureTimeFromExif(bad)).toBeNull();
    }
  });
});

describe('captureTimeFromIso', () => {
  test("Apple's creationdate keeps its offset; MP4 creation_time is UTC", () => {
    expect(captureTimeFromIso('2026-06-20T20:30:00+0200')).toEqual({ iso: '2026-06-20T20:30:00+02:00', hasZone: true });
    expect(captureTimeFromIso('2026-06-20T21:15:00.000000Z')).toEqual({ iso: '2026-06-20T21:15:00.000Z', hasZone: true });
  });

  test('epoch-zero dates of cameras without a clock are no date', () => {
    expect(captureTimeFromIso('1904-01-01T00:00:00.000000Z')).toBeNull();
    expect(captureTimeFromIso('1970-01-01T00:00:00Z')).toBeNull();
    expect(captureTimeFromIso('2026-06-20 20:30:00')).toBeNull();
  });
});
