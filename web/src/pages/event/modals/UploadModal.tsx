import { CircleAlert, CircleCheck, CircleSlash, Clock, CloudUpload, Copy, Pause, RotateCw } from 'lucide-react';
import { de } from '../../../i18n/de';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { notUploaded, summarize, type UploadItem } from '../../../store/upload-store';
import { shortenName } from '../../../upload/names';
import '../upload-ui.css';

interface Props {
  items: UploadItem[];
  onCancel: () => void;
  /** closes the sheet at any time; unfinished files go on in the background */
  onClose: () => void;
  /** listed files go again: similar ones without the check, cancelled or failed ones from where they stopped */
  onAgain: (itemIds: string[]) => void;
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

function Item({ it, onAgain }: { it: UploadItem; onAgain: Props['onAgain'] }) {
  return (
    <li className={`ev-upl ev-upl--${it.paused ? 'paused' : it.status}`} data-testid="upload-item" data-status={it.status} data-paused={it.paused}>
      <span className="ev-upl__icon">
        <StatusIcon it={it} />
      </span>
      <div className="ev-upl__body">
        <div className="ev-upl__line">
          <span className="ev-upl__name" title={it.fileName} data-testid="upload-item-name">
            {shortenName(it.fileName)}
          </span>
          {it.targetAlbumName && <span className="ev-upl__album">{de.toAlbum(it.targetAlbumName)}</span>}
        </div>
        <div className="ev-upl__bar" role="progressbar" aria-label={shortenName(it.fileName)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={it.progress}>
          <span style={{ width: `${it.progress}%` }} />
        </div>
        <span className="ev-upl__status" data-testid="upload-item-status">
          {statusText(it)}
        </span>
        {it.status === 'similar' && (
          <div className="ev-upl__similar" data-testid="upload-similar">
            {it.duplicateInfo?.thumbnailPath && (
              <figure>
                <img src={it.duplicateInfo.thumbnailPath} alt={de.similarExisting} className="ev-upl__similar-thumb" data-testid="upload-similar-thumb" />
                <figcaption>{de.similarExistingCaption}</figcaption>
              </figure>
            )}
            {it.previewUrl && (
              <figure>
                <img src={it.previewUrl} alt={de.similarNew} className="ev-upl__similar-thumb" data-testid="upload-similar-new" />
                <figcaption>{de.similarNew}</figcaption>
              </figure>
            )}
            <button type="button" className="g-btn g-btn--ghost" onClick={() => onAgain([it.id])} data-testid="upload-anyway">
              {de.uploadAnyway}
            </button>
          </div>
        )}
        {(it.status === 'cancelled' || (it.status === 'error' && it.retryable)) && (
          <button type="button" className="g-btn g-btn--ghost ev-upl__retry" onClick={() => onAgain([it.id])} data-testid="upload-retry">
            <RotateCw size={16} aria-hidden="true" />
            {de.uploadRetry}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * §2 upload progress: the summary, the files the box does not have first (each with its reason, similar ones
 * beside the photo already there), then the others. It can be closed while files still go up.
 */
export function UploadModal({ items, onCancel, onClose, onAgain }: Props) {
  const summary = summarize(items);
  const done = summary.allFinished;
  const missing = items.filter(notUploaded);
  const rest = items.filter((it) => !notUploaded(it));
  const similar = missing.filter((it) => it.status === 'similar');
  return (
    <Modal
      title={de.uploadTitle}
      icon={<CloudUpload size={20} />}
      onClose={onClose}
      testId="upload-modal"
      footer={
        done ? (
          <button type="button" className="g-btn g-btn--primary g-btn--block" onClick={onClose} data-testid="upload-close">
            {summary.allOk ? de.ok : de.close}
          </button>
        ) : (
          <>
            <button type="button" className="g-btn g-btn--ghost" onClick={onCancel} data-testid="upload-cancel">
              {de.cancel}
            </button>
            <button type="button" className="g-btn g-btn--primary" onClick={onClose} data-testid="upload-hide">
              {de.uploadHide}
            </button>
          </>
        )
      }
    >
      <div className={`ev-upl-summary is-${summary.tone}`} role="status" aria-live="polite" data-testid="upload-summary" data-tone={summary.tone}>
        {summary.lines.map((l) => (
          <p key={l}>{l}</p>
        ))}
      </div>
      {missing.length > 0 && (
        <section className="ev-upl-missing" data-testid="upload-not-uploaded">
          <h3 className="ev-upl-missing__title">{de.uploadNotUploaded(missing.length)}</h3>
          {similar.length > 1 && (
            <button type="button" className="g-btn g-btn--ghost g-btn--block" onClick={() => onAgain(similar.map((it) => it.id))} data-testid="upload-anyway-all">
              {de.uploadAnywayAll(similar.length)}
            </button>
          )}
          <ul className="ev-upl-list">
            {missing.map((it) => (
              <Item key={it.id} it={it} onAgain={onAgain} />
            ))}
          </ul>
        </section>
      )}
      <ul className="ev-upl-list">
        {rest.map((it) => (
          <Item key={it.id} it={it} onAgain={onAgain} />
        ))}
      </ul>
    </Modal>
  );
}
