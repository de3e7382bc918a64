import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, CloudUpload, WifiOff } from 'lucide-react';
import { useT } from '../../i18n';
import { summarize, type UploadItem } from '../../store/upload-store';
import { formatPercent } from './logic/format';
import './upload-ui.css';

/** How long 'all uploaded' stays in the bar before it goes away on its own. */
const DONE_SHOWN_MS = 4000;

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * While the progress sheet is closed: a bar at the bottom with files done of all and the overall percent,
 * 'pausiert – offline' while the network is gone; a tap opens the sheet again. It takes its own strip of
 * the screen (the page, the upload button and the viewer end above it, see upload-ui.css), so it never lies
 * on a photo or a control. Everything up: it says so and goes; something not up: it stays until looked at.
 */
export function UploadPill({ items, onOpen, onDone }: { items: UploadItem[]; onOpen: () => void; onDone: () => void }) {
  const t = useT();
  const online = useOnline();
  const s = summarize(items);
  const allOk = s.allOk;
  useEffect(() => {
    if (!allOk) return;
    const timer = setTimeout(onDone, DONE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [allOk, onDone]);

  const offline = !s.allFinished && (!online || items.some((it) => it.paused));
  const Icon = s.allOk ? CircleCheck : s.allFinished ? CircleAlert : offline ? WifiOff : CloudUpload;
  const state = s.allFinished ? s.tone : offline ? 'offline' : 'running';
  // while running: files finished of all; at the end: files up of all, and how many are not
  const up = items.filter((it) => it.status === 'success').length;
  let detail: string;
  if (s.allOk) detail = t.uploadAllOk(s.total);
  else if (s.allFinished) detail = t.uploadPillHeld(s.total - up);
  else detail = offline ? t.uploadPillOffline : formatPercent(s.percent);
  return (
    <div className="ev-upbar" data-testid="upload-bar">
      <button
        type="button"
        className={`ev-pill ev-pill--${state}`}
        onClick={onOpen}
        aria-label={t.uploadPillOpen}
        data-testid="upload-pill"
        data-state={state}
      >
        <Icon size={18} aria-hidden="true" />
        {!s.allOk && <span className="ev-pill__count">{t.uploadPillProgress(s.allFinished ? up : s.done, s.total)}</span>}
        <span className="ev-pill__detail">{detail}</span>
        {!s.allFinished && (
          <span className="ev-pill__bar" aria-hidden="true">
            <span style={{ width: `${s.percent}%` }} />
          </span>
        )}
      </button>
    </div>
  );
}
