import { useEffect, useState } from 'react';
import type { Language } from '../../../src/domain/languages';
import type { BackupDict } from './backup.de';
import { useLanguage } from './index';

/** Each language's backup strings, its own chunk (a new language fails tsc here until it has them). */
const BACKUP_STRINGS: Record<Language, () => Promise<BackupDict>> = {
  de: () => import('./backup.de').then((m) => m.backupDe),
  en: () => import('./backup.en').then((m) => m.backupEn),
};

/** The dashboard's backup section's strings in the language shown; null while they load. */
export function useBackupT(): BackupDict | null {
  const lang = useLanguage();
  const [loaded, setLoaded] = useState<{ lang: Language; dict: BackupDict } | null>(null);
  useEffect(() => {
    let current = true;
    void BACKUP_STRINGS[lang]().then((dict) => {
      if (current) setLoaded({ lang, dict });
    });
    return () => {
      current = false;
    };
  }, [lang]);
  return loaded?.lang === lang ? loaded.dict : null;
}
