import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { de } from '../i18n/de';
import { focusables, trapTab } from './focus-trap';
import { lockScroll } from './scroll-lock';
import { useToast } from '../store/toast-store';
import './Modal.css';

interface ModalProps {
  title: ReactNode;
  /** omitted: the g-modal cannot be dismissed (Escape, backdrop and the X do nothing) */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md';
  icon?: ReactNode;
  /** CSS selector of the element to focus first */
  initialFocus?: string;
  className?: string;
  testId?: string;
}

export function Modal({ title, onClose, children, footer, size = 'md', icon, initialFocus, className, testId }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // Focus moves in once, when the dialog opens: the selector of the first render decides.
  const initialFocusRef = useRef(initialFocus);
  const toastSlot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const slot = toastSlot.current;
    if (!slot) return;
    useToast.getState().addSlot(slot);
    return () => useToast.getState().removeSlot(slot);
  }, []);

  useEffect(() => {
    const initialFocus = initialFocusRef.current;
    const previous = document.activeElement as HTMLElement | null;
    const unlock = lockScroll();
    const root = ref.current;
    if (root) {
      // Not a text field by default: on a phone that would push the keyboard over the dialog at once.
      const target =
        (initialFocus && root.querySelector<HTMLElement>(initialFocus)) ||
        focusables(root).find((el) => !el.classList.contains('g-modal__x') && !el.matches('input:not([type=checkbox]):not([type=radio]), textarea')) ||
        root;
      target.focus();
    }
    return () => {
      unlock();
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && closeRef.current) {
      e.stopPropagation();
      closeRef.current();
    }
    trapTab(e, ref.current);
  };

  return createPortal(
    <div className="g-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={ref}
        className={`g-modal g-modal--${size} ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <header className="g-modal__head">
          {icon && <span className="g-modal__icon" aria-hidden="true">{icon}</span>}
          <h2 id={titleId} className="g-modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="g-modal__x g-icon-btn" onClick={onClose} aria-label={de.close}>
              <X size={20} aria-hidden="true" />
            </button>
          )}
        </header>
        <div className="g-modal__body">{children}</div>
        <div className="g-modal__toast" ref={toastSlot} />
        {footer && <footer className="g-modal__foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
