import { useEffect, useState } from 'react';
import { Spinner } from './Spinner';

/** A QR code as an image; the qrcode library is loaded only when a QR code is shown. */
export function QrCode({ value, size, alt, testId }: { value: string; size: number; alt: string; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((q) => q.toDataURL(value, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => alive && setSrc(url))
      .catch((err) => console.error('qr', err));
    return () => {
      alive = false;
    };
  }, [value, size]);
  return (
    <div className="g-qr" style={{ width: size, height: size }} data-testid={testId} data-size={size}>
      {src ? <img src={src} width={size} height={size} alt={alt} /> : <Spinner label={alt} />}
    </div>
  );
}
