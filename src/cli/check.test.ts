import { describe, expect, test } from 'bun:test';
import { accessPointInterfaces, connectedStations } from './check.ts';

describe('check: Wi-Fi clients from iw', () => {
  test('finds the access-point interfaces and counts their stations', () => {
    const dev = [
      'phy#1',
      '\tInterface wlan1',
      '\t\tifindex 4',
      '\t\ttype managed',
      'phy#0',
      '\tInterface wlan0',
      '\t\tifindex 3',
      '\t\taddr dc:a6:32:00:00:01',
      '\t\tssid Hochzeit',
      '\t\ttype AP',
      '\t\tchannel 6 (2437 MHz), width: 20 MHz, center1: 2437 MHz',
    ].join('\n');
    expect(accessPointInterfaces(dev)).toEqual(['wlan0']);
    expect(accessPointInterfaces('')).toEqual([]);
    const dump = [
      'Station 8e:66:73:39:7b:d1 (on wlan0)',
      '\tinactive time:\t120 ms',
      '\tsignal:  \t-52 dBm',
      'Station 3a:01:02:03:04:05 (on wlan0)',
      '\tinactive time:\t4 ms',
    ].join('\n');
    expect(connectedStations(dump)).toBe(2);
    expect(connectedStations('')).toBe(0);
  });
});
