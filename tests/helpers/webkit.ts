import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By, type WebDriver, type WebElement } from 'selenium-webdriver';
import { Command } from 'selenium-webdriver/lib/command.js';
import { de } from '../../web/src/i18n/de.ts';
import { ROOT } from './server.ts';

// A real WebKit, the engine of every iPhone, from Debian's packages alone (scripts/ensure-test-deps.sh):
// WebKitWebDriver (webkit2gtk-driver), a W3C WebDriver server that starts MiniBrowser, under a virtual
// display from Xvfb, driven by selenium-webdriver (no driver or browser download). Everything it starts
// is stopped by stop(). WebDriver has no console log: script errors and CSP violations are collected in
// the page by listeners the session injects after every navigation.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** As Safari on an iPhone: media may start by itself only without sound (a tap lets it play with sound). */
const IPHONE_ARGS = ['--autoplay-policy=allow-without-sound'];

export const PHONE_SIZE = { width: 390, height: 844 };
export const WALL_SIZE = { width: 1920, height: 1080 };

/** Debian installs MiniBrowser into WebKitGTK's library folder, under the machine's multiarch triplet. */
export function findMiniBrowser(): string | null {
  if (process.env.MOMENTBOX_MINIBROWSER) return process.env.MOMENTBOX_MINIBROWSER;
  const triplet = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu', arm: 'arm-linux-gnueabihf' }[process.arch as string];
  const candidates = triplet ? [`/usr/lib/${triplet}/webkit2gtk-4.1/MiniBrowser`] : [];
  // another layout (a triplet we do not know, or libexec): any webkit2gtk-4.1 folder that has it
  for (const dir of ['/usr/lib', '/usr/libexec']) {
    if (!existsSync(dir)) continue;
    for (const sub of readdirSync(dir))
      candidates.push(join(dir, sub, 'webkit2gtk-4.1', 'MiniBrowser'), join(dir, 'webkit2gtk-4.1', 'MiniBrowser'));
  }
  return candidates.find((c) => existsSync(c)) ?? null;
}

const which = (cmd: string) => Bun.which(cmd) ?? ['/usr/bin', '/usr/sbin'].map((d) => join(d, cmd)).find((p) => existsSync(p)) ?? null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function collect(proc: ReturnType<typeof Bun.spawn>, sink: { out: string }) {
  for (const stream of [proc.stdout, proc.stderr]) {
    if (!(stream instanceof ReadableStream)) continue;
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream as ReadableStream<Uint8Array>) sink.out += decoder.decode(chunk, { stream: true });
    })();
  }
}

/** A WebDriver answer that never comes (WebKit stuck) fails the step instead of the whole suite's time. */
export async function bounded<T>(what: string, p: Promise<T>, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WebKit did not answer within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const v = await bounded(what, Promise.resolve(fn()), Math.max(30_000, timeoutMs));
      if (v) return v;
    } catch (e) {
      if ((e as Error).message.startsWith('WebKit did not answer')) throw e;
      last = e;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await Bun.sleep(everyMs);
  }
}

// Installed after every navigation (WebDriver runs it in the page, which the Content-Security-Policy allows;
// an inline <script> would be refused): the page's uncaught errors, unhandled rejections and CSP violations.
const WATCH = `
  if (!window.__wk) {
    const problems = [];
    window.__wk = problems;
    window.addEventListener('error', (e) => { if (e instanceof ErrorEvent) problems.push('error: ' + e.message + ' (' + e.filename + ':' + e.lineno + ')'); });
    window.addEventListener('unhandledrejection', (e) => problems.push('unhandledrejection: ' + (e.reason && e.reason.stack || e.reason)));
    document.addEventListener('securitypolicyviolation', (e) => problems.push('csp: ' + e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));
  }
  return true;`;

/** Keys of the guest dictionary: one showing up as a word of visible text is a missing translation. */
const DICTIONARY_KEYS = new Set(Object.keys(de));

/** What a person should never read on a page. */
export function textProblems(text: string): string[] {
  const found: string[] = [];
  for (const bad of ['undefined', 'NaN', 'Invalid Date', '[object Object]']) {
    if (new RegExp(`(^|\\W)${bad.replace(/[[\]]/g, '\\$&')}($|\\W)`).test(text)) found.push(bad);
  }
  for (const word of text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []) if (DICTIONARY_KEYS.has(word)) found.push(`raw key ${word}`);
  return found;
}

export class WebKitSession {
  /** problems of pages navigated away from */
  private earlier: string[] = [];
  constructor(
    readonly driver: WebDriver,
    readonly name: string,
    private readonly stopDriver: () => Promise<void>,
  ) {}

