// The permission table of DESIGN.md ("Every rule is enforced on the server"), as data and functions.
// Routes and services ask `refusal` (or services/authorize.ts, which throws it); nothing else decides
// who may do what. tests/api/permissions.test.ts drives every cell through the HTTP API.
import { UNSORTED_ALBUM_NAME } from './albums.ts';
import type { EventStatus } from './event-window.ts';

/** Who is asking, as the HTTP layer established it (credential, client token or guest cookie). */
export type Viewer =
  | { kind: 'admin' }
  | { kind: 'host'; eventId: number }
  | { kind: 'apiKey'; apiKeyId: number }
  | { kind: 'guest'; userId: string; consented: boolean }
  | { kind: 'visitor' };

/** The columns of the table. A guest without consent counts as a visitor. */
export type Role = Viewer['kind'];

/** How far a role's right reaches. */
export type Reach =
  | 'no'
  /** a guest's own uploads (or own guest id) */
  | 'own'
  /** the event of the host's client token */
  | 'ownEvent'
  | 'any'
  /** consented guests, while the event is active */
  | 'whileActive'
  /** visitors and guests: media until the event's viewable-until (`seesMedia`); what they see is then decided by seeUnapproved */
  | 'untilViewable'
  /** guests: only the album 'Unsortiert' without dates and not a challenge (the target's `album`), idempotent (albums.service ensureUnsorted) */
  | 'unsortedOnly';

// prettier-ignore
/** DESIGN.md's table, row by row. Rows below the line are rules of the specs that the table does not list. */
export const PERMISSIONS = {
  /**
   * read event, visible albums, approved media (files included). The event itself stays readable after
   * viewable-until (its page shows the expired banner); its media are judged with the status (`seesMedia`).
   */
  readEvent:          { visitor: 'untilViewable', guest: 'untilViewable', host: 'ownEvent', admin: 'any', apiKey: 'no' },
  /** see unapproved media (and hidden albums) */
  seeUnapproved:      { visitor: 'no',            guest: 'own',           host: 'ownEvent', admin: 'any', apiKey: 'no' },
  upload:             { visitor: 'no',            guest: 'whileActive',   host: 'no',       admin: 'any', apiKey: 'any' },
  /** approve / withdraw */
  moderate:           { visitor: 'no',            guest: 'own',           host: 'ownEvent', admin: 'any', apiKey: 'no' },
  deleteUpload:       { visitor: 'no',            guest: 'own',           host: 'ownEvent', admin: 'any', apiKey: 'no' },
  createAlbum:        { visitor: 'no',            guest: 'unsortedOnly',  host: 'ownEvent', admin: 'any', apiKey: 'no' },
  /** edit albums, settings, stats, export, wall settings */
  manageEvent:        { visitor: 'no',            guest: 'no',            host: 'ownEvent', admin: 'any', apiKey: 'no' },
  /** the live stream of uploads: each sees what the uploads list shows them */
  liveStream:         { visitor: 'untilViewable', guest: 'untilViewable', host: 'ownEvent', admin: 'any', apiKey: 'no' },
  /**
   * hearts: a consented guest hearts (and un-hearts) what they see, one heart per guest identity (cookie) per
   * upload, until viewable-until; host and admin see the counts (every answer carries them) but have no identity to heart with.
   */
  heart:              { visitor: 'no',            guest: 'untilViewable', host: 'no',       admin: 'no',  apiKey: 'no' },
  /** events, API keys, uploaders (recovery links), password */
  administer:         { visitor: 'no',            guest: 'no',            host: 'no',       admin: 'any', apiKey: 'no' },
  /** guestbook: read, as the uploads list is read (unapproved entries by 'seeUnapproved', a guest's own always) */
  readGuestbook:      { visitor: 'untilViewable', guest: 'untilViewable', host: 'ownEvent', admin: 'any', apiKey: 'no' },
  /** guestbook: write, while the event takes uploads; the admin signs with a name, an API key never writes */
  writeGuestbook:     { visitor: 'no',            guest: 'whileActive',   host: 'no',       admin: 'any', apiKey: 'no' },
  /** guestbook: delete an entry (a guest their own) */
  deleteGuestbook:    { visitor: 'no',            guest: 'own',           host: 'ownEvent', admin: 'any', apiKey: 'no' },
  /** guestbook: approve / withdraw entries (the couple and the admin moderate; a guest's follow the event's sharing rule) */
  moderateGuestbook:  { visitor: 'no',            guest: 'no',            host: 'ownEvent', admin: 'any', apiKey: 'no' },
  // ---- beyond the table
  /** a guest's nickname: only the guest themself (and the admin) may set it */
  editNickname:       { visitor: 'no',            guest: 'own',           host: 'no',       admin: 'any', apiKey: 'no' },
  /** a guest's user id is their session (recovery links are made of it): only they and the admin see it */
  knowGuestId:        { visitor: 'no',            guest: 'own',           host: 'no',       admin: 'any', apiKey: 'no' },
  /** choosing a hidden album for an upload: guests never see one, so their choice is not followed (issue 11) */
  uploadToHidden:     { visitor: 'no',            guest: 'no',            host: 'no',       admin: 'any', apiKey: 'any' },
  /** 'share all my uploads at once': a guest's own private uploads; nobody else has any */
  shareAllOwn:        { visitor: 'no',            guest: 'own',           host: 'no',       admin: 'no',  apiKey: 'no' },
  /** an upload is shared at once whatever autoApprove says (a guest's follows the event's setting) */
  approvedOnUpload:   { visitor: 'no',            guest: 'no',            host: 'no',       admin: 'any', apiKey: 'any' },
  /**
   * Einwegkamera (issue 28), before the event's reveal (`sealed`): what of the event's uploads one sees, on every
   * read path (lists, live stream, media files, ZIPs, similarity answers, hearts): a guest their own, a visitor nothing
   */
  seeBeforeReveal:    { visitor: 'no',            guest: 'own',           host: 'ownEvent', admin: 'any', apiKey: 'no' },
  /** Einwegkamera: uploads past the event's shots per guest (the photo booth's key and the admin are not counted) */
  uploadPastShots:    { visitor: 'no',            guest: 'no',            host: 'ownEvent', admin: 'any', apiKey: 'any' },
  /**
   * face search (issue 30): a consented guest searches with their own selfie among what they see (their own
   * results, remembered selfie, drops, removal), until viewable-until and only while the event has it on (the
   * service checks the setting). The host and the admin only switch it and see its progress: no identity to search with.
   */
  faceSearch:         { visitor: 'no',            guest: 'untilViewable', host: 'no',       admin: 'no',  apiKey: 'no' },
} as const satisfies Record<string, Record<Role, Reach>>;

