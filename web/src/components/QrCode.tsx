import { useEffect, useState } from 'react';

/**
 * The one QR code of the app (guest page, wall, host settings, print sheet): an SVG drawn by the qrcode
 * library, loaded only when a code is shown, as an image, so it stays sharp on a screen and on paper.
 * `size` fixes the box in pixels; without it the box takes its size from `className`.
 */
export function QrCode({
  value,
  label,
  size,
  className,
  testId,
}: {
  value: string;
  label: string;
  size?: number;
  className?: string;
  testId?: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((q) => q.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#111827', light: '#ffffff' } }))
      .then((svg) => alive && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch((err) => console.error('qr', err));
    return () => {
      alive = false;
    };
  }, [value]);
  return (
    <div className={className ?? 'g-qr'} style={size ? { width: size, height: size } : undefined} data-testid={testId} data-size={size}>
      {src && <img src={src} alt={label} data-qr={value} />}
    </div>
  );
}
