import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A crisp SVG QR code (prints sharply at any size). */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#111827', light: '#ffffff' } })
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [value]);
  return <div className={className ?? 'hx-qr'} role="img" aria-label={label} data-qr={value} dangerouslySetInnerHTML={{ __html: svg }} />;
}
