// Changing the admin password (its own server: the password changes for good here).
import { describe, expect, test } from 'bun:test';
import { ApiClient, expectError, expectOk, send, useAppServer } from './support.ts';

const srv = useAppServer({ env: { MOMENTBOX_ADMIN_PASSWORD: 'first-password-1' } });

const loginStatus = async (password: string) => (await send(srv.client(), 'POST', '/api/admin/login', { password })).status;

describe('POST /api/admin/change-password', () => {
  // One test walks through the whole story, as the password is shared state of this server.
  test('refusals leave the password as it was; a valid change takes effect and ends other sessions', async () => {
    const change = (client: ApiClient, body: unknown) => send(client, 'POST', '/api/admin/change-password', body);

    // Too short: the spec's message (English), and in German.
    const short = { currentPassword: 'first-password-1', newPassword: 'short77' };
    const english = { 'content-type': 'application/json', 'accept-language': 'en' };
    await expectError(
      await srv.admin.fetch('/api/admin/change-password', { method: 'POST', headers: english, body: JSON.stringify(short) }),
      400,
      'VALIDATION_ERROR',
      'New password must be at least 8 characters long',
    );
    await expectError(await change(srv.admin, short), 400, 'VALIDATION_ERROR', 'Das neue Passwort muss mindestens 8 Zeichen lang sein');
    // Wrong current password.
    const wrong = await expectError(
      await change(srv.admin, { currentPassword: 'not-the-password', newPassword: 'second-password-2' }),
      400,
    );
    expect(wrong.code).toBe('INVALID_PASSWORD');
    // Missing or wrong types.
    for (const body of [
      {},
      { currentPassword: 'first-password-1' },
      { newPassword: 'second-password-2' },
      { currentPassword: 1, newPassword: 'second-password-2' },
      { currentPassword: 'first-password-1', newPassword: ['second-password-2'] },
    ]) {
      await expectError(await change(srv.admin, body), 400, 'VALIDATION_ERROR');
    }
    // Without a token: 401.
    await expectError(
      await change(srv.client(), { currentPassword: 'first-password-1', newPassword: 'second-password-2' }),
      401,
      'UNAUTHORIZED',
    );
    expect(await loginStatus('first-password-1')).toBe(200);
    expect(await loginStatus('second-password-2')).toBe(401);

    // Another session, which the change ends.
    const other = new ApiClient(srv.url);
    await other.login('first-password-1');

    // Exactly 8 characters is enough.
    expect(await expectOk(await change(srv.admin, { currentPassword: 'first-password-1', newPassword: '8chars!!' }))).toEqual({
      success: true,
    });
    expect(await loginStatus('8chars!!')).toBe(200);
    expect(await loginStatus('first-password-1')).toBe(401);
    // The session that changed it stays usable until it logs out; the other one is gone.
    expect((await srv.admin.fetch('/api/event/events')).status).toBe(200);
    await expectError(await other.fetch('/api/event/events'), 401, 'UNAUTHORIZED');
  }, 60_000); // several argon2id hashes and verifications
});
