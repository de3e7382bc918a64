import { useT } from '../i18n';
import './Spinner.css';

export function Spinner({ fullscreen = false, label }: { fullscreen?: boolean; label?: string }) {
  const t = useT();
  return (
    <div className={fullscreen ? 'spinner-wrap spinner-wrap--full' : 'spinner-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t.loading}</span>
    </div>
  );
}
