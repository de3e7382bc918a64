// Login rate limiting (its own server: it locks the test client's address out).
import { describe, expect, test } from 'bun:test';
import { expectError, expectOk, send, useServer } from './support.ts';

const srv = useServer();

describe('login attempts are rate-limited per client address', () => {
  test('after 10 failures further attempts get 429 TOO_MANY_ATTEMPTS, even with the right password; existing sessions go on', async () => {
    const login = (password: string) => send(srv.client(), 'POST', '/api/admin/login', { password });
    // 9 failures, then a success: the count starts again.
    for (let i = 0; i < 9; i++) {
      await expectError(await login(`typo-${i}`), 401, 'UNAUTHORIZED', 'Invalid credentials');
    }
    expect((await login(srv.server.adminPassword)).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      await expectError(await login(`wrong-${i}`), 401, 'UNAUTHORIZED', 'Invalid credentials');
    }
    await expectError(await login('wrong-again'), 429, 'TOO_MANY_ATTEMPTS');
    await expectError(await login(srv.server.adminPassword), 429, 'TOO_MANY_ATTEMPTS');
    // A session made before the lock keeps working: the limit is on logins, not on the admin.
    expect((await srv.admin.fetch('/api/event/events')).status).toBe(200);
    // The server is fine otherwise.
    expect(await expectOk(await srv.client().fetch('/api/config'))).toHaveProperty('maxUploadSizeMB');
  }, 60_000); // 21 argon2id verifications
});
