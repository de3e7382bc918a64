import { createPortal } from 'react-dom';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useToasts } from '../store/toast-store';
import './Toast.css';

/** The guest page's toast (§9: 4 s, one at a time); inside the open dialog, if any, above its buttons. */
export function Toast() {
  const toast = useToasts((s) => s.toasts.at(-1));
  const dismiss = useToasts((s) => s.dismiss);
  const slot = useToasts((s) => s.slots.at(-1));
  const region = (
    <div className={slot ? 'g-toast-region g-toast-region--inline' : 'g-toast-region'} role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <div key={toast.id} className={`g-toast g-toast--${toast.kind}`} data-testid="toast" onClick={() => dismiss(toast.id)}>
          {toast.kind === 'success' ? (
            <CircleCheck size={18} aria-hidden="true" />
          ) : toast.kind === 'error' ? (
            <CircleAlert size={18} aria-hidden="true" />
          ) : (
            <Info size={18} aria-hidden="true" />
          )}
          <span>{toast.message}</span>
        </div>
      )}
    </div>
  );
  return slot ? createPortal(region, slot) : region;
}
