// The published online gallery's script (issue 29), not part of the web app: it runs in a visitor's browser from
// the gallery's index.html. scripts/write-gallery-script.ts turns it into JavaScript text for the server
// (src/http/gallery-script.generated.ts), which writes it into the page: the page needs no file beside it and
// makes no request (it works from file:// on a USB stick). Hence no imports and nothing from outside the
// function: what it needs comes in as arguments.

/** The page's texts per language, as gallery.de.ts words them. */
type Texts = Record<string, Record<string, string>>;

/**
 * Shows the page in the browser's language (else `fallback`, the event's) and opens the photos in a lightbox:
 * arrows, swipe and Escape; the download button where the page offers originals.
 */
export function galleryScript(texts: Texts, fallback: string): void {
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  let lang = fallback;
  for (const l of wanted) {
    const base = (l || '').toLowerCase().split('-')[0]!;
    if (Object.prototype.hasOwnProperty.call(texts, base)) {
      lang = base;
      break;
    }
  }
  const t = texts[lang]!;
  const fill = (text: string, values: Record<string, number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll<HTMLElement>('[data-t]')) el.textContent = t[el.dataset.t!]!;
  for (const el of document.querySelectorAll<HTMLElement>('[data-t-label]')) el.setAttribute('aria-label', t[el.dataset.tLabel!]!);
  for (const el of document.querySelectorAll<HTMLElement>('[data-count]')) {
    const n = Number(el.dataset.count);
    el.textContent = fill(n === 1 ? t.photosOne! : t.photosMany!, { n });
  }

  const tiles = Array.from(document.querySelectorAll<HTMLAnchorElement>('a.tile'));
  const box = document.getElementById('lightbox')!;
  const img = box.querySelector<HTMLImageElement>('.lb-img')!;
  const video = box.querySelector<HTMLVideoElement>('.lb-video')!;
  const download = box.querySelector<HTMLAnchorElement>('.lb-download')!;
  const position = box.querySelector<HTMLElement>('.lb-position')!;
  let current = -1;
  let opener: HTMLElement | null = null;

  function show(i: number) {
    current = (i + tiles.length) % tiles.length;
    const tile = tiles[current]!;
    const isVideo = tile.dataset.kind === 'video';
    video.pause();
    img.hidden = isVideo;
    video.hidden = !isVideo;
    if (isVideo) {
      img.removeAttribute('src');
      video.poster = tile.querySelector('img')!.getAttribute('src')!;
      video.src = tile.getAttribute('href')!;
    } else {
      video.removeAttribute('src');
      img.src = tile.getAttribute('href')!;
      img.alt = tile.querySelector('img')!.alt;
    }
    const original = tile.dataset.original;
    download.hidden = !original;
    if (original) {
      download.href = original;
      download.setAttribute('download', tile.dataset.name || '');
    }
    position.textContent = fill(t.position!, { n: current + 1, total: tiles.length });
  }
  function open(i: number) {
    opener = document.activeElement as HTMLElement | null;
    box.hidden = false;
    document.body.classList.add('lb-open');
    show(i);
    box.querySelector<HTMLElement>('.lb-close')!.focus();
  }
  function close() {
    video.pause();
    box.hidden = true;
    document.body.classList.remove('lb-open');
    opener?.focus();
  }
  tiles.forEach((tile, i) =>
    tile.addEventListener('click', (e) => {
      e.preventDefault();
      open(i);
    }),
  );
  box.querySelector('.lb-close')!.addEventListener('click', close);
  box.querySelector('.lb-prev')!.addEventListener('click', () => show(current - 1));
  box.querySelector('.lb-next')!.addEventListener('click', () => show(current + 1));
  document.addEventListener('keydown', (e) => {
    if (box.hidden) return;
    if (e.key === 'Escape') close();
    else if (e.key === 'ArrowLeft') show(current - 1);
    else if (e.key === 'ArrowRight') show(current + 1);
  });
  let touchX: number | null = null;
  box.addEventListener('touchstart', (e) => (touchX = e.touches[0]!.clientX), { passive: true });
  box.addEventListener('touchend', (e) => {
    const dx = touchX === null ? 0 : e.changedTouches[0]!.clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 50) show(current + (dx < 0 ? 1 : -1));
  });
}
