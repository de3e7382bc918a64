import { CheckCircle2 } from 'lucide-react';
import type { ExportProgress } from '../../host/zip-export';
import { formatBytes } from '../../host/format';
import { localeOf, useHostT, useLanguage } from '../../i18n';

/**
 * A ZIP export under way, as the server reports it: the bar and percent of the bytes it has sent, the
 * spec's file count (`filesText`), the bytes; `doneText` once the server wrote the last byte, never before.
 */
export function ExportStatus({
  progress,
  filesText,
  doneText,
}: {
  progress: ExportProgress;
  filesText: (done: number, total: number, percent: number) => string;
  doneText: string;
}) {
  const h = useHostT();
  const locale = localeOf(useLanguage());
  const line =
    progress.state === 'preparing'
      ? h.exportPreparing
      : progress.state === 'waiting'
        ? h.exportWaiting
        : filesText(progress.filesSent, progress.files, progress.percent);
  return (
    <div className="hx-export__progress" role="status" aria-live="polite" data-testid="export-status" data-state={progress.state}>
      <div
        className="hx-progress hx-progress--lg"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        <span style={{ width: `${progress.percent}%` }} />
      </div>
      <div className="hx-export__row">
        <span data-testid="export-progress-text">{line}</span>
        <strong>{progress.percent}%</strong>
      </div>
      {progress.size > 0 && (
        <p className="hx-small hx-muted" data-testid="export-bytes">
          {h.exportBytes(formatBytes(progress.sent, locale), formatBytes(progress.size, locale))}
        </p>
      )}
      {progress.state === 'done' && (
        <p className="hx-small hx-export__done" data-testid="export-done">
          <CheckCircle2 size={14} aria-hidden="true" /> {doneText}
        </p>
      )}
    </div>
  );
}
