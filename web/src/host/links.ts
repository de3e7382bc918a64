// The links the host hands out: the guests' event page, the live wall and the couple's settings page, from
// the public URL the server names in /api/config (the configured address, else the box's LAN address: never
// the address in this browser's bar, which may be the box's own 127.0.0.1), else this page's origin.

const base = (publicUrl: string | null | undefined): string =>
  (publicUrl || (typeof location !== 'undefined' ? location.origin : '')).replace(/\/+$/, '');

/** The guest link for an event. */
export function eventLink(publicUrl: string | null | undefined, code: string): string {
  return `${base(publicUrl)}/event/${encodeURIComponent(code)}`;
}

/** The event's live wall, for the projector's browser. */
export function wallLink(publicUrl: string | null | undefined, code: string): string {
  return `${eventLink(publicUrl, code)}/wall`;
}

/** The couple's settings page, opened by its client token. */
export function settingsLink(publicUrl: string | null | undefined, token: string): string {
  return `${base(publicUrl)}/event/${encodeURIComponent(token)}/settings`;
}
