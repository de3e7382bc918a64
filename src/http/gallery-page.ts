import { colorToHex, lighten, textColorOn } from '../domain/colors.ts';
import { LANGUAGES } from '../domain/languages.ts';
import { escapeHtml } from '../lib/html-escape.ts';
import { GALLERY_TEXTS } from '../i18n/index.ts';
import type { GalleryTexts } from '../i18n/gallery.de.ts';
import type { GalleryItem, GalleryPageModel } from '../services/gallery.service.ts';
import { GALLERY_SCRIPT } from './gallery-script.generated.ts';

// The published online gallery's one page (index.html, written by services/gallery.service.ts): markup, style and script in one file that makes no request but
// for its own pictures, by relative paths, so it opens from any static host, a bucket's website endpoint or a
// folder (file://). Without a script the tiles still link to the pictures; the script adds the lightbox and the
// browser's language (the markup is in the event's).

const esc = escapeHtml;
/** JSON inside <script>: no '<' at all, so no '</script>' or '<!--' can end it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A text of the page in the event's language, marked for the script to put the browser's in its place. */
const text = (t: GalleryTexts, key: keyof GalleryTexts) => `<span data-t="${key}">${esc(t[key])}</span>`;
const count = (t: GalleryTexts, n: number) =>
  `<span data-count="${n}">${esc((n === 1 ? t.photosOne : t.photosMany).replace('{n}', String(n)))}</span>`;

function tile(t: GalleryTexts, item: GalleryItem): string {
  const original = item.original ? ` data-original="${esc(item.original)}" data-name="${esc(item.name)}"` : '';
  return `<li><a class="tile" href="${esc(item.view)}" data-kind="${item.kind}"${original} aria-label="${esc(t.open)}" data-t-label="open"><img src="${esc(item.thumb)}" alt="" loading="lazy" decoding="async"></a></li>`;
}

export function renderGalleryPage(m: GalleryPageModel): string {
  const t = GALLERY_TEXTS[m.language];
  const primary = colorToHex(m.primaryColor);
  const secondary = colorToHex(m.secondaryColor);
  const total = m.albums.reduce((n, a) => n + a.items.length, 0);
  const sections = m.albums
    .filter((a) => a.items.length > 0)
    .map(
      (a) => `<section class="album">
<h2>${esc(a.name)} <small>${count(t, a.items.length)}</small></h2>
<ul class="grid">${a.items.map((item) => tile(t, item)).join('')}</ul>
</section>`,
    )
    .join('\n');
  const texts = Object.fromEntries(LANGUAGES.map((l) => [l, GALLERY_TEXTS[l]]));
  return `<!doctype html>
<html lang="${m.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${esc(m.name)}</title>
<style>
:root{--primary:${primary};--on-primary:${textColorOn(primary)};--secondary:${secondary};--soft:${lighten(primary, 0.9)}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:var(--soft)}
body.lb-open{overflow:hidden}
header{background:var(--primary);color:var(--on-primary);padding:28px 16px 22px;text-align:center;border-bottom:4px solid var(--secondary)}
header h1{margin:0;font-size:clamp(1.6rem,5vw,2.6rem);line-height:1.15;overflow-wrap:anywhere}
header p{margin:6px 0 0;opacity:.9}
main{max-width:1280px;margin:0 auto;padding:8px 8px 24px}
.album h2{font-size:1.2rem;margin:20px 6px 10px;overflow-wrap:anywhere}
.album h2 small{font-weight:400;font-size:.85rem;color:#4b5563;white-space:nowrap}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(112px,1fr));gap:4px}
@media (min-width:700px){.grid{grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:6px}}
.tile{display:block;position:relative;aspect-ratio:1;background:#e5e7eb;border-radius:4px;overflow:hidden}
.tile img{width:100%;height:100%;object-fit:cover;display:block}
.tile[data-kind=video]::after{content:"";position:absolute;left:50%;top:50%;width:0;height:0;margin:-14px 0 0 -9px;border-style:solid;border-width:14px 0 14px 24px;border-color:transparent transparent transparent #fff;filter:drop-shadow(0 1px 3px rgba(0,0,0,.6))}
.tile:focus-visible{outline:3px solid var(--secondary);outline-offset:2px}
.empty{text-align:center;color:#4b5563;margin:48px 16px}
footer{text-align:center;color:#6b7280;font-size:.8rem;padding:8px 16px 24px}
#lightbox{position:fixed;inset:0;background:rgba(0,0,0,.94);z-index:10;display:flex;align-items:center;justify-content:center}
#lightbox[hidden]{display:none}
.lb-img,.lb-video{max-width:100vw;max-height:100vh;max-height:100dvh;object-fit:contain}
.lb-img[hidden],.lb-video[hidden],.lb-download[hidden]{display:none}
#lightbox button,.lb-download{position:absolute;background:rgba(0,0,0,.55);color:#fff;border:0;border-radius:999px;min-width:48px;height:48px;font:inherit;font-size:1.5rem;line-height:48px;text-align:center;cursor:pointer;text-decoration:none}
.lb-close{top:10px;right:10px}
.lb-prev{left:10px;top:50%;margin-top:-24px}
.lb-next{right:10px;top:50%;margin-top:-24px}
.lb-download{bottom:14px;right:10px;font-size:1rem;padding:0 16px}
.lb-position{position:absolute;bottom:14px;left:14px;color:#fff;font-size:.9rem;text-shadow:0 1px 2px #000}
</style>
</head>
<body>
<header>
<h1>${esc(m.name)}</h1>
<p>${text(t, 'intro')} · ${count(t, total)}</p>
</header>
<main>
${sections || `<p class="empty">${text(t, 'empty')}</p>`}
</main>
<footer>${text(t, 'footer')}</footer>
<div id="lightbox" role="dialog" aria-modal="true" aria-label="${esc(m.name)}" hidden>
<img class="lb-img" alt="">
<video class="lb-video" controls playsinline preload="metadata" hidden></video>
<button type="button" class="lb-close" aria-label="${esc(t.close)}" data-t-label="close">✕</button>
<button type="button" class="lb-prev" aria-label="${esc(t.previous)}" data-t-label="previous">‹</button>
<button type="button" class="lb-next" aria-label="${esc(t.next)}" data-t-label="next">›</button>
<a class="lb-download" hidden>${text(t, 'download')}</a>
<span class="lb-position"></span>
</div>
<script>${GALLERY_SCRIPT}
galleryScript(${scriptJson(texts)}, ${scriptJson(m.language)});</script>
</body>
</html>
`;
}
