import { useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import type { UploadDto } from '../../../../../src/http/api-types';
import { useT } from '../../../i18n';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { useZipSize } from '../download';
import { formatSize } from '../logic/format';
import { albumName as shownName } from '../logic/albums';
import { ZipButton } from '../ZipButton';

interface Props {
  eventId: number;
  albumName: string;
  /** the whole album; null while its pages are still being fetched */
  all: UploadDto[] | null;
  fresh: UploadDto[] | null;
  /** the uploads this guest hearted ('Nur Favoriten') */
  hearted: Set<number>;
  mobile: boolean;
  onStart: (items: UploadDto[]) => void;
  /** 'Alle Fotos': the whole event as one ZIP */
  onStartEvent: () => void;
  onClose: () => void;
}

/**
 * Download selection: what this browser has not downloaded yet (default), or the whole album; below it
 * 'Alle Fotos', the whole event. Each ZIP's size shows before it starts.
 */
export function DownloadModal({ eventId, albumName, all, fresh, hearted, mobile, onStart, onStartEvent, onClose }: Props) {
  const t = useT();
  const [type, setType] = useState<'new' | 'all' | 'favorites'>('new');
  const favorites = useMemo(() => all?.filter((u) => hearted.has(u.id)) ?? null, [all, hearted]);
  const chosen = type === 'new' ? fresh : type === 'all' ? all : favorites;
  const size = useZipSize(eventId, chosen && chosen.length > 0 ? chosen : undefined);
  const start = () => {
    if (!chosen) return;
    onStart(chosen);
    onClose();
  };
  return (
    <Modal
      title={t.downloadTitle}
      icon={<Download size={20} />}
      onClose={onClose}
      size="sm"
      testId="download-modal"
      footer={
        <>
          <button type="button" className="g-btn g-btn--ghost" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="button" className="g-btn g-btn--primary" onClick={start} disabled={!all} data-testid="download-start">
            <Download size={18} aria-hidden="true" />
            {t.downloadStart}
            {size !== null && (
              <span className="ev-zip__size" data-testid="download-start-size" data-bytes={size}>
                {formatSize(size)}
              </span>
            )}
          </button>
        </>
      }
    >
      <p>{t.downloadText(shownName(albumName))}</p>
      {!all || !fresh ? (
        <Spinner label={t.albumLoading} />
      ) : (
        <fieldset className="ev-dl-options">
          <legend className="visually-hidden">{t.downloadTitle}</legend>
          {[
            { option: 'new' as const, label: t.downloadNewOption(fresh.length), hint: t.downloadNewHint },
            { option: 'all' as const, label: t.downloadAllOption(all.length), hint: t.downloadAllHint },
            ...(favorites && favorites.length > 0
              ? [{ option: 'favorites' as const, label: t.downloadFavoritesOption(favorites.length), hint: t.downloadFavoritesHint }]
              : []),
          ].map(({ option, label, hint }) => (
            <label key={option} className={`ev-dl-option${type === option ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name="dl-type"
                value={option}
                checked={type === option}
                onChange={() => setType(option)}
                data-testid={`download-${option}`}
              />
              <span>
                <strong>{label}</strong>
                <span className="g-help">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="g-help ev-dl-hint">{t.downloadContinues}</p>
      <div className="ev-dl-event">
        <p className="g-help">{t.downloadEventAllHint}</p>
        <ZipButton
          eventId={eventId}
          items={null}
          label={t.downloadEventAll}
          onStart={() => {
            onStartEvent();
            onClose();
          }}
          testId="download-event"
        />
      </div>
      {mobile && <p className="g-help ev-dl-hint">{t.mobileSaveHint}</p>}
    </Modal>
  );
}