export type Action = keyof typeof PERMISSIONS;

/** What an action is done to. Leave out what the action does not depend on. */
export interface Target {
  eventId?: number;
  /** the guest who owns the upload (or whose nickname/id it is); null for API-key and admin uploads */
  ownerUserId?: string | null;
  /**
   * The event's status, for 'whileActive' and 'untilViewable'. Without it only the role is judged: the
   * duplicate checks ask "may this one upload here at all" before any bytes are sent.
   */
  eventStatus?: EventStatus;
  /** the album a guest asks to create ('unsortedOnly': only 'Unsortiert' without dates; photo challenges are the couple's) */
  album?: { name?: string; start_datetime?: string | null; end_datetime?: string | null; challenge?: boolean };
}

/** An event as the media rules need it: which one, and where it stands in its window now. */
export interface EventNow {
  id: number;
  status: EventStatus;
  /** Einwegkamera: its reveal is still to come (domain/event-window.ts `isSealed`) */
  sealed: boolean;
}

/** Why an action is refused, as the API answers it (DESIGN.md's error shape: status, code, message). */
export interface Refusal {
  status: 401 | 403;
  /** one of the API's error codes (src/lib/errors.ts ERROR_CODES; authorize() hands it on typed as one) */
  code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'CONSENT_REQUIRED' | 'API_KEY_UPLOAD_ONLY' | 'EVENT_NOT_STARTED' | 'EVENT_ENDED' | 'EVENT_EXPIRED';
  /** its message among the code's in the server's dictionaries (src/i18n/messages.de.ts) */
  variant:
    | 'default'
    | 'unsortedOnly'
    | 'hostsUploadAsGuests'
    | 'ownUploadsOnly'
    | 'ownNicknameOnly'
    | 'guestsShareOwn'
    | 'guestsHeart'
    | 'ownEntriesOnly'
    | 'guestsSearchFaces';
}

