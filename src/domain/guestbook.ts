// The guestbook's rules (issue 27): how long a message and a name may be, and how much one guest may write.
import type { EventStatus } from './event-window.ts';
import { NICKNAME_MAX } from './nickname.ts';
import { can, seesWholeEvent, type Viewer } from './permissions.ts';

/** A message: up to 1,000 characters, counted as the guest sees them (an emoji is one). */
export const GUESTBOOK_TEXT_MAX = 1000;
/** The name an entry is signed with (the nickname, or one typed for this entry): as long as a nickname. */
export const GUESTBOOK_NAME_MAX = NICKNAME_MAX;
/** Entries one guest may leave in an event, and how many of them in one minute. */
export const GUESTBOOK_LIMITS = { perGuest: 20, perMinute: 5 } as const;

/** What an entry may carry besides its text (one of them): a photo (a selfie), a video message, a voice message. */
export const ATTACHMENT_KINDS = ['photo', 'video', 'audio'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
/** The longest video message and voice message, in seconds (as they play, measured by ffprobe or decoding). */
export const ATTACHMENT_MAX_SECONDS = { video: 60, audio: 120 } as const;

/** Length as the guest counts it. */
export const visibleLength = (value: string) => [...value].length;

/**
 * Who sees an entry: the uploads list's rule (the event window for guests and visitors; host and admin
 * everything; approved entries, and a guest their own). One rule for the list and the live stream.
 */
export function seesGuestbookEntry(
  entry: { eventId: number; userId: string | null; approved: boolean },
  viewer: Viewer,
  status: EventStatus,
): boolean {
  if (!can(viewer, 'readGuestbook', { eventId: entry.eventId, eventStatus: status })) return false;
  if (seesWholeEvent(viewer, entry.eventId)) return true;
  return entry.approved || can(viewer, 'seeUnapproved', { ownerUserId: entry.userId });
}
