import { useEffect, useId, useRef, useState } from 'react';
import { BookHeart, CircleHelp, EllipsisVertical, ScanFace, Share2, UserRound } from 'lucide-react';
import { useT } from '../../i18n';
import { LanguageMenuItems } from '../../components/LanguageMenuItems';

/** §2 top-right menu: 'Profil' (nickname modal) and 'Teilen' (QR/share modal), plus the guestbook, the help and the language. */
export function TopMenu({
  onProfile,
  onShare,
  onHelp,
  onGuestbook,
  onFaces,
}: {
  onProfile: () => void;
  onShare: () => void;
  onHelp: () => void;
  onGuestbook: () => void;
  /** 'Fotos von mir finden', only when the event has the face search on */
  onFaces: (() => void) | null;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const btnRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onDoc = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !btnRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const choose = (fn: () => void) => () => {
    setOpen(false);
    fn();
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      btnRef.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(i + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="ev-menu">
      <button
        ref={btnRef}
        type="button"
        className="ev-menu__btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t.menu}
        onClick={() => setOpen((o) => !o)}
        data-testid="menu"
      >
        <EllipsisVertical size={22} aria-hidden="true" />
      </button>
      {open && (
        <div ref={menuRef} id={menuId} className="ev-menu__list" role="menu" aria-label={t.menu} onKeyDown={onMenuKey}>
          <button type="button" role="menuitem" onClick={choose(onProfile)} data-testid="menu-profile">
            <UserRound size={18} aria-hidden="true" />
            {t.menuProfile}
          </button>
          <button type="button" role="menuitem" onClick={choose(onShare)} data-testid="menu-share">
            <Share2 size={18} aria-hidden="true" />
            {t.menuShare}
          </button>
          <button type="button" role="menuitem" onClick={choose(onGuestbook)} data-testid="menu-guestbook">
            <BookHeart size={18} aria-hidden="true" />
            {t.guestbook}
          </button>
          {onFaces && (
            <button type="button" role="menuitem" onClick={choose(onFaces)} data-testid="menu-faces">
              <ScanFace size={18} aria-hidden="true" />
              {t.faceSearch}
            </button>
          )}
          <button type="button" role="menuitem" onClick={choose(onHelp)} data-testid="menu-help">
            <CircleHelp size={18} aria-hidden="true" />
            {t.menuHelp}
          </button>
          <LanguageMenuItems label={t.language} onChosen={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