/** The role whose column applies: a guest cookie without consent gives no more than a visitor's rights. */
export function roleOf(viewer: Viewer): Role {
  return viewer.kind === 'guest' && !viewer.consented ? 'visitor' : viewer.kind;
}

/** The reach of the viewer's right to `action`, before looking at the target. */
export function reachOf(viewer: Viewer, action: Action): Reach {
  return PERMISSIONS[action][roleOf(viewer)];
}

/** Whether the viewer may do `action` to `target`. */
export function can(viewer: Viewer, action: Action, target: Target = {}): boolean {
  return refusal(viewer, action, target) === null;
}

/**
 * Whether the viewer sees the whole event: hidden albums, unapproved media of everyone and media after
 * viewable-until (the admin, and the host of that event).
 */
export function seesWholeEvent(viewer: Viewer, eventId: number): boolean {
  const reach = reachOf(viewer, 'seeUnapproved');
  return reach === 'any' || (reach === 'ownEvent' && viewer.kind === 'host' && viewer.eventId === eventId);
}

/**
 * Whether the viewer sees media of the event now: its uploads list, the albums' counts and covers, the
 * media files, the live stream and the ZIPs. The one rule of the event window for reading: 'readEvent'
 * judged with the event's status (guests and visitors until viewable-until, the host and the admin always).
 */
export function seesMedia(viewer: Viewer, event: EventNow): boolean {
  return can(viewer, 'readEvent', { eventId: event.id, eventStatus: event.status });
}

/**
 * Who an uploads list of the event is made for, as a key: viewers with the same key get the same list, rows
 * and fields, so one serialised answer may serve them all (http/json-answer-cache.ts). Everything the list's
 * rule (uploads.service `visibleTo`) and the upload's fields (dto.ts `uploadDtoFor`: guest ids) ask of the
 * viewer is in it: the admin (guest ids) and the host (none) never share, nor a guest with uploads of their
 * own and anyone else. `hasOwnUploads`: whether the guest has uploads in the event (one without sees what a visitor sees).
 */
export function listAudience(viewer: Viewer, event: EventNow, hasOwnUploads: boolean): string {
  const rows = seesWholeEvent(viewer, event.id) ? 'all' : viewer.kind === 'guest' && hasOwnUploads ? `guest:${viewer.userId}` : 'public';
  return [
    rows,
    reachOf(viewer, 'seeUnapproved'),
    reachOf(viewer, 'knowGuestId'),
    revealScope(viewer, event),
    seesMedia(viewer, event) ? 'media' : 'no-media',
  ].join('/');
}

/**
 * Einwegkamera: whether the reveal lets the viewer see an upload of `ownerUserId` (null: an API key's or the
 * admin's). After the reveal (or without one) it decides nothing; before it, 'seeBeforeReveal' does.
 */
export function revealLets(viewer: Viewer, event: EventNow, ownerUserId: string | null): boolean {
  return !event.sealed || can(viewer, 'seeBeforeReveal', { eventId: event.id, ownerUserId });
}

/**
 * `revealLets` for a whole list: 'all' (no reveal to wait for, or the host and the admin), 'own' (a guest
 * before the reveal: only their own uploads) or 'none' (a visitor before it).
 */
export function revealScope(viewer: Viewer, event: EventNow): 'all' | 'own' | 'none' {
  if (!event.sealed || can(viewer, 'seeBeforeReveal', { eventId: event.id, ownerUserId: null })) return 'all';
  return viewer.kind === 'guest' && reachOf(viewer, 'seeBeforeReveal') === 'own' ? 'own' : 'none';
}

