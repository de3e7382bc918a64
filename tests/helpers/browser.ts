import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
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
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
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

/**
 * The controls a user could tap (on screen, not beneath something else) that `covering` lies over;
 * `covering`'s own layer (`layer`, a selector) is hidden while looking, so what it hides shows through.
 */
export async function controlsUnder(page: Page, covering: Locator, layer: string): Promise<string[]> {
  const box = (await covering.boundingBox())!;
  return page.evaluate(
    ({ box: { x, y, width, height }, layer }) => {
      const cover = document.querySelector<HTMLElement>(layer)!;
      cover.style.visibility = 'hidden';
      const hits: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type=file]), select, textarea, label[for], [role=tab]',
      )) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!top || !(el === top || el.contains(top))) continue; // off screen or beneath something else
        if (r.left < x + width && r.right > x && r.top < y + height && r.bottom > y)
          hits.push(el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName);
      }
      cover.style.visibility = '';
      return hits;
    },
    { box, layer },
  );
}
