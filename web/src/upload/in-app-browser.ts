// Social apps open shared links in their own webview; there uploads break off when the guest switches
// apps, and cookies (the guest's identity here) do not survive. Each app marks its webview in the user agent.

export type InAppBrowser = 'Instagram' | 'WhatsApp' | 'Messenger' | 'Facebook' | 'TikTok' | 'Snapchat' | 'LINE' | 'WeChat';

/** First match wins: Messenger before Facebook (both carry FBAV). */
const MARKERS: [InAppBrowser, RegExp][] = [
  ['Instagram', /\bInstagram \d/],
  ['WhatsApp', /\[WA(?:iOS|4A)\/|\bWhatsApp\/\d/],
  ['Messenger', /\bFBAN\/Messenger|\bFB_IAB\/(?:MESSENGER|Orca-Android)/],
  ['Facebook', /\bFBAN\/|\bFB_IAB\/|\bFBAV\/|\bMetaIAB\b/],
  ['TikTok', /\bmusical_ly|\bBytedanceWebview\/|\btrill_\d/],
  ['Snapchat', /\bSnapchat\/\d/],
  ['LINE', /\bLine\/\d/],
  ['WeChat', /\bMicroMessenger\//],
];

/** The app whose webview this is, or null for a browser of its own (Safari, Chrome, Firefox, Samsung Internet…). */
export function inAppBrowser(userAgent: string): InAppBrowser | null {
  return MARKERS.find(([, re]) => re.test(userAgent))?.[0] ?? null;
}
