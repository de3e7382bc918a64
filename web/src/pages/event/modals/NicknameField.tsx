import { useId } from 'react';
import { useT } from '../../../i18n';
import { NICKNAME_MAX } from '../../../../../src/domain/nickname.ts';
import { nicknameError } from '../logic/nickname';

/** §5 nickname input with the 30-character rule: the error shows below the field while the value is too long. */
export function NicknameField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const t = useT();
  const id = useId();
  const errId = useId();
  const error = nicknameError(value);
  return (
    <div className="g-field">
      <label className="g-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="g-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t.nicknamePlaceholder}
        autoComplete="nickname"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        data-testid={testId}
        data-max={NICKNAME_MAX}
      />
      {error && (
        <p id={errId} className="g-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
