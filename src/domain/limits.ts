// The limits and choices the server checks and the web app offers, in one place: the web imports them from
// here (a web file that declares one of these names again fails tests/lint/shared-constants.test.ts).

/** The header designs of the guest page (spec: Minimalistisch, Geteilt, Premium). */
export const HEADER_STYLES = ['minimalistic', 'split', 'premium'] as const;
export type HeaderStyle = (typeof HEADER_STYLES)[number];

/** Seconds each photo stays on the wall. */
export const WALL_SECONDS = { min: 3, max: 60, default: 8 } as const;
/** Einwegkamera (issue 28): the shots per guest the couple may set (a disposable camera has 24 or 36). */
export const SHOTS_PER_GUEST = { min: 1, max: 999, suggested: 24 } as const;
/**
 * Guestbook cards on the wall (issue 27): one as every how-manieth slide (`min`..`max`), or 0 for none;
 * `choices`: what the couple's page offers.
 */
export const WALL_GUESTBOOK_EVERY = { min: 2, max: 20, default: 5, choices: [0, 3, 5, 8, 12] } as const;
/** How the wall lays out its pictures: one at a time (Einzelbild), a collage, or two portrait photos side by side (Hochformat-Paare). */
export const WALL_LAYOUTS = ['single', 'collage', 'pairs'] as const;
export type WallLayout = (typeof WALL_LAYOUTS)[number];
/** Which QR codes the wall's overlay shows: the event's, the venue Wi-Fi's, or both. */
export const WALL_QR_CONTENTS = ['event', 'wifi', 'both'] as const;
export type WallQrContent = (typeof WALL_QR_CONTENTS)[number];

/** Uploads per page of the gallery (GET /api/event/{eventId}/uploads) when a client pages without saying how many, and the most it may ask. */
export const UPLOADS_PAGE_SIZE = 60;
export const MAX_UPLOADS_PAGE_SIZE = 200;
/** The gallery's orders: newest first, or 'Beliebteste' (most hearts first, then newest; issue 28). */
export const UPLOAD_SORTS = ['newest', 'loved'] as const;
export type UploadSort = (typeof UPLOAD_SORTS)[number];
/**
 * 'Nur Favoriten' of a ZIP (issue 28): the uploads with hearts ('loved'), or those the downloading guest hearted
 * ('mine'; the host's and the admin's export has only 'loved').
 */
export const FAVORITES = ['loved', 'mine'] as const;
export type Favorites = (typeof FAVORITES)[number];

/** The filters of the host's moderation list by state; 'loved': those with hearts, most hearts first (the overview's 'Most loved'). */
export const MODERATION_STATUSES = ['all', 'pending', 'approved', 'failed', 'loved'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
/** Uploads per page of the host's moderation list (GET /api/client/event-uploads/{token}): the default and the most. */
export const MODERATION_PAGE = 60;
export const MAX_MODERATION_PAGE = 200;

/** The longest names, in characters: an event's, an album's, a photo booth's API key's. */
export const EVENT_NAME_MAX = 120;
export const ALBUM_NAME_MAX = 100;
export const API_KEY_NAME_MAX = 100;
/** The couple's own line on the printed cards, in characters: one or two lines on an A6 card. */
export const PRINT_LINE_MAX = 80;

/** The admin's password, in characters. */
export const MIN_PASSWORD_LENGTH = 8;

/** The venue Wi-Fi on the QR cards: WPA2 network names are at most 32 bytes, passphrases 8 to 63 characters. */
export const WIFI_SSID_MAX_BYTES = 32;
export const WIFI_PASSWORD = { min: 8, max: 63 } as const;

/** Files in one download ZIP chosen by id (the URL's length); the page splits larger selections into several ZIPs. */
export const MAX_ZIP_FILES = 500;
/** Uploads the host approves, withdraws or deletes in one call at most. */
export const MAX_BULK = 500;
