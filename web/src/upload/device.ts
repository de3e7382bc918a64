// Device classes of §9: desktop, iOS, other mobile; low-end devices upload like mobile ones.

export interface DeviceProfile {
  mobile: boolean;
  ios: boolean;
  lowEnd: boolean;
}

interface NavLike {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  hardwareConcurrency?: number;
  deviceMemory?: number;
  userAgentData?: { mobile?: boolean };
}

/**
 * iPhone, iPad or iPod: every browser there is WebKit (Chrome says 'CriOS'). An iPad asks for desktop pages
 * with a Mac's user agent by default; a Mac has no touch points, an iPad 5.
 */
export function isIos(nav: Pick<NavLike, 'userAgent' | 'maxTouchPoints'>): boolean {
  const ua = nav.userAgent ?? '';
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && (nav.maxTouchPoints ?? 0) > 1);
}

export function detectDevice(nav: NavLike | undefined = typeof navigator === 'undefined' ? undefined : navigator): DeviceProfile {
  if (!nav) return { mobile: false, ios: false, lowEnd: false };
  const ua = nav.userAgent ?? '';
  const ios = isIos(nav);
  const mobile = ios || nav.userAgentData?.mobile === true || /Android|Mobile|iPhone|iPad|iPod/i.test(ua);
  const lowEnd = (nav.hardwareConcurrency ?? 8) <= 2 || (nav.deviceMemory ?? 8) <= 2;
  return { mobile, ios, lowEnd };
}

export const MB = 1024 * 1024;

/** Files above this go in chunks: 5 MB, 2 MB on mobile. */
export const singleUploadLimit = (d: DeviceProfile) => (d.mobile ? 2 * MB : 5 * MB);

/** §9 chunk size by file size and device class. */
export function chunkSizeFor(size: number, d: DeviceProfile): number {
  if (size <= 5 * MB) return d.mobile ? 1 * MB : 2 * MB;
  if (size <= 50 * MB) return (d.ios ? 5 : d.mobile ? 10 : 20) * MB;
  if (size <= 200 * MB) return (d.ios ? 10 : d.mobile ? 20 : 50) * MB;
  return (d.ios ? 20 : d.mobile ? 30 : 100) * MB;
}

/** Chunk request time-out: 120 s iOS, 60 s other mobile, 30 s desktop. */
export const chunkTimeoutMs = (d: DeviceProfile) => (d.ios ? 120_000 : d.mobile ? 60_000 : 30_000);

/** Concurrent uploads: 3 on desktop, 1 on mobile or low-end devices. */
export const concurrencyFor = (d: DeviceProfile) => (d.mobile || d.lowEnd ? 1 : 3);

/** Delay between uploads: 500 ms desktop and iOS, 1000 ms other mobile. */
export const uploadDelayMs = (d: DeviceProfile) => (d.mobile && !d.ios ? 1000 : 500);

export interface ChunkPlan {
  chunked: boolean;
  chunkSize: number;
  totalChunks: number;
  timeoutMs: number;
}

export function chunkPlan(size: number, d: DeviceProfile): ChunkPlan {
  if (size <= singleUploadLimit(d)) return { chunked: false, chunkSize: size, totalChunks: 1, timeoutMs: 0 };
  const chunkSize = chunkSizeFor(size, d);
  return { chunked: true, chunkSize, totalChunks: Math.max(1, Math.ceil(size / chunkSize)), timeoutMs: chunkTimeoutMs(d) };
}

/** Byte range of chunk i. */
export function chunkRange(i: number, plan: ChunkPlan, size: number): [number, number] {
  const start = i * plan.chunkSize;
  return [start, Math.min(size, start + plan.chunkSize)];
}

/** §4 mobile memory check: true when the JS heap is over 80 % (only Chromium exposes it). */
export function memoryPressure(perf: unknown = typeof performance === 'undefined' ? undefined : performance): boolean {
  const mem = (perf as { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } } | undefined)?.memory;
  if (!mem || !mem.jsHeapSizeLimit) return false;
  return mem.usedJSHeapSize / mem.jsHeapSizeLimit > 0.8;
}
