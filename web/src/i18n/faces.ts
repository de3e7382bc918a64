import type { Language } from '../../../src/domain/languages';
import { facesDe, type FacesDict } from './faces.de';
import { facesEn } from './faces.en';
import { useLanguage } from './index';

// The face search section is its own chunk (issue 30), and these few texts travel in it: both languages, so a
// switch needs no further fetch. A new language fails tsc here until it has them.
const FACES: Record<Language, FacesDict> = { de: facesDe, en: facesEn };

/** The face search section's texts in the language shown. */
export function useFacesT(): FacesDict {
  return FACES[useLanguage()];
}
