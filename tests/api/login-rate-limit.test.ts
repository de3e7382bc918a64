// Login rate limiting (its own server: it locks the test client's address out).
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { requestFrom } from '../helpers/request-from.ts';
import { ROOT } from '../helpers/server.ts';
import { withBystander } from '../helpers/bystander.ts';
import { expectError, expectOk, send, useServer } from './support.ts';

const srv = useServer();

/** The status of a login sent from `localAddress`. */
const loginStatusFrom = async (localAddress: string, password: string) =>
  (await requestFrom(localAddress, `${srv.url}/api/admin/login`, { method: 'POST', json: { password } })).status;

describe('attempts count before the password is checked', () => {
  test('100 wrong passwords sent at once from one address: at most 10 are checked, the rest get 429 at once; a guest next to it stays served', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code, 'Bystander');
    const { result: statuses, report } = await withBystander({ guest, eventId: event.id, serverPid: srv.server.proc.pid }, async () => {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => loginStatusFrom('127.0.0.7', `burst-${i}`)));
      await Bun.sleep(500); // the bystander also after the burst
      return answers;
    });
    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect(count(401)).toBeLessThanOrEqual(10); // today: 100 × 401 (every one an argon2 run)
    expect(count(429)).toBe(100 - count(401));
    expect(report.errors).toEqual([]);
    expect(report.p99).toBeLessThan(1000);
    expect(report.rssGrowthMb).toBeLessThan(150);
  }, 60_000);
});

describe('login attempts are rate-limited per client address', () => {
  test('after 10 failures further attempts get 429 TOO_MANY_ATTEMPTS, even with the right password; existing sessions go on', async () => {
    const login = (password: string) => send(srv.client(), 'POST', '/api/admin/login', { password });
    // 9 failures, then a success: the count starts again.
    for (let i = 0; i < 9; i++) {
      await expectError(await login(`typo-${i}`), 401, 'UNAUTHORIZED', 'Ungültige Anmeldedaten');
    }
    expect((await login(srv.server.adminPassword)).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      await expectError(await login(`wrong-${i}`), 401, 'UNAUTHORIZED', 'Ungültige Anmeldedaten');
    }
    await expectError(await login('wrong-again'), 429, 'TOO_MANY_ATTEMPTS');
    await expectError(await login(srv.server.adminPassword), 429, 'TOO_MANY_ATTEMPTS');
    // Another address on the Wi-Fi is not locked out (127.0.0.2 reaches the server over loopback too).
    expect(await loginStatusFrom('127.0.0.2', srv.server.adminPassword)).toBe(200);
    expect(await loginStatusFrom('127.0.0.1', srv.server.adminPassword)).toBe(429);
    // A session made before the lock keeps working: the limit is on logins, not on the admin.
    expect((await srv.admin.fetch('/api/event/events')).status).toBe(200);
    // The server is fine otherwise.
    expect(await expectOk(await srv.client().fetch('/api/config'))).toHaveProperty('maxUploadSizeMB');
  }, 60_000); // 21 argon2id verifications

  test('the operator lifts the lock-out with `momentbox reset-admin-password` while the server runs (README)', async () => {
    const login = (password: string) => send(srv.client(), 'POST', '/api/admin/login', { password });
    await expectError(await login(srv.server.adminPassword), 429, 'TOO_MANY_ATTEMPTS'); // still locked from the test above
    const reset = Bun.spawnSync(
      [join(ROOT, 'node_modules', '.bin', 'bun'), join(ROOT, 'src', 'main.ts'), 'reset-admin-password', '--data-dir', srv.server.dataDir],
      { cwd: ROOT },
    );
    expect(reset.exitCode).toBe(0);
    const password = /New admin password: (\S+)/.exec(reset.stdout.toString())?.[1];
    expect(password).toBeDefined();
    expect(await expectOk(await login(password!))).toHaveProperty('token');
  }, 60_000);
});
