// The event's guest language (issue 25): German unless the host chooses, set by the admin (multipart or JSON)
// and by the couple's settings, read in every event answer; a language the product does not have is refused.
import { describe, expect, test } from 'bun:test';
import type { AdminEventDto, ClientSettingsDto, EventDto } from '../../src/http/api-types.ts';
import { expectError, useAppServer } from './support.ts';

const h = useAppServer();

const hostToken = async (eventId: number) =>
  (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${eventId}`, { method: 'POST' })).client_token;
const guestView = (code: string) => h.client().json<EventDto>(`/api/event/${code}`);
const adminList = () => h.admin.json<AdminEventDto[]>('/api/event/events');

describe('event language', () => {
  test('German by default in every answer; the admin sets English at creation and back by update', async () => {
    const plain = await h.admin.createEvent();
    expect(plain.language).toBe('de');
    expect((await guestView(plain.code)).language).toBe('de');

    const english = await h.admin.createEvent({ language: 'en' });
    expect(english.language).toBe('en');
    expect((await guestView(english.code)).language).toBe('en');
    expect((await adminList()).find((e) => e.id === english.id)?.language).toBe('en');

    const form = new FormData();
    form.append('language', 'de');
    const changed = await h.admin.json<AdminEventDto>(`/api/event/${english.id}`, { method: 'PUT', body: form });
    expect(changed.language).toBe('de');
    expect((await guestView(english.code)).language).toBe('de');
  });

  test("the couple's settings read and change it; a change that leaves it out keeps it", async () => {
    const event = await h.admin.createEvent();
    const token = await hostToken(event.id);
    const host = h.client();
    expect((await host.json<ClientSettingsDto>(`/api/client/event-settings/${token}`)).event.language).toBe('de');
    const saved = await host.json<EventDto>(`/api/client/event/${token}`, { method: 'PUT', json: { language: 'en' } });
    expect(saved.language).toBe('en');
    expect((await host.json<ClientSettingsDto>(`/api/client/event-settings/${token}`)).event.language).toBe('en');
    await host.json<EventDto>(`/api/client/event/${token}`, { method: 'PUT', json: { name: 'Umbenannt' } });
    expect((await guestView(event.code)).language).toBe('en');
  });

  test("a language the product lacks ('fr') is refused by both forms, nothing changes", async () => {
    const event = await h.admin.createEvent({ language: 'en' });
    const token = await hostToken(event.id);
    await expectError(
      await h.client().fetch(`/api/client/event/${token}`, { method: 'PUT', json: { language: 'fr' } }),
      400,
      'VALIDATION_ERROR',
      /language/,
    );
    const form = new FormData();
    form.append('language', 'fr');
    await expectError(await h.admin.fetch(`/api/event/${event.id}`, { method: 'PUT', body: form }), 400, 'VALIDATION_ERROR', /language/);
    const create = new FormData();
    for (const [k, v] of Object.entries({ name: 'Fest', code: 'fest-fr', language: 'fr' })) create.append(k, v);
    await expectError(await h.admin.fetch('/api/event', { method: 'POST', body: create }), 400, 'VALIDATION_ERROR', /language/);
    expect((await guestView(event.code)).language).toBe('en');
    expect((await adminList()).some((e) => e.code === 'fest-fr')).toBe(false);
  });
});
