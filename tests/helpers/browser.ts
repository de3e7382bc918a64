import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

// Debian's Chromium, driven by playwright-core: no browser download is possible on this network.
export const CHROMIUM_PATH = process.env.MOMENTBOX_CHROMIUM ?? '/usr/bin/chromium';

/** `executablePath`: another way to start Chromium (the venue test starts it inside a network namespace). */
export async function launchBrowser(opts: { executablePath?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: opts.executablePath ?? CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
};

export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1440, height: 900 },
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
};

/** Where screenshots go: test-results/screenshots/<suite>/ (git-ignored). */
export function screenshotPath(suite: string, name: string): string {
  const dir = join(import.meta.dir, '..', '..', 'test-results', 'screenshots', suite);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}
