import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import type { CheckSimilarAnswer } from '../../src/http/api-types.ts';
import { SIMILARITY_THRESHOLD } from '../../src/domain/dhash.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { FIXTURES, ROOT, startServer, type TestServer } from '../helpers/server.ts';

// The similar-photo warning works only if the browser's dHash (web/src/upload/dhash.ts, drawn through a
// canvas in Chromium) and the server's (sharp, at upload) agree. This hashes in the real browser code and
// asks the real server.

let server: TestServer;
let browser: Browser;
let browserModule = '';
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const built = await Bun.build({ entrypoints: [join(ROOT, 'web/src/upload/dhash.ts')], format: 'esm', target: 'browser' });
  browserModule = await built.outputs[0]!.text();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The web app's dhashOfImage run in Chromium on these bytes (on a blank page: no CSP in the way of a blob module). */
async function browserHash(bytes: Uint8Array): Promise<string> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ code, data }) => {
        const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
        const mod = await import(url);
        return mod.dhashOfImage(new Blob([new Uint8Array(data)], { type: 'image/jpeg' })) as Promise<string>;
      },
      { code: browserModule, data: [...bytes] },
    );
  } finally {
    await page.close();
  }
}

test("the browser's hash of a photo and of a smaller re-encode finds the server's upload; an unrelated hash does not", async () => {
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent();
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  const file = join(FIXTURES, 'photos', 'phones', 'jolla.jpg');
  const original = await guest.uploadOk(event.id, file);

  const similar = (phash: string) =>
    guest.json<CheckSimilarAnswer>('/api/media/check-similar', {
      method: 'POST',
      json: { phash, phash_bucket: 'ffff', eventId: event.id },
    });

  const same = await browserHash(new Uint8Array(await Bun.file(file).arrayBuffer()));
  const copy = await browserHash(new Uint8Array(await sharp(file).rotate().resize(300).jpeg({ quality: 60 }).toBuffer()));
  for (const hash of [same, copy]) {
    const answer = await similar(hash);
    expect(answer.hasSimilar).toBe(true);
    expect(answer.matches[0]).toMatchObject({ id: original.id });
    expect(answer.matches[0]!.distance).toBeLessThanOrEqual(SIMILARITY_THRESHOLD);
  }
  const inverted = (BigInt('0x' + same) ^ 0xffffffffffffffffn).toString(16).padStart(16, '0');
  expect((await similar(inverted)).hasSimilar).toBe(false);
});
