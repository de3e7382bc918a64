import { expect, test } from 'bun:test';
import { buildId, onServiceWorkerMessage } from './service-worker';

function fakeStorage() {
  const m = new Map<string, string>([['momentbox_admin_token', 'x']]);
  return { clear: () => m.clear(), size: () => m.size } as unknown as Storage & { size(): number };
}

test('SW_UPDATED clears local and session storage and reloads; other messages do nothing', () => {
  const local = fakeStorage();
  const session = fakeStorage();
  let reloads = 0;
  expect(onServiceWorkerMessage({ type: 'OTHER' }, { local, session }, () => reloads++)).toBe(false);
  expect(reloads).toBe(0);
  expect((local as unknown as { size(): number }).size()).toBe(1);
  expect(onServiceWorkerMessage({ type: 'SW_UPDATED' }, { local, session }, () => reloads++)).toBe(true);
  expect(reloads).toBe(1);
  expect((local as unknown as { size(): number }).size()).toBe(0);
  expect((session as unknown as { size(): number }).size()).toBe(0);
});

test('the build id is the content hash of the entry script', () => {
  const doc = (src: string | null) => ({ querySelector: () => (src === null ? null : { getAttribute: () => src }) }) as unknown as Document;
  expect(buildId(doc('/assets/index-BcdeC4Dm.js'))).toBe('BcdeC4Dm');
  expect(buildId(doc('/src/main.tsx'))).toBeNull();
  expect(buildId(doc(null))).toBeNull();
});
