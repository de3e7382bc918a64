import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FolderSearch } from 'lucide-react';
import type { BundleEvent, ImportRunDto } from '../../../../../src/http/api-types';
import { adminApi, HttpError, serverMessage } from '../../../api/admin';
import { adminQueries, invalidateAdminEvents, queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import type { BackupDict } from '../../../i18n/backup.de';
import { hostToast } from '../../../store/toast-store';
import { TransferProgress } from './TransferProgress';

/**
 * 'Event importieren' (issue 29): the events found in the S3 storage (or in a folder of the box), each imported
 * with a button; a code the box has already asks for a new one. The import runs on the box; its progress and
 * result show under the event.
 */
export function ImportPart({ b, configured }: { b: BackupDict; configured: boolean }) {
  const [folder, setFolder] = useState('');
  const [found, setFound] = useState<BundleEvent[] | null>(null);
  const [newCodes, setNewCodes] = useState<Record<string, string>>({});
  const runs = useQuery(adminQueries.imports()).data ?? [];
  const list = useMutation({
    mutationFn: () => adminApi.bundles(folder.trim() || undefined),
    onSuccess: setFound,
    onError: (err) => hostToast.error(serverMessage(err, b.importLoadFailed)),
  });
  const start = useMutation({
    mutationFn: (e: BundleEvent) => adminApi.importEvent(e.code, newCodes[e.code]?.trim() || undefined, folder.trim() || undefined),
    onSuccess: () => {
      hostToast.success(b.importStarted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.imports });
    },
    onError: (err, e) => {
      // The code is taken here: ask for another (an empty field under the event).
      if (err instanceof HttpError && err.body?.code === 'CODE_ALREADY_EXISTS') setNewCodes((c) => ({ ...c, [e.code]: c[e.code] ?? '' }));
      hostToast.error(serverMessage(err, b.importLoadFailed));
    },
  });
  const running = runs.some((r) => r.state === 'running');
  const wasDone = runs.filter((r) => r.state === 'done').length;
  useRefreshEventsWhen(wasDone);

  return (
    <div className="hx-backup__import" data-testid="import-part">
      <h3>{b.importTitle}</h3>
      <p className="hx-muted hx-small">{b.importIntro}</p>
      <div className="hx-backup__head">
        <label className="hx-field hx-backup__folder">
          <span className="hx-label">{b.importFolder}</span>
          <input
            name="import_folder"
            value={folder}
            spellCheck={false}
            autoComplete="off"
            placeholder="/media/usb/momentbox"
            onChange={(e) => setFolder(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="hx-btn hx-btn--secondary"
          disabled={(!configured && !folder.trim()) || list.isPending}
          onClick={() => list.mutate()}
        >
          <FolderSearch size={17} /> {b.importList}
        </button>
      </div>
      {found && found.length === 0 && <p className="hx-small hx-muted">{b.importNone}</p>}
      <ul className="hx-backup__events">
        {(found ?? []).map((e) => {
          const asking = newCodes[e.code] !== undefined;
          return (
            <li key={e.code} data-testid={`import-${e.code}`}>
              <div className="hx-backup__event">
                <strong>
                  {e.name} <span className="hx-muted">({e.code})</span>
                </strong>
                <span className="hx-small hx-muted">
                  {b.importUploads(e.uploads)}
                  {e.exists && ` · ${b.importExists}`}
                </span>
                <RunState b={b} run={runs.find((r) => r.code === e.code)} />
                {asking && (
                  <label className="hx-field">
                    <span className="hx-label">{b.importNewCode}</span>
                    <input
                      name="new_code"
                      value={newCodes[e.code]}
                      spellCheck={false}
                      autoComplete="off"
                      onChange={(ev) => setNewCodes((c) => ({ ...c, [e.code]: ev.target.value }))}
                    />
                  </label>
                )}
              </div>
              <button
                type="button"
                className="hx-btn hx-btn--secondary"
                disabled={running || start.isPending || (asking && !newCodes[e.code]?.trim())}
                onClick={() => start.mutate(e)}
                aria-label={`${asking ? b.importAs : b.importOne}: ${e.name}`}
              >
                <Download size={17} /> {asking ? b.importAs : b.importOne}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RunState({ b, run }: { b: BackupDict; run: ImportRunDto | undefined }) {
  if (!run) return null;
  if (run.state === 'running') {
    return <TransferProgress text={b.importRunning(run.files_done, run.files_total)} done={run.bytes_done} total={run.bytes_total} />;
  }
  if (run.state === 'failed') return <span className="hx-small hx-text-danger">{b.importFailed(run.error ?? '')}</span>;
  return <span className="hx-small">{b.importDone(run.new_code ?? run.code)}</span>;
}

/** A finished import adds an event: the event cards above are read again. */
function useRefreshEventsWhen(doneCount: number) {
  const [seen, setSeen] = useState(doneCount);
  if (doneCount !== seen) {
    setSeen(doneCount);
    void invalidateAdminEvents();
  }
}
