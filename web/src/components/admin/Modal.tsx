import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

// A dialog over the dashboard: Escape or the close button closes it, focus moves into it and back out.

export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  icon,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  icon?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // read during the first render, before an autoFocus inside the dialog moves the focus
  const opener = useRef(document.activeElement as HTMLElement | null);
  // Escape calls the latest onClose; the listener itself is added once, when the dialog opens.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const previous = opener.current;
    // an element that focused itself (autoFocus) keeps the focus; else the first field, else the dialog
    if (!ref.current?.contains(document.activeElement)) {
      const first = ref.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea, select');
      (first ?? ref.current)?.focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('hx-no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('hx-no-scroll');
      previous?.focus?.();
    };
  }, []);
  return (
    <div className="hx-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={`hx-modal hx-modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
      >
        <header className="hx-modal__head">
          <h2 className="hx-modal__title">
            {icon}
            {title}
          </h2>
          <button type="button" className="hx-icon-btn" aria-label="Close" onClick={onClose}>
            <X size={20} />
          </button>
        </header>
        <div className="hx-modal__body">{children}</div>
        {footer && <footer className="hx-modal__foot">{footer}</footer>}
      </div>
    </div>
  );
}
