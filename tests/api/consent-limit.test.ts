import { expect, test } from 'bun:test';
import { requestFrom } from '../helpers/request-from.ts';
import { useAppServer } from './support.ts';

// Consent without an identity creates a guest row; one address may not create thousands, while a phone
// that retries its consent, and every other phone, still gets through.

const handle = useAppServer();

/** POST consent from a chosen loopback address. */
async function consentFrom(
  localAddress: string,
  code: string,
  body: object,
): Promise<{ status: number; json: { error?: string; code?: string; userId?: string } }> {
  const answer = await requestFrom(localAddress, `${handle.url}/api/event/${code}/consent`, { method: 'POST', json: body });
  return { status: answer.status, json: JSON.parse(answer.body) };
}

test('3,000 consents from one address create at most a burst of guests, then 429; retries and other addresses pass', async () => {
  const event = await handle.admin.createEvent();
  const statuses: number[] = [];
  let refusal: { error?: string; code?: string } | null = null;
  let firstGuest: string | undefined;
  for (let start = 0; start < 3000; start += 20) {
    const batch = await Promise.all(Array.from({ length: 20 }, () => consentFrom('127.0.0.1', event.code, {})));
    for (const r of batch) {
      statuses.push(r.status);
      if (r.status === 429) refusal ??= r.json;
      if (r.status === 200) firstGuest ??= r.json.userId;
    }
  }
  const created = statuses.filter((s) => s === 200).length;
  expect(created).toBeGreaterThanOrEqual(60);
  expect(created).toBeLessThanOrEqual(70); // the burst, plus one per 10 s the loop ran
  expect(statuses.filter((s) => s === 429)).toHaveLength(3000 - created);
  expect(refusal).toEqual({
    code: 'TOO_MANY_REQUESTS',
    error: 'Zu viele neue Anmeldungen von diesem Gerät. Bitte warte eine Minute und versuche es dann erneut.',
  });

  // A phone that retries its consent (same user id) creates nothing and gets through even now.
  const retry = await consentFrom('127.0.0.1', event.code, { userId: firstGuest });
  expect(retry.status).toBe(200);
  // Another phone on the same Wi-Fi has its own address and its own allowance.
  const other = await consentFrom('127.0.0.2', event.code, {});
  expect(other.status).toBe(200);
}, 120_000);
