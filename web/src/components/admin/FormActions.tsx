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
  return (
    <div className="hx-form__actions">
      <button type="button" className="hx-btn hx-btn--ghost" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </button>
      <button type="submit" className="hx-btn hx-btn--primary" disabled={disabled || busy}>
        {busy ? 'Saving...' : submitLabel}
      </button>
    </div>
  );
}
