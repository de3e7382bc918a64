import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLocalOnlyHost, macOf, plainAddress } from './network.ts';

describe('network helpers', () => {
  test('macOf reads complete entries of the ARP table only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'momentbox-arp-'));
    try {
      const table = join(dir, 'arp');
      writeFileSync(
        table,
        [
          'IP address       HW type     Flags       HW address            Mask     Device',
          '10.42.0.23       0x1         0x2         AA:BB:CC:00:11:22     *        wlan0',
          '10.42.0.24       0x1         0x0         aa:bb:cc:00:11:33     *        wlan0',
          '10.42.0.25       0x1         0x2         00:00:00:00:00:00     *        wlan0',
          '',
        ].join('\n'),
      );
      expect(macOf('10.42.0.23', table)).toBe('aa:bb:cc:00:11:22');
      expect(macOf('::ffff:10.42.0.23', table)).toBe('aa:bb:cc:00:11:22');
      expect(macOf('10.42.0.24', table)).toBeNull();
      expect(macOf('10.42.0.25', table)).toBeNull();
      expect(macOf('10.42.0.99', table)).toBeNull();
      expect(macOf('10.42.0.23', join(dir, 'missing'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('loopback, link-local and unspecified hosts are local-only; LAN addresses and names are not', () => {
    for (const h of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '169.254.10.1',
      '[::1]',
      '::',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect([h, isLocalOnlyHost(h)]).toEqual([h, true]);
    }
    for (const h of ['10.42.0.1', '192.168.1.20', 'momentbox.lan', 'fotos.box', 'fd00::5', '2001:db8::1'])
      expect([h, isLocalOnlyHost(h)]).toEqual([h, false]);
    expect(plainAddress('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(plainAddress('fe80::1')).toBe('fe80::1');
  });
});
