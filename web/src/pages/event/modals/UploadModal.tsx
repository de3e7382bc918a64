import { CircleAlert, CircleCheck, CircleSlash, Clock, CloudUpload, Copy, Pause } from 'lucide-react';
import { de } from '../../../i18n/de';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { summarize, type UploadItem } from '../../../store/upload-store';
import { shortenName } from '../../../upload/names';

interface Props {
  items: UploadItem[];
  onCancel: () => void;
  onClose: () => void;
  /** the guest uploads a photo held back as similar to one of theirs */
  onUploadAnyway: (itemId: string) => void;
}

function statusText(it: UploadItem): string {
  if (it.paused) return de.paused;
  if (it.extractingMetadata) return de.statusReading;
  switch (it.status) {
    case 'pending':
      return de.statusPending;
    case 'uploading':
      return `${de.statusUploading} · ${it.progress} %`;
    case 'success':
      return de.statusSuccess;
    case 'duplicate':
      return it.error ?? de.duplicateError;
    case 'similar':
      return de.similarFound;
    case 'cancelled':
      return de.statusCancelled;
    case 'error':
      return it.error ?? de.genericUploadError;
  }
}

function StatusIcon({ it }: { it: UploadItem }) {
  if (it.paused) return <Pause size={18} aria-hidden="true" />;
  switch (it.status) {
    case 'success':
      return <CircleCheck size={18} aria-hidden="true" />;
    case 'duplicate':
    case 'similar':
      return <Copy size={18} aria-hidden="true" />;
    case 'error':
      return <CircleAlert size={18} aria-hidden="true" />;
    case 'cancelled':
      return <CircleSlash size={18} aria-hidden="true" />;
    case 'pending':
      return it.extractingMetadata ? <Spinner /> : <Clock size={18} aria-hidden="true" />;
    default:
      return <Spinner />;
  }
}

/** §2 upload progress: each file with progress and status, the summary, cancel, then 'OK' / 'Schließen'. */
export function UploadModal({ items, onCancel, onClose, onUploadAnyway }: Props) {
  const summary = summarize(items);
  const done = summary.allFinished;
  return (
    <Modal
      title={de.uploadTitle}
      icon={<CloudUpload size={20} />}
      onClose={done ? onClose : undefined}
      testId="upload-modal"
      footer={
        done ? (
          <button type="button" className="g-btn g-btn--primary g-btn--block" onClick={onClose} data-testid="upload-close">
            {summary.allOk ? de.ok : de.close}
          </button>
        ) : (
          <button type="button" className="g-btn g-btn--ghost g-btn--block" onClick={onCancel} data-testid="upload-cancel">
            {de.cancel}
          </button>
        )
      }
    >
      <div className={`ev-upl-summary${done ? (summary.allOk ? ' is-ok' : ' is-error') : ''}`} role="status" aria-live="polite" data-testid="upload-summary">
        {summary.lines.map((l) => (
          <p key={l}>{l}</p>
        ))}
      </div>
      <ul className="ev-upl-list">
        {items.map((it) => (
          <li key={it.id} className={`ev-upl ev-upl--${it.paused ? 'paused' : it.status}`} data-testid="upload-item" data-status={it.status} data-paused={it.paused}>
            <span className="ev-upl__icon">
              <StatusIcon it={it} />
            </span>
            <div className="ev-upl__body">
              <div className="ev-upl__line">
                <span className="ev-upl__name" title={it.fileName}>
                  {shortenName(it.fileName)}
                </span>
                {it.targetAlbumName && <span className="ev-upl__album">{de.toAlbum(it.targetAlbumName)}</span>}
              </div>
              <div
                className="ev-upl__bar"
                role="progressbar"
                aria-label={shortenName(it.fileName)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={it.progress}
              >
                <span style={{ width: `${it.progress}%` }} />
              </div>
              <span className="ev-upl__status" data-testid="upload-item-status">
                {statusText(it)}
              </span>
              {it.status === 'similar' && (
                <div className="ev-upl__similar" data-testid="upload-similar">
                  {it.duplicateInfo?.thumbnailPath && (
                    <img src={it.duplicateInfo.thumbnailPath} alt={de.similarExisting} className="ev-upl__similar-thumb" data-testid="upload-similar-thumb" />
                  )}
                  <button type="button" className="g-btn g-btn--ghost" onClick={() => onUploadAnyway(it.id)} data-testid="upload-anyway">
                    {de.uploadAnyway}
                  </button>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
