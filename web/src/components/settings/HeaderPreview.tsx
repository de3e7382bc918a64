import { useEffect, useState } from 'react';
import { ImageIcon } from 'lucide-react';
import type { HeaderStyle } from '../../../../src/http/api-types';
import { lighten, LIGHTEN_FACTOR } from '../../../../src/domain/colors.ts';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../../../../src/domain/colors.ts';
import { headerTextColor, toHexColor } from '../../host/design';
import { useHostT } from '../../i18n';

/**
 * A live mobile preview of the guest page header in its three styles (guest document): minimalistic
 * (centred round host image), split (image above a diagonal colour panel on phones), premium (full-width image).
 * Text switches between white and dark by the primary colour's brightness (threshold 100 / 160). Layout and colours follow the guest
 * page's EventHeader at phone width, scaled to the frame.
 */
export function HeaderPreview({
  name,
  primary,
  secondary,
  style,
  imageUrl,
}: {
  name: string;
  primary: string;
  secondary: string;
  style: HeaderStyle;
  imageUrl: string | null;
}) {
  const c = useHostT().couple;
  const p = toHexColor(primary, NEW_EVENT_PRIMARY);
  const s = toHexColor(secondary, NEW_EVENT_SECONDARY);
  const text = headerTextColor(p, style);
  const light = lighten(p, LIGHTEN_FACTOR);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    setBroken(false);
  }, [imageUrl]);
  const hasImage = !!imageUrl && !broken;
  const title = name.trim() || c.previewName;

  const image = (cls: string) =>
    hasImage ? (
      <img className={cls} src={imageUrl!} alt="" onError={() => setBroken(true)} />
    ) : (
      <span className={`${cls} hx-pv__placeholder`} style={{ background: `linear-gradient(135deg, ${light}, #fff 120%)`, color: p }}>
        <ImageIcon size={22} aria-hidden="true" />
      </span>
    );

  return (
    <div className="hx-phone" aria-label={c.previewOf(style)} data-testid="header-preview" data-style={style}>
      <div className="hx-phone__notch" aria-hidden="true" />
      <div className="hx-phone__screen">
        {style === 'minimalistic' && (
          <div className="hx-pv hx-pv--min" style={{ background: `linear-gradient(160deg, ${p} 0%, ${light} 100%)`, color: text }}>
            {image('hx-pv__avatar')}
            <strong className="hx-pv__title">{title}</strong>
            <span className="hx-pv__tag">{c.previewTagline}</span>
          </div>
        )}
        {style === 'split' && (
          <div className="hx-pv hx-pv--split">
            <div className="hx-pv__split-img">{image('hx-pv__fill')}</div>
            <div className="hx-pv__panel" style={{ background: `linear-gradient(135deg, ${p} 0%, ${p} 55%, ${light} 140%)`, color: text }}>
              <strong className="hx-pv__title">{title}</strong>
              <span className="hx-pv__tag">{c.previewTagline}</span>
            </div>
          </div>
        )}
        {style === 'premium' && (
          <div className="hx-pv hx-pv--premium" style={{ background: `linear-gradient(135deg, ${p}, ${s})` }}>
            {hasImage ? (
              <img className="hx-pv__fill hx-pv__cover" src={imageUrl!} alt="" onError={() => setBroken(true)} />
            ) : (
              <span className="hx-pv__cover hx-pv__placeholder" style={{ color: 'rgba(255,255,255,.65)' }}>
                <ImageIcon size={34} aria-hidden="true" />
              </span>
            )}
            <div className="hx-pv__shade" />
            <div className="hx-pv__overlay">
              <strong className="hx-pv__title">{title}</strong>
              <span className="hx-pv__tag">{c.previewTagline}</span>
            </div>
          </div>
        )}
        <div className="hx-pv__body" aria-hidden="true">
          <div className="hx-pv__chips">
            <span style={{ background: p, color: headerTextColor(p, 'minimalistic') }}>{c.previewAlbum}</span>
            <span style={{ background: s }} />
            <span style={{ background: s }} />
          </div>
          <div className="hx-pv__grid">
            {Array.from({ length: 9 }, (_, i) => (
              <span key={i} style={{ background: i % 3 === 1 ? s : '#e5e7eb' }} />
            ))}
          </div>
          <span className="hx-pv__fab" style={{ background: p }} />
        </div>
      </div>
    </div>
  );
}
