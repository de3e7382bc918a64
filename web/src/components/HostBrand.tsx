import type { ReactNode } from 'react';
import { Camera } from 'lucide-react';

/** The host pages' brand block in the top bar: the camera logo, then what the page names (box or event). */
export function HostBrand({ children }: { children: ReactNode }) {
  return (
    <div className="hx-brand">
      <span className="hx-logo" aria-hidden="true">
        <Camera size={20} />
      </span>
      {children}
    </div>
  );
}
