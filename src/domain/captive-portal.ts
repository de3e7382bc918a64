// What phones, tablets and laptops expect from their connectivity checks, and the venue's typeable name.

/** The genuine 'online' answer of each connectivity check, byte for byte what the vendors' servers send. */
export const ONLINE_ANSWERS: Record<string, { status: 200 | 204; type?: string; body: string }> = {
  // Apple (captive.apple.com): the sheet closes and iOS keeps the Wi-Fi.
  '/hotspot-detect.html': { status: 200, type: 'text/html', body: '<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>' },
  '/library/test/success.html': {
    status: 200,
    type: 'text/html',
    body: '<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>',
  },
  // Android (connectivitycheck.gstatic.com, clients3.google.com)
  '/generate_204': { status: 204, body: '' },
  '/gen_204': { status: 204, body: '' },
  // Windows (www.msftconnecttest.com, www.msftncsi.com)
  '/connecttest.txt': { status: 200, type: 'text/plain', body: 'Microsoft Connect Test' },
  '/ncsi.txt': { status: 200, type: 'text/plain', body: 'Microsoft NCSI' },
  // Firefox (detectportal.firefox.com)
  '/success.txt': { status: 200, type: 'text/plain', body: 'success\n' },
  '/canonical.html': {
    status: 200,
    type: 'text/html',
    body: '<meta http-equiv="refresh" content="0;url=https://support.mozilla.org/kb/captive-portal"/>',
  },
};

/** Paths that only open a portal (Windows opens msftconnecttest.com/redirect in the browser); they have no 'online' answer. */
export const PORTAL_OPENERS = ['/redirect'];

export const isConnectivityCheck = (path: string) => Object.hasOwn(ONLINE_ANSWERS, path) || PORTAL_OPENERS.includes(path);

/**
 * A name any guest can type on the venue network, where the box's DNS answers every name with the box:
 * `fotos.box/<event code>` leads to the event. `.box` is a real top-level domain, so phone browsers treat
 * the typed text as an address rather than a search.
 */
export const VENUE_SHORT_NAME = 'fotos.box';
