import { useId } from 'react';
import { Download } from 'lucide-react';
import type { UploadDto } from '../../../../src/http/api-types';
import { useT } from '../../i18n';
import { useZipSize } from './download';
import { formatSize } from './logic/format';

// Issue 22: a ZIP button says how large the download will be before it starts (the server counts the
// exact bytes), and that the download then continues in the browser (a phone may leave the page).

interface Props {
  eventId: number;
  /** the uploads to zip, or null for everything the guest sees of the event */
  items: Pick<UploadDto, 'id'>[] | null;
  label: string;
  onStart: () => void;
  testId: string;
  primary?: boolean;
}

export function ZipButton({ eventId, items, label, onStart, testId, primary }: Props) {
  const t = useT();
  const size = useZipSize(eventId, items);
  const hintId = useId();
  const empty = items !== null && items.length === 0;
  return (
    <div className="ev-zip">
      <button
        type="button"
        className={`g-btn ${primary ? 'g-btn--primary' : 'g-btn--ghost'} ev-zip__btn`}
        onClick={onStart}
        disabled={empty}
        aria-describedby={hintId}
        data-testid={testId}
      >
        <Download size={18} aria-hidden="true" />
        <span>{label}</span>
        {!empty && (
          <span className="ev-zip__size" data-testid={`${testId}-size`} data-bytes={size ?? undefined}>
            {size === null ? t.zipSizeUnknown : formatSize(size)}
          </span>
        )}
      </button>
      <span id={hintId} className="ev-zip__hint">
        {t.downloadContinues}
      </span>
    </div>
  );
}
