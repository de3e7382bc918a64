import { useId, useRef } from 'react';
import { ImagePlus } from 'lucide-react';
import { de } from '../../i18n/de';

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

export function UploadTile({ identified, autoApprove, onAutoApprove, beforePick, onFiles, disabled, notStarted }: Props) {
  const inputId = useId();
  const autoId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={`ev-upload${disabled ? ' is-disabled' : ''}`} data-testid="upload-tile">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        // HEIC named explicitly: desktop pickers without a HEIC codec do not count .heic as image/*
        accept="image/*,video/*,.heic,.heif"
        multiple
        className="ev-upload__input"
        data-testid="upload-input"
        onClick={(e) => {
          if (!beforePick()) e.preventDefault();
        }}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <label htmlFor={inputId} className="ev-upload__label">
        <span className="ev-upload__icon" aria-hidden="true">
          <ImagePlus size={28} />
        </span>
        <span className="ev-upload__title">{de.uploadTile}</span>
        <span className="ev-upload__hint">{disabled ? (notStarted ? de.uploadTileNotYet : de.uploadTileClosed) : de.uploadTileHint}</span>
      </label>
      {identified && !disabled && (
        <label className="ev-upload__auto" htmlFor={autoId}>
          <input id={autoId} type="checkbox" checked={autoApprove} onChange={(e) => onAutoApprove(e.target.checked)} data-testid="auto-approve" />
          <span>{de.autoApprove}</span>
        </label>
      )}
    </div>
  );
}
