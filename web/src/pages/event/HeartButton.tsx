import { Heart } from 'lucide-react';
import type { UploadDto } from '../../../../src/http/api-types';
import { useT } from '../../i18n';
import './Hearts.css';

// Hearts (issue 28): the heart and its count, on a tile and in the viewer. A guest taps it to give or take back
// their heart; who cannot heart (the admin's view) sees the count alone.

interface Props {
  upload: UploadDto;
  hearted: boolean;
  /** null: the count only */
  onHeart: ((u: UploadDto) => void) | null;
  variant: 'tile' | 'viewer';
}

export function HeartButton({ upload: u, hearted, onHeart, variant }: Props) {
  const t = useT();
  const count = u.heart_count > 0 ? <span data-testid={`${variant}-heart-count`}>{u.heart_count}</span> : null;
  const cls = `ev-heart ev-heart--${variant}${hearted ? ' is-hearted' : ''}`;
  if (!onHeart)
    return count ? (
      <span className={cls} aria-label={t.hearts(u.heart_count)} data-testid={`${variant}-hearts`}>
        <Heart size={variant === 'tile' ? 14 : 20} aria-hidden="true" />
        {count}
      </span>
    ) : null;
  return (
    <button
      type="button"
      className={cls}
      onClick={() => onHeart(u)}
      aria-pressed={hearted}
      aria-label={`${hearted ? t.unheartAction : t.heartAction} (${t.hearts(u.heart_count)})`}
      data-testid={`${variant}-heart`}
    >
      <Heart size={variant === 'tile' ? 15 : 22} fill={hearted ? 'currentColor' : 'none'} aria-hidden="true" />
      {count}
    </button>
  );
}
