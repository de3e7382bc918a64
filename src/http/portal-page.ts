import { html } from 'hono/html';
import { colorToHex, textColorOn } from '../domain/colors.ts';
import type { Language } from '../domain/languages.ts';
import { PORTAL_TEXTS } from '../i18n/index.ts';
import type { EventView } from '../services/events.service.ts';

// The captive portal's page, made for the sign-in sheet of a phone (iOS Captive Network Assistant, Android's
// portal window): plain server-rendered HTML of a few KB, no script (the sheet may run none, and the
// Content-Security-Policy allows none inline), no inline style (the stylesheet comes from /portal/style.css),
// and no upload: the sheet forgets everything when closed and iOS may drop the Wi-Fi while it uploads.

export interface PortalPageModel {
  /** the event whose address is shown, or null: then the running events are listed to choose from */
  event: EventView | null;
  running: EventView[];
  joined: boolean;
  /** `http://<box>/event/<code>` */
  eventAddress: string | null;
  /** what a guest can type instead (`fotos.box/<code>`), or null */
  shortAddress: string | null;
  /** the phone's language (its sheet's Accept-Language), else the event's (portal.routes.ts) */
  language: Language;
}

/** Long addresses wrap after a slash rather than inside a word: easier to read and to type. */
const breakAfterSlashes = (text: string) => text.split(/(?<=\/)(?!\/)/).map((part, i) => (i === 0 ? part : html`<wbr>${part}`));

export function renderPortalPage(m: PortalPageModel): string {
  const t = PORTAL_TEXTS[m.language];
  const title = m.event?.name ?? 'Momentbox';
  const joinForm = m.joined
    ? html`<p class="joined" role="status">${t.joined}</p>`
    : html`<form method="post" action="/portal/join">
  ${m.event ? html`<input type="hidden" name="event" value="${m.event.code}">` : ''}
  <button type="submit" class="join">${t.join}</button>
</form>`;
  const address =
    m.event && m.eventAddress
      ? html`<section class="open">
  <h2>${t.openInBrowser}</h2>
  <p class="address" data-testid="event-address">${breakAfterSlashes(m.eventAddress)}</p>
  ${m.shortAddress ? html`<p class="short">${t.orShort} <strong>${m.shortAddress}</strong></p>` : ''}
  <h3>iPhone</h3>
  <p>${t.iphone}</p>
  <h3>Android</h3>
  <p>${t.android}</p>
  <p class="hint">${t.noUploadHere}</p>
</section>`
      : '';
  const choice = m.event
    ? ''
    : m.running.length > 0
      ? html`<h2>${t.chooseEvent}</h2>
<ul class="events">${m.running.map((e) => html`<li><a href="/portal?event=${encodeURIComponent(e.code)}">${e.name}</a></li>`)}</ul>`
      : html`<p>${t.noEvent}</p>`;
  const stylesheet = m.event ? `/portal/style.css?event=${encodeURIComponent(m.event.code)}` : '/portal/style.css';
  return html`<!doctype html>
<html lang="${m.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${t.titleSuffix}</title>
<link rel="stylesheet" href="${stylesheet}">
</head>
<body>
<header><h1>${title}</h1><p>${t.welcome}</p></header>
<main>
${choice}
${joinForm}
${address}
</main>
</body>
</html>
`.toString();
}

const BASE_CSS = `*{box-sizing:border-box}
body{margin:0;font:18px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f9fafb}
header{padding:28px 20px 22px;text-align:center;background:linear-gradient(135deg,var(--p),var(--s));color:var(--on-p)}
h1{margin:0;font-size:28px;line-height:1.2;overflow-wrap:anywhere}
header p{margin:6px 0 0}
main{max-width:520px;margin:0 auto;padding:20px}
.join{display:block;width:100%;min-height:64px;margin:8px 0 20px;border:0;border-radius:16px;background:var(--p);color:var(--on-p);font-family:inherit;font-size:22px;font-weight:700;cursor:pointer}
.joined{margin:8px 0 20px;padding:16px;border-radius:16px;background:#dcfce7;color:#14532d;font-weight:700;text-align:center}
h2{font-size:20px;margin:18px 0 8px}
h3{font-size:17px;margin:16px 0 4px}
.address{margin:0;padding:16px;border:2px solid var(--p);border-radius:12px;background:#fff;font:700 24px/1.3 ui-monospace,Menlo,monospace;overflow-wrap:break-word;user-select:all;-webkit-user-select:all}
.short{margin:8px 0 0}
.hint{margin-top:20px;color:#4b5563;font-size:15px}
.events{list-style:none;padding:0}
.events a{display:block;margin:0 0 10px;padding:16px;border-radius:12px;background:#fff;border:2px solid #e5e7eb;color:inherit;font-weight:700;text-decoration:none}
`;

const NEUTRAL = { primary: '#374151', secondary: '#6b7280' };

/** The portal's stylesheet in the event's colours (stored colours are validated hex or named tokens). */
export function portalStylesheet(event: EventView | null): string {
  const primary = event ? colorToHex(event.primaryColor) : NEUTRAL.primary;
  const secondary = event ? colorToHex(event.secondaryColor) : NEUTRAL.secondary;
  return `:root{--p:${primary};--s:${secondary};--on-p:${textColorOn(primary)}}\n${BASE_CSS}`;
}