const CONSENT_REQUIRED: Refusal = { status: 403, code: 'CONSENT_REQUIRED', variant: 'default' };
const NOT_SIGNED_IN: Refusal = { status: 401, code: 'UNAUTHORIZED', variant: 'default' };
const NOT_ALLOWED: Refusal = { status: 403, code: 'FORBIDDEN', variant: 'default' };
/** A photo booth's key is for uploading only: it reads nothing of an event (issue 11). */
const API_KEY_UPLOAD_ONLY: Refusal = { status: 403, code: 'API_KEY_UPLOAD_ONLY', variant: 'default' };
const UNSORTED_ONLY: Refusal = { status: 403, code: 'FORBIDDEN', variant: 'unsortedOnly' };
/** The event-window refusals of an upload (their messages are the spec's words). */
const WINDOW_REFUSALS: Partial<Record<EventStatus, Refusal>> = {
  not_started: { status: 403, code: 'EVENT_NOT_STARTED', variant: 'default' },
  ended: { status: 403, code: 'EVENT_ENDED', variant: 'default' },
  expired: { status: 403, code: 'EVENT_EXPIRED', variant: 'default' },
};

/** What the API answers when the viewer has no right at all to `action` (the reach is 'no'). */
function noRight(viewer: Viewer, action: Action): Refusal {
  const role = roleOf(viewer);
  switch (action) {
    // Admin (and host) screens: without any credential "sign in" (401); a known key or host is not allowed (403).
    case 'manageEvent':
    case 'administer':
      return role === 'visitor' || role === 'guest' ? NOT_SIGNED_IN : NOT_ALLOWED;
    case 'writeGuestbook':
      if (role === 'apiKey') return API_KEY_UPLOAD_ONLY;
      return role === 'visitor' ? CONSENT_REQUIRED : NOT_ALLOWED;
    case 'deleteGuestbook':
      return { status: 403, code: 'FORBIDDEN', variant: 'ownEntriesOnly' };
    case 'upload':
      if (role === 'host') return { status: 403, code: 'FORBIDDEN', variant: 'hostsUploadAsGuests' };
      return role === 'visitor' ? CONSENT_REQUIRED : NOT_ALLOWED;
    case 'createAlbum':
      return role === 'visitor' ? CONSENT_REQUIRED : NOT_ALLOWED;
    // a guest's own identity is what hearts and searches: the host and the admin have none
    case 'heart':
    case 'faceSearch':
      return role === 'visitor'
        ? CONSENT_REQUIRED
        : role === 'apiKey'
          ? API_KEY_UPLOAD_ONLY
          : { status: 403, code: 'FORBIDDEN', variant: action === 'heart' ? 'guestsHeart' : 'guestsSearchFaces' };
    case 'moderate':
    case 'deleteUpload':
      return { status: 403, code: 'FORBIDDEN', variant: 'ownUploadsOnly' };
    case 'editNickname':
      return { status: 403, code: 'FORBIDDEN', variant: 'ownNicknameOnly' };
    case 'shareAllOwn':
      return { status: 403, code: 'FORBIDDEN', variant: 'guestsShareOwn' };
    case 'readEvent':
    case 'seeUnapproved':
    case 'liveStream':
    case 'readGuestbook':
      return role === 'apiKey' ? API_KEY_UPLOAD_ONLY : NOT_ALLOWED;
    default:
      return NOT_ALLOWED;
  }
}

/** Why the viewer may not do `action` to `target`, or null when they may. */
export function refusal(viewer: Viewer, action: Action, target: Target = {}): Refusal | null {
  const reach = reachOf(viewer, action);
  switch (reach) {
    case 'any':
      return null;
    case 'unsortedOnly': {
      const album = target.album;
      return album?.name === UNSORTED_ALBUM_NAME && !album.start_datetime && !album.end_datetime && !album.challenge ? null : UNSORTED_ONLY;
    }
    case 'no':
      return noRight(viewer, action);
    case 'ownEvent':
      return viewer.kind === 'host' && viewer.eventId === target.eventId ? null : noRight(viewer, action);
    case 'own':
      return viewer.kind === 'guest' && target.ownerUserId != null && viewer.userId === target.ownerUserId ? null : noRight(viewer, action);
    case 'whileActive':
      return target.eventStatus === undefined ? null : (WINDOW_REFUSALS[target.eventStatus] ?? null);
    case 'untilViewable':
      return target.eventStatus === 'expired' ? WINDOW_REFUSALS.expired! : null;
  }
}
