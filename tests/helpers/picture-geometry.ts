import sharp from 'sharp';

// Is a picture shown whole? Two independent looks at the screen, for any browser playwright drives (and
// WebKit through WebDriver, whose session has the same evaluate):
// 1. geometry: the element's rendered rectangle lies inside the viewport, has the upload's aspect ratio and
//    touches two opposite edges of its frame (as large as fits), and its natural size is the upload's shape
//    and not a small derivative blown up;
// 2. pixels: a screenshot of that rectangle looks like the reference image (the preview, or the video's
//    current frame), band by band, so a picture whose top or bottom rows are cut off or squeezed fails.
// Each function returns the problems found (empty = fine), so a test can print all of them at once.

/** What these checks need of a page: playwright's Page, or tests/helpers/webkit.ts's WebKitSession. */
export interface Evaluates {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

export interface PictureOnScreen {
  /** the element's rendered box (getBoundingClientRect), CSS px */
  rect: Rect;
  /** the decoded size: naturalWidth/Height of an <img>, videoWidth/Height of a <video> */
  natural: Size;
  /** the frame the picture must fit: the viewport, or its tile */
  frame: Rect;
  viewport: Size;
}

/** Measures the <img> or <video> that `selector` finds; `frameSelector` is its box to fit (default: the viewport). */
export async function measurePicture(page: Evaluates, selector: string, frameSelector?: string): Promise<PictureOnScreen> {
  return page.evaluate(
    ({ selector, frameSelector }) => {
      const el = document.querySelector<HTMLImageElement | HTMLVideoElement>(selector);
      if (!el) throw new Error(`no picture at ${selector}`);
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const frameEl = frameSelector ? document.querySelector(frameSelector) : null;
      const natural =
        el instanceof HTMLVideoElement
          ? { width: el.videoWidth, height: el.videoHeight }
          : { width: el.naturalWidth, height: el.naturalHeight };
      return { rect: box(el), natural, frame: frameEl ? box(frameEl) : { x: 0, y: 0, ...viewport }, viewport };
    },
    { selector, frameSelector },
  );
}

/**
 * What is wrong with the picture's geometry. `upload` is the upright size of the uploaded original;
 * `tolerance` the allowed relative difference of aspect ratios; `motion` how much larger than its frame the
 * picture may be drawn (Ken Burns zoom; 0 = none).
 */
export function geometryProblems(p: PictureOnScreen, upload: Size, { tolerance = 0.02, motion = 0 } = {}): string[] {
  const problems: string[] = [];
  const { rect, frame, viewport, natural } = p;
  const px = 1; // sub-pixel rounding
  // A zoom may push the picture past the screen's edges by half its growth on each side.
  const sx = (viewport.width * motion) / 2 + px;
  const sy = (viewport.height * motion) / 2 + px;
  if (rect.x < -sx || rect.y < -sy || rect.x + rect.width > viewport.width + sx || rect.y + rect.height > viewport.height + sy) {
    problems.push(`picture ${fmt(rect)} is not inside the ${viewport.width}x${viewport.height} viewport`);
  }
  const grow = 1 + motion;
  if (rect.width > frame.width * grow + px || rect.height > frame.height * grow + px) {
    problems.push(`picture ${fmt(rect)} is larger than its frame ${fmt(frame)}`);
  }
  const want = upload.width / upload.height;
  const drawn = rect.width / rect.height;
  if (Math.abs(drawn / want - 1) > tolerance)
    problems.push(`drawn aspect ${drawn.toFixed(3)} differs from the upload's ${want.toFixed(3)}`);
  if (natural.width === 0 || natural.height === 0) problems.push('picture not decoded');
  else {
    const decoded = natural.width / natural.height;
    if (Math.abs(decoded / want - 1) > tolerance)
      problems.push(
        `decoded aspect ${decoded.toFixed(3)} (${natural.width}x${natural.height}) differs from the upload's ${want.toFixed(3)}`,
      );
  }
  const fillsWidth = rect.width >= frame.width - px;
  const fillsHeight = rect.height >= frame.height - px;
  if (!fillsWidth && !fillsHeight) problems.push(`picture ${fmt(rect)} is smaller than fits in its frame ${fmt(frame)}`);
  // The sharpest derivative: a decoded image smaller than both the drawn size and the original is a small
  // derivative blown up (5% slack: a preview is scaled to fit 1920-2048 px).
  const longDrawn = Math.max(rect.width, rect.height);
  const longNatural = Math.max(natural.width, natural.height);
  const longUpload = Math.max(upload.width, upload.height);
  if (longNatural < Math.min(longDrawn, longUpload) * 0.95) {
    problems.push(
      `a ${natural.width}x${natural.height} image is blown up to ${Math.round(rect.width)}x${Math.round(rect.height)} though the upload is ${upload.width}x${upload.height}`,
    );
  }
  return problems;
}

/** The reference's pixels at the drawn size, and the screenshot's pixels over the drawn rectangle. */
async function rgb(image: Buffer, size: Size, extract?: { left: number; top: number; width: number; height: number }) {
  let pipeline = sharp(image).removeAlpha();
  if (extract) pipeline = pipeline.extract(extract);
  return pipeline.resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
}

/**
 * Compares the screenshot (PNG, CSS px = device px) over `rect` with `reference` scaled to that rectangle:
 * the top band, the bottom band, the left and right bands and the whole must each be close (mean absolute
 * difference per channel at most `maxDiff` of 255). Pixels under `exclude` (overlays such as the QR card)
 * are skipped. A picture drawn partly off screen fails before any pixel is compared.
 */
export async function screenshotProblems(
  screenshot: Buffer,
  rect: Rect,
  reference: Buffer,
  { exclude = [] as Rect[], maxDiff = 24, band = 0.06 } = {},
): Promise<string[]> {
  const shot = await sharp(screenshot).metadata();
  const left = Math.round(rect.x);
  const top = Math.round(rect.y);
  const width = Math.round(rect.width);
  const height = Math.round(rect.height);
  const problems: string[] = [];
  if (top < 0) problems.push(`the top ${-top} px rows of the picture are off screen`);
  if (left < 0) problems.push(`the left ${-left} px columns of the picture are off screen`);
  if (top + height > shot.height!) problems.push(`the bottom ${top + height - shot.height!} px rows of the picture are off screen`);
  if (left + width > shot.width!) problems.push(`the right ${left + width - shot.width!} px columns of the picture are off screen`);
  if (problems.length > 0 || width < 8 || height < 8)
    return problems.length ? problems : [`picture too small to compare (${width}x${height})`];

  const size = { width, height };
  const [seen, want] = await Promise.all([rgb(screenshot, size, { left, top, width, height }), rgb(reference, size)]);
  const covered = (x: number, y: number) =>
    exclude.some((r) => x + left >= r.x && x + left < r.x + r.width && y + top >= r.y && y + top < r.y + r.height);
  const diff = (x0: number, y0: number, x1: number, y1: number) => {
    let sum = 0;
    let n = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (covered(x, y)) continue;
        const i = (y * width + x) * 3;
        sum += Math.abs(seen[i]! - want[i]!) + Math.abs(seen[i + 1]! - want[i + 1]!) + Math.abs(seen[i + 2]! - want[i + 2]!);
        n += 3;
      }
    }
    return n === 0 ? 0 : sum / n;
  };
  const bh = Math.max(2, Math.round(height * band));
  const bw = Math.max(2, Math.round(width * band));
  const bands: [string, number][] = [
    ['top rows', diff(0, 0, width, bh)],
    ['bottom rows', diff(0, height - bh, width, height)],
    ['left columns', diff(0, 0, bw, height)],
    ['right columns', diff(width - bw, 0, width, height)],
    ['whole picture', diff(0, 0, width, height)],
  ];
  for (const [name, d] of bands)
    if (d > maxDiff) problems.push(`${name} differ from the reference (mean difference ${d.toFixed(1)} > ${maxDiff})`);
  return problems;
}

/** The rectangles of the visible elements matching `selector` (overlays to leave out of a comparison). */
export async function rectsOf(page: Evaluates, selector: string): Promise<Rect[]> {
  return page.evaluate((s) => {
    return [...document.querySelectorAll<HTMLElement>(s)]
      .filter((e) => !e.hidden && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      })
      .filter((r) => r.width > 0 && r.height > 0);
  }, selector);
}

/** The video's current frame as a PNG, drawn by the page itself (the reference for a video's screenshot). */
export async function videoFrame(page: Evaluates, selector: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((s) => {
    const v = document.querySelector<HTMLVideoElement>(s)!;
    const c = document.createElement('canvas');
    c.width = v.videoWidth;
    c.height = v.videoHeight;
    c.getContext('2d')!.drawImage(v, 0, 0);
    return c.toDataURL('image/png');
  }, selector);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

const fmt = (r: Rect) => `${Math.round(r.width)}x${Math.round(r.height)}@${Math.round(r.x)},${Math.round(r.y)}`;
