// The captive portal's page in English, typed by the German one (portal.de.ts).
import type { PortalTexts } from './portal.de.ts';

export const portalEn: PortalTexts = {
  welcome: 'Welcome to the Wi-Fi!',
  titleSuffix: 'Wi-Fi',
  join: 'Connect now',
  joined: 'Connected! Your phone now stays on the Wi-Fi.',
  openInBrowser: 'Then open in your browser:',
  orShort: 'or short:',
  iphone: 'Tap Done at the top and open Safari. Type the address there.',
  android:
    'Close this window and open Chrome. Type the address there. If your phone asks whether to stay on the Wi-Fi without internet, tap “Yes”.',
  noUploadHere: 'You upload photos and videos in the browser, not in this window.',
  chooseEvent: 'Which event are you here for?',
  noEvent: 'No event is running here right now.',
};
