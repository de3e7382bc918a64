import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection.ts';
import { createPortalService, PORTAL_JOIN_MS } from './portal.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-portal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A portal over a fresh database, with a neighbour table and a clock the test sets. */
function portal(name: string) {
  const neighbours = new Map<string, string>();
  let clock = new Date('2026-06-20T14:00:00Z');
  const service = createPortalService({
    db: openDatabase(join(dir, `${name}.db`)),
    macOf: (a) => neighbours.get(a) ?? null,
    now: () => clock,
  });
  return { service, neighbours, advance: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
}

describe('portal devices', () => {
  test("a device is its MAC where known: a new phone on a joined phone's old address is not joined, the moved phone still is", () => {
    const { service, neighbours } = portal('mac');
    neighbours.set('10.42.0.10', 'aa:aa:aa:aa:aa:aa');
    service.join('10.42.0.10');
    neighbours.set('10.42.0.10', 'bb:bb:bb:bb:bb:bb');
    neighbours.set('10.42.0.11', 'aa:aa:aa:aa:aa:aa');
    expect(service.isJoined('10.42.0.10')).toBe(false);
    expect(service.isJoined('10.42.0.11')).toBe(true);
  });

  test('without a MAC the address decides; joining lasts a day', () => {
    const { service, advance } = portal('address');
    service.join('::ffff:10.42.0.20');
    expect(service.isJoined('10.42.0.20')).toBe(true);
    expect(service.isJoined('10.42.0.21')).toBe(false);
    advance(PORTAL_JOIN_MS - 1000);
    expect(service.isJoined('10.42.0.20')).toBe(true);
    advance(2000);
    expect(service.isJoined('10.42.0.20')).toBe(false);
  });
});
