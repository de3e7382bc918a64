// Text into HTML written by the server (the published gallery, the guestbook keepsake): every character that
// could open markup or end an attribute, so a guest's words stay words.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
