import './Spinner.css';

export function Spinner({ fullscreen = false, label = 'Laden…' }: { fullscreen?: boolean; label?: string }) {
  return (
    <div className={fullscreen ? 'spinner-wrap spinner-wrap--full' : 'spinner-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
