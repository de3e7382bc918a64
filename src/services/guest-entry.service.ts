import type { GuestsService } from './guests.service.ts';
import type { PortalService } from './portal.service.ts';

/** What a guest's consent or recovery comes to: whether they consented, and the user id their cookie is to hold (null: none). */
export interface GuestEntry {
  hasConsent: boolean;
  userId: string | null;
}

/**
 * A guest's way into an event: consent, or a session recovered on another browser. Either joins the
 * device to the venue's captive portal (in captive-portal mode), so the phone keeps the Wi-Fi and the guest
 * goes on in a real browser. The answer names the user id the guest cookie is to hold; the route sets it.
 */
export function createGuestEntryService(deps: { guests: GuestsService; portal: PortalService; captivePortal: boolean }) {
  const joinPortal = (address: string) => {
    if (deps.captivePortal) deps.portal.join(address);
  };
  return {
    /** Consent of `userId`, or of a new guest (a random UUID) without one; 429 past the address's allowance of new guests. */
    consent(eventId: number, userId: string | null, address: string): GuestEntry & { hasConsent: true; userId: string } {
      const id = userId ?? crypto.randomUUID();
      deps.guests.giveConsent(eventId, id, address);
      joinPortal(address);
      return { hasConsent: true, userId: id };
    },

    /** Recovery (/event/{code}/recover/{userId}): the session comes back only for an id that gave consent. */
    recover(eventId: number, userId: string, address: string): GuestEntry {
      if (!deps.guests.hasConsent(eventId, userId)) return { hasConsent: false, userId: null };
      joinPortal(address);
      return { hasConsent: true, userId };
    },
  };
}

export type GuestEntryService = ReturnType<typeof createGuestEntryService>;
