import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { useToasts } from '../../store/toast-store';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useHostT } from '../../i18n';

// How the host screens show the toast store's toasts (store/toast-store.ts, hostToast): top-right. The top-right corner
// holds the header's buttons (Logout, 'Event anzeigen'), so a toast sits beside them, in the header's empty
// middle, where it covers nothing that can be clicked; without room there (narrow screens) it falls back to
// the corner below the header.

const ICONS = { success: CheckCircle2, error: XCircle, info: Info } as const;

const GAP_PX = 12;
const MIN_WIDTH_PX = 260;
const MAX_WIDTH_PX = 384;

interface Placement {
  style: CSSProperties;
  /** in the header's row: compact, as tall as its buttons */
  inHeader: boolean;
}

/** Where the toasts go: left of the header's buttons when the header has room, else below the header. */
function placement(): Placement | undefined {
  const actions = document.querySelector('.hx-topbar__actions');
  const brand = document.querySelector('.hx-topbar .hx-brand');
  const bar = document.querySelector('.hx-topbar');
  if (!actions || !bar) return undefined;
  const a = actions.getBoundingClientRect();
  const b = brand?.getBoundingClientRect();
  const room = a.left - (b ? b.right : 0) - 2 * GAP_PX;
  if (room >= MIN_WIDTH_PX && a.bottom > 0) {
    return {
      style: { top: Math.max(a.top, GAP_PX / 2), right: window.innerWidth - a.left + GAP_PX, width: Math.min(room, MAX_WIDTH_PX) },
      inHeader: true,
    };
  }
  return { style: { top: Math.max(bar.getBoundingClientRect().bottom, 0) + GAP_PX }, inHeader: false };
}

export function Toaster() {
  const h = useHostT();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const [place, setPlace] = useState<Placement | undefined>(undefined);
  // measured when toasts appear: the header's layout depends on the page and the window's width
  useLayoutEffect(() => {
    if (toasts.length > 0) setPlace(placement());
  }, [toasts.length]);
  return (
    <div className={`hx-toasts${place?.inHeader ? ' hx-toasts--header' : ''}`} aria-live="polite" style={place?.style} data-testid="toasts">
      {toasts.map((t) => {
        const Icon = ICONS[t.kind];
        return (
          <div key={t.id} className={`hx-toast hx-toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            <Icon size={18} aria-hidden="true" />
            <span>{t.message}</span>
            <button type="button" className="hx-toast__close" aria-label={h.dismiss} onClick={() => dismiss(t.id)}>
              <X size={14} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
