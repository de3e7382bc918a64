import type { UploadDto } from '../../../../src/http/api-types';
import { useT } from '../../i18n';
import { ZipButton } from './ZipButton';

// Issue 22: 'Auswählen' in the album toolbar turns the grid into a selection (a tap picks a tile instead
// of opening it: hooks/use-selection.ts); the bar at the bottom downloads the picked ones as one ZIP.

export function SelectionBar({
  eventId,
  chosen,
  onDownload,
  onDone,
}: {
  eventId: number;
  chosen: UploadDto[];
  onDownload: () => void;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <div className="ev-selbar" role="region" aria-label={t.selectAction} data-testid="selection-bar">
      <div className="ev-selbar__row">
        <strong aria-live="polite" data-testid="selection-count">
          {chosen.length ? t.selectedCount(chosen.length) : t.selectNone}
        </strong>
        <button type="button" className="g-btn g-btn--ghost ev-selbar__done" onClick={onDone} data-testid="selection-done">
          {t.selectDone}
        </button>
      </div>
      <ZipButton eventId={eventId} items={chosen} label={t.zipSelection} onStart={onDownload} testId="selection-download" primary />
    </div>
  );
}
