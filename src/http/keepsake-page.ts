// `Gästebuch.html` and `gaestebuch.csv` of the export's guestbook folder (services/keepsake.ts): one page that opens from the unpacked folder on
// any computer, with JavaScript off. No script at all and a policy that allows none; the style is in the page;
// pictures and players point at files of the folder by relative paths, so nothing is fetched from anywhere else.
// The guests' words are plain text: every one is escaped.
import { colorToHex, lighten, textColorOn } from '../domain/colors.ts';
import type { Language } from '../domain/languages.ts';
import { KEEPSAKE_TEXTS } from '../i18n/index.ts';
import type { KeepsakeTexts } from '../i18n/keepsake.de.ts';
import type { Viewer } from '../domain/permissions.ts';
import { escapeHtml as esc } from '../lib/html-escape.ts';
import type { KeepsakeEntry, KeepsakeFor, KeepsakeMedia, KeepsakeModel } from '../services/keepsake.ts';

/** Only the page's own style and the folder's pictures and media; no script, no frame, no form, no other address. */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; media-src 'self'; form-action 'none'; base-uri 'none'";

/** A path inside the folder as a relative URL (each part encoded: names may hold '#', '%' or umlauts). */
const href = (path: string) => esc(path.split('/').map(encodeURIComponent).join('/'));

function mediaHtml(m: KeepsakeMedia, t: KeepsakeTexts): string {
  if (m.playable === null) return `<p class="file">${esc(t.notPlayable)} <a href="${href(m.original)}">${esc(m.original)}</a></p>`;
  const src = href(m.playable);
  if (m.kind === 'photo') return `<img class="photo" src="${src}" alt="${esc(t.kindPhoto)}">`;
  if (m.kind === 'video') {
    const poster = m.poster ? ` poster="${href(m.poster)}"` : '';
    return `<video class="video" controls playsinline preload="metadata" src="${src}"${poster} aria-label="${esc(t.kindVideo)}"></video>`;
  }
  return `<p class="label">${esc(t.kindAudio)}</p><audio controls preload="metadata" src="${src}"></audio>`;
}

function entryHtml(e: KeepsakeEntry, t: KeepsakeTexts, when: Intl.DateTimeFormat): string {
  const text = e.row.text ? `<p class="text">${esc(e.row.text)}</p>` : '';
  const state = e.row.approved ? '' : ` · <span class="state">${esc(t.stateWithdrawn)}</span>`;
  return `<article class="entry">
${e.media ? mediaHtml(e.media, t) : ''}${text}
<p class="by"><strong>${esc(e.row.name)}</strong> · <time datetime="${esc(e.row.createdAt)}">${esc(when.format(new Date(e.row.createdAt)))}</time>${state}</p>
</article>`;
}

export function renderKeepsakePage(m: KeepsakeModel, language: Language): string {
  const t = KEEPSAKE_TEXTS[language];
  const primary = colorToHex(m.event.primaryColor);
  const secondary = colorToHex(m.event.secondaryColor);
  // the box's time zone: the venue's, as the guests saw the time
  const when = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const count = (m.entries.length === 1 ? t.entriesOne : t.entriesMany).replace('{n}', String(m.entries.length));
  const body = m.entries.length ? m.entries.map((e) => entryHtml(e, t, when)).join('\n') : `<p class="empty">${esc(t.empty)}</p>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${esc(t.title)} · ${esc(m.event.name)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:17px/1.5 Georgia,"Times New Roman",serif;color:#1f2937;background:${lighten(primary, 0.92)}}
header{background:${primary};color:${textColorOn(primary)};padding:32px 16px 24px;text-align:center;border-bottom:5px solid ${secondary}}
header h1{margin:0;font-size:2.2rem;line-height:1.15;overflow-wrap:anywhere}
header p{margin:8px 0 0;font:1rem system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:760px;margin:0 auto;padding:16px 12px 8px}
.entry{background:#fff;border-radius:10px;border-left:5px solid ${secondary};padding:16px 18px;margin:0 0 16px;box-shadow:0 1px 3px rgba(0,0,0,.12);break-inside:avoid;page-break-inside:avoid}
.text{margin:0 0 10px;font-size:1.15rem;white-space:pre-wrap;overflow-wrap:anywhere}
.by{margin:0;font:.95rem system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#4b5563;overflow-wrap:anywhere}
.by strong{color:#111827}
.state{color:#9a3412}
.photo,.video{display:block;max-width:100%;max-height:70vh;margin:0 0 12px;border-radius:6px;background:#111827}
.photo{background:none}
audio{display:block;width:100%;margin:0 0 12px}
.label,.file{margin:0 0 6px;font:.9rem system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#4b5563;overflow-wrap:anywhere}
.file a{color:inherit}
.empty{text-align:center;color:#4b5563}
footer{text-align:center;color:#6b7280;font:.8rem system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:8px 16px 24px}
@media print{body{background:#fff}.entry{box-shadow:none;border:1px solid #d1d5db}}
</style>
</head>
<body>
<header><h1>${esc(m.event.name)}</h1><p>${esc(t.title)} · ${esc(count)}</p></header>
<main>
${body}
</main>
<footer>${esc(t.footer)}</footer>
</body>
</html>
`;
}

/** A field of the CSV: quoted when it must be, and never read by a spreadsheet as a formula (`=`, `+`, `-`, `@` first). */
function csvField(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * `gaestebuch.csv`: one row per entry (time, name, text, attachment, state), UTF-8 with a byte-order mark so
 * that Excel reads it as UTF-8, lines ended with CRLF. The separator is the one Excel expects in the language:
 * `;` in German (where `,` is the decimal comma), `,` in English.
 */
export function keepsakeCsv(entries: KeepsakeEntry[], language: Language): string {
  const t = KEEPSAKE_TEXTS[language];
  const separator = language === 'de' ? ';' : ',';
  const line = (fields: string[]) => fields.map((f) => csvField(f, separator)).join(separator);
  const rows = entries.map((e) =>
    line([`${e.day} ${e.time}`, e.row.name, e.row.text, e.media?.original ?? '', e.row.approved ? t.stateShared : t.stateWithdrawn]),
  );
  return `\uFEFF${[line([t.csvTime, t.csvName, t.csvText, t.csvFile, t.csvState]), ...rows].join('\r\n')}\r\n`;
}

/** The keepsake for this reader of the export, in the language of the page that asked for it. */
export const keepsakeFor = (reader: Viewer, language: Language): KeepsakeFor => ({
  reader,
  render: (model) => ({ page: renderKeepsakePage(model, language), csv: keepsakeCsv(model.entries, language) }),
});
