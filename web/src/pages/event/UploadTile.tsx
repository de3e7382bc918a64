import { useId, type ReactNode } from 'react';
import { ImagePlus, Plus } from 'lucide-react';
import { useT } from '../../i18n';

// §2 the first tile: 'Foto & Video Upload' (image/* and video/*, several files), and for an identified
// guest the checkbox 'Automatisch freigeben'.

interface Props {
  identified: boolean;
  autoApprove: boolean;
  onAutoApprove: (on: boolean) => void;
  /** false stops the file picker (event not active, no consent yet) */
  beforePick: () => boolean;
  onFiles: (files: File[]) => void;
  disabled: boolean;
  notStarted?: boolean;
}

/** The hidden file input of an upload action (the tile, the phone's floating button); a <label> opens it. */
function PickerInput({
  id,
  beforePick,
  onFiles,
  testId,
}: {
  id: string;
  beforePick: () => boolean;
  onFiles: (files: File[]) => void;
  testId: string;
}) {
  return (
    <input
      id={id}
      type="file"
      // HEIC named explicitly: desktop pickers without a HEIC codec do not count .heic as image/*
      accept="image/*,video/*,.heic,.heif"
      multiple
      className="ev-upload__input"
      data-testid={testId}
      onClick={(e) => {
        if (!beforePick()) e.preventDefault();
      }}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length) onFiles(files);
      }}
    />
  );
}

/**
 * On phones the upload tile scrolls away with the grid: this bar along the bottom keeps uploading one tap
 * away ('+' on the right) without floating over photos (the page leaves room for it). Its left part
 * (`children`) is for what the guest should see meanwhile, e.g. the uploads' progress.
 */
export function UploadFab({ beforePick, onFiles, children }: Pick<Props, 'beforePick' | 'onFiles'> & { children?: ReactNode }) {
  const t = useT();
  const inputId = useId();
  return (
    <div className="ev-bottombar" data-testid="bottom-bar">
      <div className="ev-bottombar__status">{children}</div>
      <div className="ev-fab" data-testid="upload-fab">
        <PickerInput id={inputId} beforePick={beforePick} onFiles={onFiles} testId="upload-fab-input" />
        <label htmlFor={inputId} className="ev-fab__btn" title={t.uploadTile}>
          <Plus size={26} aria-hidden="true" />
          <span className="visually-hidden">{t.uploadTile}</span>
        </label>
      </div>
    </div>
  );
}

export function UploadTile({ identified, autoApprove, onAutoApprove, beforePick, onFiles, disabled, notStarted }: Props) {
  const t = useT();
  const inputId = useId();
  const autoId = useId();
  return (
    <div className={`ev-upload${disabled ? ' is-disabled' : ''}`} data-testid="upload-tile">
      <PickerInput id={inputId} beforePick={beforePick} onFiles={onFiles} testId="upload-input" />
      <label htmlFor={inputId} className="ev-upload__label">
        <span className="ev-upload__icon" aria-hidden="true">
          <ImagePlus size={28} />
        </span>
        <span className="ev-upload__title">{t.uploadTile}</span>
        <span className="ev-upload__hint">{disabled ? (notStarted ? t.uploadTileNotYet : t.uploadTileClosed) : t.uploadTileHint}</span>
      </label>
      {identified && !disabled && (
        <label className="ev-upload__auto" htmlFor={autoId}>
          <input
            id={autoId}
            type="checkbox"
            checked={autoApprove}
            onChange={(e) => onAutoApprove(e.target.checked)}
            data-testid="auto-approve"
          />
          <span>{t.autoApprove}</span>
        </label>
      )}
    </div>
  );
}
