import { describe, expect, test } from 'bun:test';
import {
  chunkPlan,
  chunkRange,
  chunkSizeFor,
  chunkTimeoutMs,
  concurrencyFor,
  detectDevice,
  isIos,
  MB,
  memoryPressure,
  singleUploadLimit,
  uploadDelayMs,
} from './device';

const desktop = { mobile: false, ios: false, lowEnd: false };
const android = { mobile: true, ios: false, lowEnd: false };
const ios = { mobile: true, ios: true, lowEnd: false };

describe('device classes', () => {
  test('detects iOS, Android and desktop from the user agent', () => {
    expect(
      detectDevice({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' }),
    ).toEqual({ ...ios });
    expect(detectDevice({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', maxTouchPoints: 5 }).ios).toBe(
      true,
    );
    expect(detectDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36' })).toEqual(android);
    expect(detectDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36', hardwareConcurrency: 8 })).toEqual(
      desktop,
    );
    expect(detectDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', hardwareConcurrency: 2 }).lowEnd).toBe(true);
  });
});

describe('iOS by user agent (the viewer shows full-resolution JPEGs there)', () => {
  const UA = {
    iphoneSafari:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    iphoneChrome:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    // iPadOS Safari asks for desktop pages by default: a Mac's user agent
    ipadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  };
  test('iPhone Safari, iPhone Chrome and an iPad in desktop mode are iOS', () => {
    expect(isIos({ userAgent: UA.iphoneSafari, maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: UA.iphoneChrome, maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: UA.ipadDesktop, maxTouchPoints: 5 })).toBe(true);
  });
  test('a Mac (same user agent, no touch points), Android and Windows are not', () => {
    expect(isIos({ userAgent: UA.ipadDesktop, maxTouchPoints: 0 })).toBe(false);
    expect(isIos({ userAgent: UA.android, maxTouchPoints: 5 })).toBe(false);
    expect(isIos({ userAgent: UA.windows, maxTouchPoints: 10 })).toBe(false);
  });
});

describe('§9 chunk plan', () => {
  test('single upload up to 5 MB on desktop, 2 MB on mobile', () => {
    expect(singleUploadLimit(desktop)).toBe(5 * MB);
    expect(singleUploadLimit(android)).toBe(2 * MB);
    expect(chunkPlan(5 * MB, desktop).chunked).toBe(false);
    expect(chunkPlan(5 * MB + 1, desktop).chunked).toBe(true);
    expect(chunkPlan(2 * MB, android).chunked).toBe(false);
    expect(chunkPlan(2 * MB + 1, android).chunked).toBe(true);
  });
  test('chunk sizes by file size and device', () => {
    const rows: [number, number, number, number][] = [
      // size, iOS, other mobile, desktop (MB)
      [4 * MB, 1, 1, 2],
      [30 * MB, 5, 10, 20],
      [50 * MB, 5, 10, 20],
      [120 * MB, 10, 20, 50],
      [200 * MB, 10, 20, 50],
      [250 * MB, 20, 30, 100],
    ];
    for (const [size, i, m, d] of rows) {
      expect(chunkSizeFor(size, ios)).toBe(i * MB);
      expect(chunkSizeFor(size, android)).toBe(m * MB);
      expect(chunkSizeFor(size, desktop)).toBe(d * MB);
    }
  });
  test('time-outs, concurrency and delays', () => {
    expect(chunkTimeoutMs(ios)).toBe(120_000);
    expect(chunkTimeoutMs(android)).toBe(60_000);
    expect(chunkTimeoutMs(desktop)).toBe(30_000);
    expect(concurrencyFor(desktop)).toBe(3);
    expect(concurrencyFor(android)).toBe(1);
    expect(concurrencyFor({ ...desktop, lowEnd: true })).toBe(1);
    expect(uploadDelayMs(desktop)).toBe(500);
    expect(uploadDelayMs(ios)).toBe(500);
    expect(uploadDelayMs(android)).toBe(1000);
  });
  test('a 30 MB file on desktop: 2 chunks of 20 + 10 MB, 30 s time-out; whole-file upload has none', () => {
    const size = 30 * MB;
    const plan = chunkPlan(size, desktop);
    expect(plan).toEqual({ chunked: true, chunkSize: 20 * MB, totalChunks: 2, timeoutMs: 30_000 });
    expect(chunkRange(0, plan, size)).toEqual([0, 20 * MB]);
    expect(chunkRange(1, plan, size)).toEqual([20 * MB, 30 * MB]);
    expect(chunkPlan(1 * MB, desktop).timeoutMs).toBe(0);
    expect(chunkPlan(size, android).totalChunks).toBe(3);
  });
  test('memory check: over 80 % of the heap limit', () => {
    expect(memoryPressure({ memory: { usedJSHeapSize: 81, jsHeapSizeLimit: 100 } })).toBe(true);
    expect(memoryPressure({ memory: { usedJSHeapSize: 80, jsHeapSizeLimit: 100 } })).toBe(false);
    expect(memoryPressure({})).toBe(false);
  });
});
