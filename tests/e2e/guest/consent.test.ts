import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DESKTOP, PHONE } from '../../helpers/browser.ts';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import { createEvent, newGuest, openEvent, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// §4 consent flow, the edges: saving fails and the guest continues as consented; a returning visitor
// whose consent the server does not know gets the question again but may close it; the help modal
// reopens from the menu and closes freely once consent exists.

let env: GuestEnv;
let event: AdminEventDto;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { name: 'Gartenparty', code: 'gartenparty', primary_color: 'green' });
});
afterAll(async () => env?.stop());

describe('consent flow edges', () => {
  test('saving the consent fails: the flow continues as consented', async () => {
    const { context, page } = await newGuest(env, PHONE);
    await page.route('**/api/event/*/consent', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL_ERROR"}' })
        : route.continue(),
    );
    await openEvent(page, env, event.code);
    await page.getByTestId('help-modal').waitFor();
    await page.getByTestId('consent-terms').check();
    await page.getByTestId('consent-confirm').click();
    await page.getByTestId('recovery-modal').waitFor();
    // The new id is shown; the cookie is the server's to set (HttpOnly), and the failed call set none.
    const link = await page.getByTestId('recovery-link').inputValue();
    expect(link).toMatch(/\/recover\/[0-9a-f-]{36}$/);
    expect((await context.cookies()).find((c) => c.name === `event_${event.code}`)).toBeUndefined();
    await page.getByTestId('recovery-done').click();
    // Consented on this page: the upload tile offers 'Automatisch freigeben', no question again.
    await page.getByTestId('auto-approve').waitFor();
    expect(await page.getByTestId('help-modal').count()).toBe(0);
    await context.close();
  });

  test('a returning visitor without confirmed consent is asked again and may close the question', async () => {
    const { context, page } = await newGuest(env, DESKTOP);
    await context.addCookies([{ name: `event_${event.code}`, value: crypto.randomUUID(), url: env.url }]);
    await openEvent(page, env, event.code);
    await page.getByTestId('help-modal').waitFor();
    await shot(page, 'help-returning-desktop');
    await page.keyboard.press('Escape');
    await page.getByTestId('help-modal').waitFor({ state: 'detached' });
    // Without consent the upload tile asks first instead of opening the picker.
    let chooser = false;
    page.once('filechooser', () => (chooser = true));
    await page.locator('.ev-upload__label').click();
    await page.getByTestId('help-modal').waitFor();
    expect(chooser).toBe(false);
    await page.getByTestId('consent-terms').check();
    await page.getByTestId('consent-confirm').click();
    await page.getByTestId('recovery-done').click();
    // Help again from the menu: now only 'Verstanden', closable.
    await page.getByTestId('menu').click();
    await page.getByTestId('menu-help').click();
    await page.getByTestId('help-modal').waitFor();
    expect(await page.getByTestId('consent-terms').count()).toBe(0);
    await page.getByRole('button', { name: 'Verstanden' }).click();
    await page.getByTestId('help-modal').waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === `event_${event.code}`)!;
    expect((await env.admin.json<{ hasConsent: boolean }>(`/api/event/${event.code}/consent/${cookie.value}`)).hasConsent).toBe(true);

    // Toasts: one at a time, a new one replaces the old, gone after 4 s.
    await page.getByTestId('menu').click();
    await page.getByTestId('menu-share').click();
    await page.getByTestId('event-link-copy').click();
    await page.getByTestId('toast').waitFor();
    await page.waitForTimeout(1500);
    await page.getByTestId('event-link-copy').click();
    const shownAt = Date.now();
    await page.waitForTimeout(200);
    expect(await page.getByTestId('toast').count()).toBe(1);
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 6000 });
    const shown = Date.now() - shownAt;
    expect(shown).toBeGreaterThan(3500);
    expect(shown).toBeLessThan(5000);
    await context.close();
  });
});
