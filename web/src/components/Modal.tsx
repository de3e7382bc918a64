import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useT } from '../i18n';
import { focusables, trapTab } from './focus-trap';
import { lockScroll } from './scroll-lock';
import { useToasts } from '../store/toast-store';
import './Modal.css';

// The one dialog of the web app, for the guest page and the host screens alike: focus moves in when it
// opens and Tab stays inside, Escape and the backdrop close it, the page behind does not scroll, and focus
// returns to what opened it. The two screens only look different (`look`).

const LOOKS = {
  guest: {
    backdrop: 'g-modal-backdrop',
    modal: 'g-modal',
    head: 'g-modal__head',
    title: 'g-modal__title',
    close: 'g-modal__x g-icon-btn',
    body: 'g-modal__body',
    foot: 'g-modal__foot',
  },
  host: {
    backdrop: 'hx-overlay',
    modal: 'hx-modal',
    head: 'hx-modal__head',
    title: 'hx-modal__title',
    close: 'hx-icon-btn',
    body: 'hx-modal__body',
    foot: 'hx-modal__foot',
  },
} as const;

/** Where focus goes first: the guest page avoids text fields (a phone's keyboard would cover the dialog), host forms start in their first field. */
function firstFocus(root: HTMLElement, look: keyof typeof LOOKS, initialFocus?: string): HTMLElement {
  if (initialFocus) {
    const chosen = root.querySelector<HTMLElement>(initialFocus);
    if (chosen) return chosen;
  }
  if (look === 'host') return root.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea, select') ?? root;
  return focusables(root).find((el) => !el.matches('.g-modal__x, input:not([type=checkbox]):not([type=radio]), textarea')) ?? root;
}

/** The open dialogs, the newest last: Escape with the focus outside every dialog closes only the newest. */
const openDialogs: HTMLElement[] = [];

interface ModalProps {
  title: string;
  /** omitted: the dialog cannot be dismissed (Escape, backdrop and the X do nothing) */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  icon?: ReactNode;
  /** CSS selector of the element to focus first */
  initialFocus?: string;
  className?: string;
  testId?: string;
  look?: keyof typeof LOOKS;
}

export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  icon,
  initialFocus,
  className,
  testId,
  look = 'guest',
}: ModalProps) {
  const t = useT();
  const css = LOOKS[look];
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // Read during the first render, before an autoFocus inside the dialog moves the focus.
  const opener = useRef(document.activeElement as HTMLElement | null);
  // Focus moves in once, when the dialog opens: the choice of the first render decides.
  const firstFocusRef = useRef({ look, initialFocus });
  // The guest page's toast shows inside the open dialog, above its buttons (store/toast-store.ts).
  const toastSlot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const slot = toastSlot.current;
    if (!slot) return;
    useToasts.getState().addSlot(slot);
    return () => useToasts.getState().removeSlot(slot);
  }, []);

  useEffect(() => {
    const previous = opener.current;
    const unlock = lockScroll();
    const root = ref.current;
    // A field that focused itself (autoFocus) keeps the focus.
    if (root && !root.contains(document.activeElement))
      firstFocus(root, firstFocusRef.current.look, firstFocusRef.current.initialFocus).focus();
    // Escape also works when the focus fell out of the dialog (e.g. onto <body> when a button it was on went away).
    const onDocumentKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !root || openDialogs.at(-1) !== root || root.contains(document.activeElement)) return;
      closeRef.current?.();
    };
    if (root) openDialogs.push(root);
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      if (root) openDialogs.splice(openDialogs.indexOf(root), 1);
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

  const dialog = (
    <div className={css.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={ref}
        className={`${css.modal} ${css.modal}--${size} ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <header className={css.head}>
          {look === 'guest' && icon && (
            <span className="g-modal__icon" aria-hidden="true">
              {icon}
            </span>
          )}
          <h2 id={titleId} className={css.title}>
            {look === 'host' && icon}
            {title}
          </h2>
          {onClose && (
            <button type="button" className={css.close} onClick={onClose} aria-label={t.close}>
              <X size={20} aria-hidden="true" />
            </button>
          )}
        </header>
        <div className={css.body}>{children}</div>
        {look === 'guest' && <div className="g-modal__toast" ref={toastSlot} />}
        {footer && <footer className={css.foot}>{footer}</footer>}
      </div>
    </div>
  );
  // The guest page's dialogs sit above the viewer and the sticky header; the host screens' inside their app.
  return look === 'guest' ? createPortal(dialog, document.body) : dialog;
}