  async goto(url: string): Promise<void> {
    await this.harvest();
    await bounded(`open ${url} in ${this.name}`, this.driver.get(url));
    await this.watch();
  }

  /** Injects the error listeners (again after a navigation the page made itself, e.g. a form post or a link). */
  async watch(): Promise<void> {
    await bounded(`the error listeners in ${this.name}`, this.driver.executeScript(WATCH));
  }

  private async harvest() {
    const now = await this.driver.executeScript<string[] | null>('return window.__wk || null').catch(() => null);
    if (now) this.earlier.push(...now);
  }

  /** Everything that went wrong in the pages of this session so far. */
  async problems(): Promise<string[]> {
    const now = (await this.driver.executeScript<string[] | null>('return window.__wk || null')) ?? [];
    return [...this.earlier, ...now];
  }

  /** Runs a function in the page (as a string: WebDriver sends source text) with JSON arguments. */
  async eval<T>(fn: string, ...args: unknown[]): Promise<T> {
    return bounded(`${fn} in ${this.name}`, this.driver.executeScript<T>(`return (${fn}).apply(null, arguments)`, ...args));
  }

  /** Like playwright's page.evaluate (shared helpers such as picture-geometry.ts take either): the function's source runs in the page. */
  async evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.eval<R>(fn.toString(), arg);
  }

  /** Polls a function in the page until it returns something truthy. */
  async waitUntil<T>(what: string, fn: string, args: unknown[] = [], timeoutMs = 15_000, everyMs = 100): Promise<T> {
    return until(what, () => this.eval<T>(fn, ...args), timeoutMs, everyMs);
  }

  /** Waits for a displayed element. */
  async find(css: string, timeoutMs = 15_000): Promise<WebElement> {
    return until(
      `"${css}" on screen in ${this.name}`,
      async () => {
        for (const el of await this.driver.findElements(By.css(css))) if (await el.isDisplayed()) return el;
        return null;
      },
      timeoutMs,
    );
  }

  /** Waits for an element in the document, shown or not (a file input is often hidden behind its label). */
  async present(css: string, timeoutMs = 15_000): Promise<WebElement> {
    return until(`"${css}" in ${this.name}`, async () => (await this.driver.findElements(By.css(css)))[0], timeoutMs);
  }

  /** Chooses files in a file input, as a person picking them (WebDriver's send keys with the paths). */
  async chooseFiles(css: string, paths: string[]): Promise<void> {
    const input = await this.present(css);
    await bounded(`choosing files in "${css}" in ${this.name}`, input.sendKeys(paths.join('\n')));
  }

  async gone(css: string, timeoutMs = 15_000): Promise<void> {
    await until(`"${css}" gone in ${this.name}`, async () => (await this.driver.findElements(By.css(css))).length === 0, timeoutMs);
  }

  /** A real click (WebDriver moves the pointer there and presses it). */
  async click(css: string, timeoutMs?: number): Promise<void> {
    const el = await this.find(css, timeoutMs);
    try {
      await bounded(`click on "${css}" in ${this.name}`, el.click());
    } catch (e) {
      // say what lies over it, the question after a refused click
      const over = await this.driver
        .executeScript<string>(
          'const r = arguments[0].getBoundingClientRect(); const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return JSON.stringify({ rect: r, top: t && t.outerHTML.slice(0, 200) });',
          el,
        )
        .catch(() => '');
      throw new Error(`click on "${css}" in ${this.name} failed: ${(e as Error).name} ${(e as Error).message} ${over}`);
    }
  }

  async text(css: string): Promise<string> {
    const el = await this.find(css);
    return (await bounded(`the text of "${css}" in ${this.name}`, el.getText())).trim();
  }

  /** Types into a field, key by key. */
  async type(css: string, text: string): Promise<void> {
    const el = await this.find(css);
    await bounded(`typing into "${css}" in ${this.name}`, el.sendKeys(text));
  }

  /** The text a person reads on the page (layout-aware: hidden parts excluded). */
  async visibleText(): Promise<string> {
    return this.eval<string>('() => document.body ? document.body.innerText : ""');
  }

  /** Page health: no script error or CSP violation so far, nothing unfinished in the visible text. */
  async health(): Promise<{ problems: string[]; text: string[] }> {
    return { problems: await this.problems(), text: textProblems(await this.visibleText()) };
  }

  /** A drag with the pointer (WebKitGTK's automation delivers touch as mouse pointer events). */
  async drag(from: { x: number; y: number }, dx: number, durationMs = 250): Promise<void> {
    await this.driver.execute(
      new Command('actions').setParameter('actions', [
        {
          type: 'pointer',
          id: 'finger',
          parameters: { pointerType: 'touch' },
          actions: [
            { type: 'pointerMove', x: Math.round(from.x), y: Math.round(from.y), origin: 'viewport', duration: 0 },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerMove', x: Math.round(from.x + dx / 2), y: Math.round(from.y), origin: 'viewport', duration: durationMs / 2 },
            { type: 'pointerMove', x: Math.round(from.x + dx), y: Math.round(from.y), origin: 'viewport', duration: durationMs / 2 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ]),
    );
    await this.driver.execute(new Command('clearActions'));
  }

  /** Presses a key (e.g. selenium's Key.ARROW_RIGHT) on the focused element. */
  async press(key: string): Promise<void> {
    await bounded(`pressing a key in ${this.name}`, this.driver.actions({ async: true }).sendKeys(key).perform());
  }

  /** test-results/screenshots/webkit/<name>.png: the viewport as WebKit painted it. */
  async screenshot(name: string): Promise<string> {
    const dir = join(ROOT, 'test-results', 'screenshots', 'webkit');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${name}.png`);
    await Bun.write(path, await this.screenshotPng(`a screenshot of ${this.name}`));
    return path;
  }

  /**
   * The viewport as a PNG. WebKitGTK's screenshot waits for the page's next frame, and a page where nothing
   * changes may never paint one (seen under Xvfb): a 1 px mark in the top left corner, all but transparent,
   * changes while the screenshot is taken.
   */
  async screenshotPng(what = `a screenshot of ${this.name}`): Promise<Buffer> {
    await this.eval(`() => {
      const mark = document.createElement('div');
      mark.id = '__wk-frame';
      Object.assign(mark.style, { position: 'fixed', left: '0', top: '0', width: '1px', height: '1px', pointerEvents: 'none', zIndex: '2147483647' });
      document.documentElement.append(mark);
      mark.animate([{ background: 'rgba(0,0,0,0)' }, { background: 'rgba(0,0,0,0.02)' }], { duration: 100, iterations: Infinity, direction: 'alternate' });
    }`);
    try {
      return Buffer.from(await bounded(what, this.driver.takeScreenshot()), 'base64');
    } finally {
      await this.eval('() => document.getElementById("__wk-frame")?.remove()');
    }
  }

  /** Ends the session (MiniBrowser quits) and its driver. */
  async close(): Promise<void> {
    await this.driver.quit().catch(() => undefined);
    await this.stopDriver();
  }
}

export interface WebKit {
  /** a folder where this WebKit's downloads land */
  downloads: string;
  session(opts?: {
    name?: string;
    size?: { width: number; height: number };
    javascript?: boolean;
    iphone?: boolean;
  }): Promise<WebKitSession>;
  /** processes still running that this WebKit started (its own and their children): none after stop() */
  leftovers(): string[];
  stop(): Promise<void>;
}

/**
 * Starts Xvfb on a free display and WebKitWebDriver on a free port. Throws with what is missing when WebKit
 * cannot start: the suite fails then, it never passes without having run.
 */
export async function startWebKit(): Promise<WebKit> {
  const miniBrowser = findMiniBrowser();
  const driverBin = which('WebKitWebDriver');
  const xvfb = which('Xvfb');
  const missing = [
    !miniBrowser && 'MiniBrowser (libwebkit2gtk-4.1-0)',
    !driverBin && 'WebKitWebDriver (webkit2gtk-driver)',
    !xvfb && 'Xvfb (xvfb)',
  ].filter(Boolean);
  if (missing.length) throw new Error(`WebKit cannot start, missing: ${missing.join(', ')}. Run scripts/ensure-test-deps.sh as root.`);

  const home = mkdtempSync(join(tmpdir(), 'momentbox-webkit-'));
  const config = join(home, 'config');
  const downloads = join(home, 'downloads');
  mkdirSync(join(config, 'gtk-3.0'), { recursive: true });
  mkdirSync(downloads);
  // MiniBrowser's toolbar would keep its window wider than a phone (447 px): small widgets let it shrink to 390.
  writeFileSync(join(config, 'gtk-3.0', 'gtk.css'), '* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 6px; }\n');
  writeFileSync(join(config, 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`);
  const started: ReturnType<typeof Bun.spawn>[] = [];
  const log = { out: '' };

  // A test run that is itself stopped (Ctrl-C, a CI time-out) takes its WebKit along.
  const onSignal = (signal: NodeJS.Signals) => {
    for (const line of processesWithHome(home)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    rmSync(home, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const stopAll = async () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    for (const p of started.reverse()) {
      if (p.exitCode === null && p.signalCode === null) p.kill('SIGTERM');
      const done = await Promise.race([p.exited.then(() => true), Bun.sleep(5_000).then(() => false)]);
      if (!done) {
        p.kill('SIGKILL');
        await p.exited;
      }
    }
    rmSync(home, { recursive: true, force: true });
  };

  try {
    // -displayfd: Xvfb picks a free display itself and writes its number.
    const x = Bun.spawn([xvfb!, '-displayfd', '1', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
      env: { ...process.env, HOME: home },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    started.push(x);
    const reader = (x.stdout as ReadableStream<Uint8Array>).getReader();
    let shown = '';
    await until(
      'Xvfb to report its display',
      async () => {
        const { value, done } = await reader.read();
        if (done) throw new Error(`Xvfb exited (${x.exitCode})`);
        shown += new TextDecoder().decode(value);
        return /^\d+\n/.test(shown);
      },
      15_000,
      0,
    );
    reader.releaseLock();
    const display = `:${shown.trim()}`;
    collect(x, log);

    const env = {
      ...process.env,
      DISPLAY: display,
      HOME: home,
      XDG_CONFIG_HOME: config,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CACHE_HOME: join(home, 'cache'),
      // German, as the guests' phones at a venue here (GLib reads LANGUAGE without a generated locale)
      LANGUAGE: 'de_DE:de',
      TZ: 'Europe/Berlin',
      // no accessibility bus on a test machine
      NO_AT_BRIDGE: '1',
      // Xvfb has no GPU: without this each screenshot waits ~12 s for a DMA-BUF frame that never comes
      WEBKIT_DISABLE_DMABUF_RENDERER: '1',
    };
    // WebKitWebDriver holds one session at a time: one driver per session (a second guest is a second phone).
    const startDriver = async () => {
      const port = await freePort();
      const driver = Bun.spawn([driverBin!, `--port=${port}`, '--host=local'], { env, stdout: 'pipe', stderr: 'pipe' });
      started.push(driver);
      collect(driver, log);
      await until(
        `WebKitWebDriver on port ${port}`,
        async () => {
          if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode}): ${log.out}`);
          return (await fetch(`http://127.0.0.1:${port}/status`)).ok;
        },
        15_000,
      );
      return { port, driver };
    };

    const sessions: WebKitSession[] = [];
    return {
      downloads,
      async session({ name = 'webkit', size = PHONE_SIZE, javascript = true, iphone = size.width < 800 } = {}) {
        const { port, driver } = await startDriver();
        const args = [
          '--automation',
          ...(javascript ? [] : ['--enable-javascript=false']),
          ...(iphone ? [`--user-agent=${IPHONE_UA}`, ...IPHONE_ARGS] : []),
        ];
        const wd = await new Builder()
          .usingServer(`http://127.0.0.1:${port}`)
          .withCapabilities({
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: miniBrowser, args, useOverlayScrollbars: true },
          })
          .build()
          .catch((e: Error) => {
            throw new Error(`WebKit did not open a session: ${e.message}\n${log.out}`);
          });
        const s = new WebKitSession(wd, name, async () => {
          driver.kill('SIGTERM');
          await driver.exited;
        });
        sessions.push(s);
        // The window holds MiniBrowser's toolbar above the page: size it so the page gets exactly `size`.
        await wd
          .manage()
          .window()
          .setRect({ x: 0, y: 0, ...size });
        const inner = await wd.executeScript<[number, number]>('return [innerWidth, innerHeight]');
        await wd
          .manage()
          .window()
          .setRect({ x: 0, y: 0, width: size.width * 2 - inner[0], height: size.height * 2 - inner[1] });
        const got = await wd.executeScript<[number, number]>('return [innerWidth, innerHeight]');
        if (got[0] !== size.width || got[1] !== size.height)
          throw new Error(`WebKit's page is ${got.join('x')}, not ${size.width}x${size.height}`);
        return s;
      },
      leftovers: () => processesWithHome(home),
      async stop() {
        for (const s of sessions) await s.close();
        await stopAll();
        // WebKit's own processes end shortly after their MiniBrowser; the ones still there after 5 s are ended.
        await until('WebKit processes to end', () => processesWithHome(home).length === 0, 5_000).catch(() => {
          for (const line of processesWithHome(home)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
        });
      },
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** Live processes started with this HOME (Xvfb, the driver, MiniBrowser and WebKit's own processes inherit it). */
function processesWithHome(home: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      if (/^State:\s*Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))) continue; // already exited, not yet reaped
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`HOME=${home}`))
        found.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ')}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
