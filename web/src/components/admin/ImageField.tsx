import { useEffect, useId, useState } from 'react';
import { ImageIcon, Upload } from 'lucide-react';
import { isImageFile } from '../../host/design';
import { useHostT } from '../../i18n';

/** Host/header image: images only, shows the chosen file or the current image, a placeholder when broken or absent. */
export function ImageField({
  label,
  currentUrl,
  file,
  onFile,
  hint,
}: {
  label: string;
  currentUrl: string | null | undefined;
  file: File | null;
  onFile: (f: File | null) => void;
  hint?: string;
}) {
  const h = useHostT();
  const id = useId();
  const [error, setError] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl ?? null;
  useEffect(() => {
    setBroken(false);
  }, [shown]);

  return (
    <div className="hx-field">
      <span className="hx-label">{label}</span>
      <div className="hx-image-field">
        <div className="hx-image-field__thumb" data-testid="image-preview">
          {shown && !broken ? (
            <img src={shown} alt={h.currentImage} onError={() => setBroken(true)} />
          ) : (
            <ImageIcon size={28} aria-label={h.noImage} />
          )}
        </div>
        <div className="hx-image-field__body">
          <label htmlFor={id} className="hx-btn hx-btn--secondary hx-btn--sm">
            <Upload size={15} aria-hidden="true" />
            {shown && !broken ? h.replaceImage : h.chooseImage}
          </label>
          <input
            id={id}
            className="visually-hidden"
            type="file"
            accept="image/*"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (!f) return;
              if (!isImageFile(f)) {
                setError(h.notAnImage);
                return;
              }
              setError('');
              onFile(f);
            }}
          />
          {file && <span className="hx-small">{file.name}</span>}
          {hint && !file && <span className="hx-small hx-muted">{hint}</span>}
          {error && (
            <span className="hx-field-error" role="alert">
              {error}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
