import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Check, EyeOff, ImageOff, Trash2, UserX, Video } from 'lucide-react';
import { MODERATION_PAGE } from '../../../../src/domain/limits.ts';
import type { AlbumDto, EventDto, ModerationUploadDto } from '../../../../src/http/api-types';
import { clientApi, type BulkTarget, type ModerationQuery } from '../../api/client-settings';
import { openLive } from '../../api/live';
import { hostQueries, invalidateHostPage, queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { ConfirmModal } from '../admin/ConfirmModal';
import { hostToast } from '../../store/toast-store';

// Tab 'Uploads': the host moderates from a phone or a laptop. Newest first, one page at a time; filters by
// state, album and guest; approve, withdraw or delete one or many; remove everything of one guest. The list
// follows the live stream, so new uploads show up while the host looks at it.

/** Changes arriving together (a guest's batch) refetch the list once. */
const LIVE_RELOAD_MS = 400;

type Status = ModerationQuery['status'];
const STATUS_LABELS: Record<Status, string> = { all: 'Alle', pending: 'Privat', approved: 'Geteilt', failed: 'Fehlgeschlagen' };

function uploaderName(u: ModerationUploadDto): string {
  if (u.guest_id === null) return 'Fotobox / Admin';
  return u.uploader_nickname || 'Anonym';
}

type Confirm = { kind: 'selected'; ids: number[] } | { kind: 'guest'; guestId: number; name: string };
type Filter = Pick<ModerationQuery, 'status' | 'albumId' | 'guestId'>;

export function UploadsTab({ token, event, albums }: { token: string; event: EventDto; albums: AlbumDto[] }) {
  const [filter, setFilter] = useState<Filter>({ status: 'all' });
  const { status, albumId, guestId } = filter;
  /** how many rows are shown: 'Mehr laden' adds a page, a new filter starts again with one */
  const [limit, setLimit] = useState(MODERATION_PAGE);
  const filterBy = (change: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setLimit(MODERATION_PAGE);
  };
  // the previous answer stays on screen while a new filter or 'Mehr laden' is fetched
  const list = useQuery({ ...hostQueries.uploads(token, { ...filter, limit, offset: 0 }), placeholderData: keepPreviousData });
  const page = list.data ?? null;
  const [picked, setPicked] = useState<Set<number>>(new Set());
  /** the picked uploads that are still listed (a deleted or filtered-out upload is no longer selected) */
  const selected = new Set(page?.uploads.filter((u) => picked.has(u.id)).map((u) => u.id));
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [autoShare, setAutoShare] = useState(event.auto_share_uploads);

  // New uploads, approvals elsewhere (a guest, a second host tab) and finished videos: refetch the list.
  useEffect(() => {
    let timer: number | undefined;
    const close = openLive(
      event.id,
      () => {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.host.uploadsAll(token) }), LIVE_RELOAD_MS);
      },
      { clientToken: token },
    );
    return () => {
      window.clearTimeout(timer);
      close();
    };
  }, [event.id, token]);

  const autoShareSave = useMutation({
    mutationFn: (on: boolean) => clientApi.saveSharingAndWall(token, { auto_share_uploads: on }),
    onSuccess: async () => {
      hostToast.success('Settings saved successfully');
      await invalidateHostPage(token);
    },
    onError: (_, on) => {
      setAutoShare(!on);
      hostToast.error('Failed to save settings');
    },
  });
  const saveAutoShare = (on: boolean) => {
    setAutoShare(on);
    autoShareSave.mutate(on);
  };

  /** One moderation change; afterwards everything of the page is refetched (list, album counts, statistics). */
  const moderation = useMutation({
    mutationFn: ({ work }: { work: () => Promise<unknown>; ok: string; error: string }) => work(),
    onSuccess: async (_, { ok }) => {
      hostToast.success(ok);
      await invalidateHostPage(token);
    },
    onError: (_, { error }) => hostToast.error(error),
  });
  const busy = moderation.isPending;
  const run = (work: () => Promise<unknown>, ok: string, error: string) => moderation.mutateAsync({ work, ok, error }).catch(() => undefined);

  const setApproved = (u: ModerationUploadDto) =>
    run(() => clientApi.setApproved(token, u.id, !u.approved), u.approved ? 'Freigabe zurückgezogen' : 'Freigegeben', u.approved ? 'Fehler beim Zurückziehen der Freigabe' : 'Fehler bei der Freigabe');

  const bulkApprove = (approved: boolean) => {
    const ids = [...selected];
    return run(
      () => clientApi.setApprovedMany(token, { ids }, approved),
      approved ? `${ids.length} Uploads freigegeben` : `Freigabe von ${ids.length} Uploads zurückgezogen`,
      approved ? 'Fehler bei der Freigabe' : 'Fehler beim Zurückziehen der Freigabe',
    );
  };

  const confirmDelete = async () => {
    if (!confirm) return;
    const target: BulkTarget = confirm.kind === 'selected' ? { ids: confirm.ids } : { guestId: confirm.guestId };
    await run(
      async () => {
        const answer = await clientApi.deleteMany(token, target);
        if (confirm.kind === 'guest') filterBy({ guestId: undefined });
        return answer;
      },
      confirm.kind === 'selected' && confirm.ids.length === 1 ? 'Upload wurde gelöscht' : 'Uploads wurden gelöscht',
      'Fehler beim Löschen des Uploads',
    );
    setConfirm(null);
  };

  const uploads = page?.uploads ?? [];
  const allSelected = uploads.length > 0 && uploads.every((u) => selected.has(u.id));
  const toggle = (id: number) =>
    setPicked(() => {
      const next = new Set(selected);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const albumName = (id: number) => albums.find((a) => a.id === id)?.name ?? '';
  const guest = page?.guests.find((g) => g.guest_id === guestId);

  return (
    <div className="hx-mod" data-testid="moderation">
      <section className="hx-panel hx-mod__share">
        <label className="hx-check">
          <input type="checkbox" checked={autoShare} onChange={(e) => void saveAutoShare(e.target.checked)} data-testid="auto-share" />
          <span>Neue Uploads sofort für alle sichtbar</span>
        </label>
        <span className="hx-small hx-muted hx-check-note">
          Legt fest, ob „Automatisch freigeben“ bei Gästen zu Beginn angehakt ist. Gäste können es für sich ändern.
        </span>
      </section>

      <section className="hx-panel hx-mod__filters" aria-label="Filter">
        <div className="hx-mod__chips" role="group" aria-label="Status">
          {(Object.keys(STATUS_LABELS) as Status[]).map((s) => (
            <button key={s} type="button" className={`hx-chip${status === s ? ' is-active' : ''}`} aria-pressed={status === s} onClick={() => filterBy({ status: s })}>
              {STATUS_LABELS[s]}
            </button>
          ))}
        </div>
        <div className="hx-mod__selects">
          <label className="hx-label-sm">
            Album
            <select value={albumId ?? ''} onChange={(e) => filterBy({ albumId: e.target.value ? Number(e.target.value) : undefined })} aria-label="Album">
              <option value="">Alle Alben</option>
              {albums.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <label className="hx-label-sm">
            Gast
            <select value={guestId ?? ''} onChange={(e) => filterBy({ guestId: e.target.value ? Number(e.target.value) : undefined })} aria-label="Gast">
              <option value="">Alle Gäste</option>
              {page?.guests.map((g) => (
                <option key={g.guest_id} value={g.guest_id}>
                  {(g.nickname || 'Anonym') + ` (${g.upload_count})`}
                </option>
              ))}
            </select>
          </label>
        </div>
        {guest && (
          <button
            type="button"
            className="hx-btn hx-btn--danger"
            onClick={() => setConfirm({ kind: 'guest', guestId: guest.guest_id, name: guest.nickname || 'Anonym' })}
            disabled={busy}
          >
            <UserX size={16} /> Alle Uploads dieses Gastes entfernen
          </button>
        )}
      </section>

      <div className="hx-mod__head">
        <label className="hx-check">
          <input type="checkbox" checked={allSelected} onChange={() => setPicked(allSelected ? new Set() : new Set(uploads.map((u) => u.id)))} aria-label="Alle auswählen" />
          <span data-testid="moderation-count">{page ? `${page.total} Uploads` : 'Uploads werden geladen…'}</span>
        </label>
      </div>

      {list.isError && <p className="hx-field-error">Fehler beim Laden der Uploads</p>}
      {page && uploads.length === 0 && <p className="hx-empty-inline">Keine Uploads</p>}

      <ul className="hx-mod__list">
        {uploads.map((u) => {
          const state = u.processing_state === 'failed' ? 'failed' : u.approved ? 'shared' : 'private';
          return (
            <li key={u.id} className={`hx-mod__item${selected.has(u.id) ? ' is-selected' : ''}`} data-testid="moderation-item" data-upload-id={u.id} data-state={state}>
              <label className="hx-mod__pick">
                <input type="checkbox" checked={selected.has(u.id)} onChange={() => toggle(u.id)} aria-label={`Upload ${u.id} auswählen`} />
                {u.thumbnail_path ? (
                  <img src={u.thumbnail_path} alt="" loading="lazy" />
                ) : (
                  <span className="hx-mod__placeholder">{u.type === 'video' ? <Video size={28} /> : <ImageOff size={28} />}</span>
                )}
              </label>
              <span className={`hx-mod__badge hx-mod__badge--${state}`}>{state === 'failed' ? 'Fehlgeschlagen' : state === 'shared' ? 'Geteilt' : 'Privat'}</span>
              <div className="hx-mod__meta">
                <strong>{uploaderName(u)}</strong>
                <span>
                  {new Date(u.created_at).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' })} · {albumName(u.album_id)}
                </span>
              </div>
              <div className="hx-mod__actions">
                <button type="button" className="hx-btn hx-btn--ghost" onClick={() => void setApproved(u)} disabled={busy} aria-label={u.approved ? 'Freigabe zurückziehen' : 'Freigeben'}>
                  {u.approved ? <EyeOff size={16} /> : <Check size={16} />}
                  <span>{u.approved ? 'Zurückziehen' : 'Freigeben'}</span>
                </button>
                <button type="button" className="hx-btn hx-btn--ghost hx-text-danger" onClick={() => setConfirm({ kind: 'selected', ids: [u.id] })} disabled={busy} aria-label="Löschen">
                  <Trash2 size={16} />
                </button>
              </div>
            </li>
          );
        })}
      </ul>

      {page && uploads.length < page.total && (
        <button type="button" className="hx-btn hx-btn--secondary hx-mod__more" onClick={() => setLimit((n) => n + MODERATION_PAGE)}>
          Mehr laden
        </button>
      )}

      {selected.size > 0 && (
        <div className="hx-mod__bulk" role="region" aria-label="Auswahl">
          <span>{selected.size} ausgewählt</span>
          <button type="button" className="hx-btn hx-btn--primary" onClick={() => void bulkApprove(true)} disabled={busy}>
            <Check size={16} /> Freigeben
          </button>
          <button type="button" className="hx-btn hx-btn--secondary" onClick={() => void bulkApprove(false)} disabled={busy}>
            <EyeOff size={16} /> Zurückziehen
          </button>
          <button type="button" className="hx-btn hx-btn--danger" onClick={() => setConfirm({ kind: 'selected', ids: [...selected] })} disabled={busy}>
            <Trash2 size={16} /> Löschen
          </button>
        </div>
      )}

      {confirm && (
        <ConfirmModal
          title={confirm.kind === 'guest' ? 'Alle Uploads dieses Gastes entfernen?' : confirm.ids.length === 1 ? 'Upload löschen?' : `${confirm.ids.length} Uploads löschen?`}
          confirmLabel="Endgültig löschen"
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onClose={() => setConfirm(null)}
        >
          {confirm.kind === 'guest'
            ? `Alle Fotos und Videos von ${confirm.name} werden endgültig gelöscht. Das kann nicht rückgängig gemacht werden.`
            : 'Die Dateien werden endgültig gelöscht. Das kann nicht rückgängig gemacht werden.'}
        </ConfirmModal>
      )}
    </div>
  );
}
