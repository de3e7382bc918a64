import { useMemo } from 'react';
import { Compass } from 'lucide-react';
import { useT } from '../../i18n';
import { inAppBrowser } from '../../upload/in-app-browser';
import { CopyField } from './modals/CopyField';
import './upload-ui.css';

/**
 * Before the upload tile in a social app's webview: open the page in the phone's browser, with the address
 * to copy (the copy falls back to execCommand on plain http://, and the field can be selected by hand).
 */
export function InAppBanner({ link }: { link: string }) {
  const t = useT();
  const app = useMemo(() => inAppBrowser(navigator.userAgent), []);
  if (!app) return null;
  return (
    <div className="ev-inapp" role="note" data-testid="inapp-banner" data-app={app}>
      <p className="ev-inapp__text">
        <Compass size={20} aria-hidden="true" />
        <span>{t.inAppBanner}</span>
      </p>
      <CopyField label={t.inAppAddress} value={link} copiedMessage={t.inAppCopied} testId="inapp-link" />
    </div>
  );
}
