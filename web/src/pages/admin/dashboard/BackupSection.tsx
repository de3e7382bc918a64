import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CloudUpload, PlugZap } from 'lucide-react';
import type { AdminEventDto, EventPush, S3Settings } from '../../../../../src/http/api-types';
import { adminApi, fieldError, serverMessage, type S3Fields } from '../../../api/admin';
import { adminQueries, queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { formatDateTime, formatMb } from '../../../host/format';
import { localeOf, useLanguage } from '../../../i18n';
import { useBackupT } from '../../../i18n/backup';
import type { BackupDict } from '../../../i18n/backup.de';
import { GalleryPart } from './GalleryPart';
import { ImportPart } from './ImportPart';
import { TransferProgress } from './TransferProgress';
import { hostToast } from '../../../store/toast-store';

/** 'Nach dem Event sichern' (issue 29): where events are pushed to, and each event's push and online gallery with their progress. */
export function BackupSection({ events }: { events: AdminEventDto[] | null }) {
  const b = useBackupT();
  return b && <BackupParts b={b} events={events} />;
}

function BackupParts({ b: h, events }: { b: BackupDict; events: AdminEventDto[] | null }) {
  const saved = useQuery(adminQueries.s3());
  const pushes = useQuery(adminQueries.pushes()).data ?? [];
  const galleries = useQuery(adminQueries.galleries()).data ?? [];
  const configured = !!saved.data;
  const start = useMutation({
    mutationFn: adminApi.push,
    onSuccess: () => {
      hostToast.success(h.pushStarted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.pushes });
    },
    onError: (err) => hostToast.error(serverMessage(err, h.pushStartFailed)),
  });
  const running = pushes.some((p) => p.state === 'running');

  return (
    <section className="hx-panel hx-backup" aria-labelledby="backup-title" data-testid="backup-section">
      <h2 id="backup-title" className="hx-panel__title">
        <CloudUpload size={20} aria-hidden="true" /> {h.backupTitle}
      </h2>
      <p className="hx-muted hx-small">{h.backupIntro}</p>
      {saved.isPending ? null : <S3Form b={h} key={saved.dataUpdatedAt} initial={saved.data ?? null} />}
      <div className="hx-backup__head">
        <button
          type="button"
          className="hx-btn hx-btn--primary"
          disabled={!configured || running || start.isPending}
          onClick={() => start.mutate(undefined)}
        >
          <CloudUpload size={17} /> {h.pushAll}
        </button>
        {!configured && <span className="hx-small hx-muted">{h.pushConfigureFirst}</span>}
      </div>
      <ul className="hx-backup__events">
        {(events ?? []).map((ev) => (
          <li key={ev.id} data-testid={`push-${ev.code}`}>
            <div className="hx-backup__event">
              <strong>{ev.name}</strong>
              <PushState b={h} push={pushes.find((p) => p.event_id === ev.id)} />
            </div>
            <button
              type="button"
              className="hx-btn hx-btn--secondary"
              disabled={!configured || running || start.isPending}
              onClick={() => start.mutate(ev.id)}
              aria-label={`${h.pushOne}: ${ev.name}`}
            >
              {h.pushOne}
            </button>
            <GalleryPart b={h} event={ev} gallery={galleries.find((g) => g.event_id === ev.id)} configured={configured} />
          </li>
        ))}
      </ul>
      <ImportPart b={h} configured={configured} />
    </section>
  );
}

/** One event's last push: its progress bar while it runs, else when and how much, or what went wrong. */
function PushState({ b: h, push }: { b: BackupDict; push: EventPush | undefined }) {
  const locale = localeOf(useLanguage());
  if (!push) return <span className="hx-small hx-muted">{h.pushNever}</span>;
  const mb = (bytes: number) => formatMb(bytes / 1e6, locale);
  const when = formatDateTime(push.finished_at ?? push.started_at, locale) ?? '';
  if (push.state === 'running' || push.state === 'interrupted') {
    const said = push.state === 'running' ? h.pushRunning : h.pushInterrupted;
    const text = `${said} ${h.pushProgress(push.files_done, push.files_total, mb(push.bytes_done), mb(push.bytes_total))}`;
    return <TransferProgress text={text} done={push.bytes_done} total={push.bytes_total} />;
  }
  if (push.state === 'failed') {
    return (
      <span className="hx-small hx-text-danger" title={push.error ?? ''}>
        {h.pushFailed(when)}: {push.error}
      </span>
    );
  }
  return <span className="hx-small hx-muted">{h.pushDone(when, push.files_sent, mb(push.bytes_sent))}</span>;
}

/** The S3 storage: saved with 'Speichern', tried with 'Verbindung testen'. The secret is never shown, only whether one is kept. */
function S3Form({ b: h, initial }: { b: BackupDict; initial: S3Settings | null }) {
  const [fields, setFields] = useState<S3Fields>({
    endpoint: initial?.endpoint ?? '',
    region: initial?.region ?? '',
    bucket: initial?.bucket ?? '',
    prefix: initial?.prefix ?? '',
    access_key_id: initial?.access_key_id ?? '',
    secret_access_key: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const onError = (fallback: string) => (err: unknown) => {
    const f = fieldError(err);
    if (f) setErrors({ [f.field]: f.message });
    setResult({ ok: false, text: serverMessage(err, fallback) });
  };
  const save = useMutation({
    mutationFn: adminApi.saveS3,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.s3 });
      hostToast.success(h.s3Saved);
    },
    onError: onError(h.s3SaveFailed),
  });
  const test = useMutation({
    mutationFn: adminApi.testS3,
    onSuccess: () => setResult({ ok: true, text: h.s3TestOk }),
    onError: onError(h.s3TestFailed),
  });
  const busy = save.isPending || test.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrors({});
    setResult(null);
    save.mutate(fields);
  };
  const field = (name: keyof S3Fields, label: string, extra: { type?: string; placeholder?: string } = {}) => (
    <label className="hx-field">
      <span className="hx-label">{label}</span>
      <input
        name={name}
        value={fields[name]}
        spellCheck={false}
        autoComplete="off"
        {...extra}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
        aria-invalid={!!errors[name]}
      />
      {errors[name] && <span className="hx-field-error">{errors[name]}</span>}
    </label>
  );

  return (
    <form className="hx-form" onSubmit={submit} noValidate aria-label={h.backupTitle}>
      <div className="hx-grid-3">
        {field('endpoint', h.s3Endpoint, { placeholder: 'https://s3.example.com' })}
        {field('region', h.s3Region, { placeholder: 'us-east-1' })}
        {field('bucket', h.s3Bucket)}
        {field('prefix', h.s3Prefix, { placeholder: 'momentbox' })}
        {field('access_key_id', h.s3AccessKey)}
        {field('secret_access_key', h.s3Secret, { type: 'password', placeholder: initial?.has_secret ? h.s3SecretKept : '' })}
      </div>
      {result && (
        <div className={`hx-alert ${result.ok ? 'hx-alert--success' : 'hx-alert--error'}`} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
      <div className="hx-backup__head">
        <button type="submit" className="hx-btn hx-btn--primary" disabled={busy}>
          {h.s3Save}
        </button>
        <button
          type="button"
          className="hx-btn hx-btn--secondary"
          disabled={busy}
          onClick={() => {
            setErrors({});
            setResult(null);
            test.mutate(fields);
          }}
        >
          <PlugZap size={17} /> {h.s3Test}
        </button>
      </div>
    </form>
  );
}
