import { useCallback, useEffect, useState } from 'react';

/** Which part of the event page shows: the gallery, the guestbook, the photo challenges' list or the face search. */
export type Section = 'gallery' | 'guestbook' | 'challenges' | 'faces';

/**
 * The guestbook and the challenges have their own addresses (`#gaestebuch`, `#aufgaben`), so a link or the QR
 * card can open them and Back returns to the photos.
 */
const HASHES: Record<Exclude<Section, 'gallery'>, string> = { guestbook: '#gaestebuch', challenges: '#aufgaben', faces: '#fotos-von-mir' };
const fromHash = (): Section => (Object.keys(HASHES) as (keyof typeof HASHES)[]).find((s) => HASHES[s] === location.hash) ?? 'gallery';

export function useSection(): [Section, (s: Section) => void] {
  const [section, setSection] = useState<Section>(fromHash);
  useEffect(() => {
    const onHash = () => setSection(fromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const show = useCallback((next: Section) => {
    if (next === fromHash()) return setSection(next);
    if (next !== 'gallery') location.hash = HASHES[next];
    else history.pushState(null, '', location.pathname + location.search);
    setSection(next);
    window.scrollTo({ top: 0 });
  }, []);
  return [section, show];
}
