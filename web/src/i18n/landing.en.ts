import type { LandingCopy } from './landing.de';

// The landing page's English texts: the keys are landing.de.ts's.

export const landingEn: LandingCopy = {
  landingHeroTitle: 'All the photos and videos of your event in one place',
  landingHeroText:
    'Guests scan the QR code, upload their pictures and see right away what the others captured. No app, no account and no internet needed.',
  codeLabel: 'Event code',
  codePlaceholder: 'e.g. wedding-anna-ben',
  codeHint: 'You will find the code on the invitation or the QR card on your table.',
  codeRequired: 'Please enter an event code.',
  joinButton: 'Join event',
  scrollToJoin: 'Join an event now',
  forHosts: 'For hosts',
  forGuests: 'For guests',
  features: 'Features',
  hostBenefits: [
    ['Easy event setup', 'Create the event, choose a code, put up the QR code – done.'],
    ['Design and access', 'Colours, header style and logo to suit the occasion, access only with the event code.'],
    ['One collection', "All your guests' photos and videos end up sorted in one place."],
    ['Privacy', 'Everything stays on the device at the venue. No cloud, no tracking.'],
    ['Backup and export', 'Save the whole event as a ZIP, sorted by album.'],
  ],
  guestBenefits: [
    ['Join with a code', 'Enter the code or scan the QR code – no app, no account.'],
    ['Upload', 'Share photos and videos straight from your phone, many at once.'],
    ['Browse', "See the other guests' best moments, album by album."],
    ['Nickname', 'Show who shared a photo with a nickname of your own.'],
  ],
  featureList: [
    ['Your own event codes', 'Codes you can remember instead of cryptic links.'],
    ['Custom design', "The host's colours, header style and logo."],
    ['Flexible albums', 'Albums with optional time windows – photos land in the right album by themselves.'],
    ['Controlled periods', 'Uploads only during the event, viewing until the chosen date.'],
    ['Download control', 'Allow or block downloads for guests.'],
    ['Sharing control', 'Guests decide for themselves what everyone may see.'],
    ['Responsive layout', 'Equally pleasant on phone, tablet and laptop.'],
    ['Secure client links', 'Hosts manage their event through a secret link.'],
    ['Statistics', 'Uploads, albums and the most active guests at a glance.'],
  ],
};
