import { useCallback, useEffect, useState } from 'react';

/** Which part of the event page shows: the gallery or the guestbook. */
export type Section = 'gallery' | 'guestbook';

/** The guestbook has its own address (`#gaestebuch`), so a link or the QR card can open it and Back returns to the photos. */
const GUESTBOOK_HASH = '#gaestebuch';
const fromHash = (): Section => (location.hash === GUESTBOOK_HASH ? 'guestbook' : 'gallery');

export function useSection(): [Section, (s: Section) => void] {
  const [section, setSection] = useState<Section>(fromHash);
  useEffect(() => {
    const onHash = () => setSection(fromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const show = useCallback((next: Section) => {
    if (next === fromHash()) return setSection(next);
    if (next === 'guestbook') location.hash = GUESTBOOK_HASH;
    else history.pushState(null, '', location.pathname + location.search);
    setSection(next);
    window.scrollTo({ top: 0 });
  }, []);
  return [section, show];
}
