import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FileArchive, FolderSearch } from 'lucide-react';
import type { BundleEvent, ImportRunDto } from '../../../../../src/http/api-types';
import { adminApi, HttpError, serverMessage } from '../../../api/admin';
import { adminQueries, invalidateAdminEvents, queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import type { BackupDict } from '../../../i18n/backup.de';
import { hostToast } from '../../../store/toast-store';
import { TransferProgress } from './TransferProgress';
import { XhrFailure } from '../../../api/xhr';

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
      <ZipImport b={b} runs={runs} running={running} />
    </div>
  );
}

/**
 * 'Aus einer Export-ZIP': the admin's whole-event export ZIP, chosen on this computer and sent to the box
 * (streamed to its disk, checked against the ZIP's manifest, imported like a bundle). A code the box has
 * already asks for a new one, and the same file is sent again under it.
 */
function ZipImport({ b, runs, running }: { b: BackupDict; runs: ImportRunDto[]; running: boolean }) {
  const [zip, setZip] = useState<File | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [newCode, setNewCode] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (file: File, asCode: string | undefined) => {
    setProblem(null);
    setSending(0);
    try {
      const answer = await adminApi.importZip(file, asCode, (sent, total) => setSending(total ? Math.floor((sent / total) * 100) : 0));
      if (answer.ok && answer.data) {
        setCode(answer.data.code);
        setNewCode(null);
        hostToast.success(b.importStarted);
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.imports });
      } else if (answer.error?.code === 'CODE_ALREADY_EXISTS') {
        setNewCode((c) => c ?? '');
        setProblem(answer.error.error);
      } else {
        setProblem(b.zipFailed(answer.error?.error ?? String(answer.status)));
      }
    } catch (err) {
      setProblem(err instanceof XhrFailure ? b.zipNetwork : b.zipFailed(String(err)));
    } finally {
      setSending(null);
    }
  };
  const busy = running || sending !== null;
  return (
    <div className="hx-backup__zip" data-testid="import-zip">
      <h4>{b.zipTitle}</h4>
      <p className="hx-muted hx-small">{b.zipIntro}</p>
      <label className={`hx-btn hx-btn--secondary${busy ? ' is-disabled' : ''}`}>
        <FileArchive size={17} /> {b.zipChoose}
        <input
          type="file"
          accept=".zip,application/zip"
          hidden
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file can be chosen again
            if (!file) return;
            setZip(file);
            setCode(null);
            setNewCode(null);
            void send(file, undefined);
          }}
        />
      </label>
      {sending !== null && <TransferProgress text={b.zipSending(sending)} done={sending} total={100} />}
      {problem && (
        <p className="hx-small hx-text-danger" role="alert">
          {problem}
        </p>
      )}
      {newCode !== null && zip && (
        <div className="hx-backup__head">
          <label className="hx-field">
            <span className="hx-label">{b.importNewCode}</span>
            <input name="zip_new_code" value={newCode} spellCheck={false} autoComplete="off" onChange={(e) => setNewCode(e.target.value)} />
          </label>
          <button
            type="button"
            className="hx-btn hx-btn--secondary"
            disabled={busy || !newCode.trim()}
            onClick={() => void send(zip, newCode.trim())}
          >
            <Download size={17} /> {b.importAs}
          </button>
        </div>
      )}
      {code && <RunState b={b} run={runs.find((r) => r.code === code || r.new_code === code)} />}
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
