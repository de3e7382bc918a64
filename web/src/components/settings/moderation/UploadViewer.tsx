import type { ModerationUploadDto } from '../../../../../src/http/api-types';
import { currentLocale, useHostT } from '../../../i18n';
import { Modal } from '../../Modal';
import { UploadActions, uploaderName, visibilityState, visibilityText } from './UploadActions';

/** One upload large (the photo's viewer image, the video playable), with who sees it and the list's actions. */
export function UploadViewer({
  upload: u,
  albumName,
  busy,
  onApprove,
  onDelete,
  onClose,
}: {
  upload: ModerationUploadDto;
  albumName: string;
  busy: boolean;
  onApprove: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const c = useHostT().couple;
  const state = visibilityState(u);
  return (
    <Modal look="host" size="lg" title={c.uploadBy(uploaderName(u, c))} onClose={onClose} testId="upload-viewer" className="hx-viewer">
      <div className="hx-viewer__media">
        {u.type === 'video' ? (
          <video src={u.preview_path ?? u.file_path} poster={u.thumbnail_path ?? undefined} controls playsInline preload="metadata" />
        ) : (
          <img src={u.preview_path ?? u.thumbnail_path ?? u.file_path} alt={c.uploadBy(uploaderName(u, c))} />
        )}
      </div>
      <p className="hx-viewer__meta">
        <span className={`hx-mod__badge hx-mod__badge--${state} hx-viewer__badge`} data-testid="viewer-visibility" data-state={state}>
          {visibilityText(u, c)}
        </span>
        <span className="hx-small hx-muted">
          {new Date(u.created_at).toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'short' })} · {albumName}
        </span>
      </p>
      <UploadActions upload={u} busy={busy} onApprove={onApprove} onDelete={onDelete} />
    </Modal>
  );
}
