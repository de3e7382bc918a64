import { useHostT } from '../../i18n';

/**
 * The foot of a host dialog's form: Cancel, and the submit button that reads 'Saving...' while the form is
 * sent. One place for the buttons' order, classes and busy text of every host form.
 */
export function FormActions({
  submitLabel,
  busy,
  disabled = false,
  cancelDisabled = false,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  /** the form is not complete yet (busy disables the button as well) */
  disabled?: boolean;
  cancelDisabled?: boolean;
  onCancel: () => void;
}) {
  const h = useHostT();
  return (
    <div className="hx-form__actions">
      <button type="button" className="hx-btn hx-btn--ghost" onClick={onCancel} disabled={cancelDisabled}>
        {h.cancel}
      </button>
      <button type="submit" className="hx-btn hx-btn--primary" disabled={disabled || busy}>
        {busy ? h.saving : submitLabel}
      </button>
    </div>
  );
}
