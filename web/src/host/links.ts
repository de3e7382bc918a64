// The links the host hands out: the guests' event page and the couple's settings page, from the configured
// public URL (the box's address guests can reach), else this page's origin.

const base = (publicUrl: string | null | undefined): string =>
  (publicUrl || (typeof location !== 'undefined' ? location.origin : '')).replace(/\/+$/, '');

/** The guest link for an event. */
export function eventLink(publicUrl: string | null | undefined, code: string): string {
  return `${base(publicUrl)}/event/${encodeURIComponent(code)}`;
}

/** The couple's settings page, opened by its client token. */
export function settingsLink(publicUrl: string | null | undefined, token: string): string {
  return `${base(publicUrl)}/event/${encodeURIComponent(token)}/settings`;
}
