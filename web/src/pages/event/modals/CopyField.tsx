import { useId } from 'react';
import { Copy } from 'lucide-react';
import { useT } from '../../../i18n';
import { copyText } from '../../../components/clipboard';
import { toast } from '../../../store/toast-store';

/** A read-only link field with a copy button and its toast. */
export function CopyField({
  label,
  value,
  copiedMessage,
  testId,
}: {
  label: string;
  value: string;
  copiedMessage: string;
  testId?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="g-field">
      <label className="g-label" htmlFor={id}>
        {label}
      </label>
      <div className="g-row">
        <input id={id} className="g-input" value={value} readOnly onFocus={(e) => e.currentTarget.select()} data-testid={testId} />
        <button
          type="button"
          className="g-btn g-btn--ghost"
          onClick={async () => toast((await copyText(value)) ? copiedMessage : t.copyFailed, 'success')}
          data-testid={testId ? `${testId}-copy` : undefined}
        >
          <Copy size={18} aria-hidden="true" />
          {t.copy}
        </button>
      </div>
    </div>
  );
}
