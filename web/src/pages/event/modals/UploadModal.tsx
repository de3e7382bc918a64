import { CircleAlert, CircleCheck, CircleSlash, Clock, CloudUpload, Copy, Pause, RotateCw } from 'lucide-react';
import { useT, type Dict } from '../../../i18n';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { notUploaded, summarize, type UploadItem } from '../../../store/upload-store';
import { shortenName } from '../../../upload/names';
import { formatPercent } from '../logic/format';
import { albumName } from '../logic/albums';
import '../upload-ui.css';

interface Props {
  items: UploadItem[];
  onCancel: () => void;
  /** closes the sheet at any time; unfinished files go on in the background */
  onClose: () => void;
  /** listed files go again: similar ones without the check, cancelled or failed ones from where they stopped */
  onAgain: (itemIds: string[]) => void;
}

function statusText(it: UploadItem, t: Dict): string {
  if (it.paused) return t.paused;
  if (it.extractingMetadata) return t.statusReading;
  switch (it.status) {
    case 'pending':
      return t.statusPending;
    case 'uploading':
      return `${t.statusUploading} · ${formatPercent(it.progress)}`;
    case 'success':
      return t.statusSuccess;
    case 'duplicate':
      return it.error?.(t) ?? t.duplicateError;
    case 'similar':
      return t.similarFound;
    case 'cancelled':
      return t.statusCancelled;
    case 'error':
      return it.error?.(t) ?? t.genericUploadError;
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
  const t = useT();
  return (
    <li
      className={`ev-upl ev-upl--${it.paused ? 'paused' : it.status}`}
      data-testid="upload-item"
      data-status={it.status}
      data-paused={it.paused}
    >
      <span className="ev-upl__icon">
        <StatusIcon it={it} />
      </span>
      <div className="ev-upl__body">
        <div className="ev-upl__line">
          <span className="ev-upl__name" title={it.fileName} data-testid="upload-item-name">
            {shortenName(it.fileName)}
          </span>
          {it.targetAlbumName && <span className="ev-upl__album">{t.toAlbum(albumName(it.targetAlbumName))}</span>}
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
          {statusText(it, t)}
        </span>
        {it.status === 'similar' && (
          <div className="ev-upl__similar" data-testid="upload-similar">
            {it.duplicateInfo?.thumbnailPath && (
              <figure>
                <img
                  src={it.duplicateInfo.thumbnailPath}
                  alt={t.similarExisting}
                  className="ev-upl__similar-thumb"
                  data-testid="upload-similar-thumb"
                />
                <figcaption>{t.similarExistingCaption}</figcaption>
              </figure>
            )}
            {it.previewUrl && (
              <figure>
                <img src={it.previewUrl} alt={t.similarNew} className="ev-upl__similar-thumb" data-testid="upload-similar-new" />
                <figcaption>{t.similarNew}</figcaption>
              </figure>
            )}
            <button type="button" className="g-btn g-btn--ghost" onClick={() => onAgain([it.id])} data-testid="upload-anyway">
              {t.uploadAnyway}
            </button>
          </div>
        )}
        {(it.status === 'cancelled' || (it.status === 'error' && it.retryable)) && (
          <button type="button" className="g-btn g-btn--ghost ev-upl__retry" onClick={() => onAgain([it.id])} data-testid="upload-retry">
            <RotateCw size={16} aria-hidden="true" />
            {t.uploadRetry}
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
  const t = useT();
  const summary = summarize(items);
  const done = summary.allFinished;
  const missing = items.filter(notUploaded);
  const rest = items.filter((it) => !notUploaded(it));
  const similar = missing.filter((it) => it.status === 'similar');
  return (
    <Modal
      title={t.uploadTitle}
      icon={<CloudUpload size={20} />}
      onClose={onClose}
      testId="upload-modal"
      footer={
        done ? (
          <button type="button" className="g-btn g-btn--primary g-btn--block" onClick={onClose} data-testid="upload-close">
            {summary.allOk ? t.ok : t.close}
          </button>
        ) : (
          <>
            <button type="button" className="g-btn g-btn--ghost" onClick={onCancel} data-testid="upload-cancel">
              {t.cancel}
            </button>
            <button type="button" className="g-btn g-btn--primary" onClick={onClose} data-testid="upload-hide">
              {t.uploadHide}
            </button>
          </>
        )
      }
    >
      <div
        className={`ev-upl-summary is-${summary.tone}`}
        role="status"
        aria-live="polite"
        data-testid="upload-summary"
        data-tone={summary.tone}
      >
        {summary.lines.map((l) => (
          <p key={l}>{l}</p>
        ))}
      </div>
      {missing.length > 0 && (
        <section className="ev-upl-missing" data-testid="upload-not-uploaded">
          <h3 className="ev-upl-missing__title">{t.uploadNotUploaded(missing.length)}</h3>
          {similar.length > 1 && (
            <button
              type="button"
              className="g-btn g-btn--ghost g-btn--block"
              onClick={() => onAgain(similar.map((it) => it.id))}
              data-testid="upload-anyway-all"
            >
              {t.uploadAnywayAll(similar.length)}
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
