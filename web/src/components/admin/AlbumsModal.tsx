import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FolderOpen, Pencil, Plus } from 'lucide-react';
import type { AdminEventDto, AlbumDto } from '../../../../src/http/api-types';
import { adminApi, type AlbumFields } from '../../api/admin';
import { adminQueries, invalidateAdminEvent } from '../../api/queries';
import { Spinner } from '../Spinner';
import { AlbumActions, AlbumDateFields, AlbumFormActions, AlbumNameField } from '../albums/AlbumForm';
import { useAlbumDraft } from '../albums/album-draft';
import { InlineConfirm } from './InlineConfirm';
import { Modal } from '../Modal';
import { albumContains } from '../../../../src/domain/albums.ts';
import { formatBytes, formatDateTime } from '../../host/format';
import { albumName } from '../../pages/event/logic/albums';
import { localeOf, useHostT, useLanguage } from '../../i18n';
import { exportRunning, zipSize, type ExportProgress } from '../../host/zip-export';

export function AlbumsModal({
  event,
  exporting,
  onExportAlbum,
  onClose,
}: {
  event: AdminEventDto;
  /** an export of this event is running (one at a time per event) */
  exporting: ExportProgress | null;
  onExportAlbum: (a: AlbumDto) => void;
  onClose: () => void;
}) {
  const h = useHostT();
  const c = h.couple;
  const locale = localeOf(useLanguage());
  const list = useQuery(adminQueries.albums(event.id));
  const sizes = useQuery(adminQueries.exportSizes(event.id)).data;
  const sized = (label: string, albumId: number) => {
    const size = zipSize(sizes, albumId);
    return size ? h.zipOfSize(label, formatBytes(size, locale)) : label;
  };
  const albums = list.data ?? null;
  // the error, not an empty state: the albums are unknown, not absent
  const loadFailed = list.isError;
  const [error, setError] = useState('');
  const draft = useAlbumDraft();
  const { editing } = draft;
  const [confirmDelete, setConfirmDelete] = useState<AlbumDto | null>(null);

  // Every change refetches the event's albums (with counts) and the dashboard's cards.
  const save = useMutation({
    mutationFn: ({ album, fields }: { album: AlbumDto | null; fields: AlbumFields }) =>
      album ? adminApi.updateAlbum(album.id, fields) : adminApi.createAlbum(event.id, fields),
    onSuccess: async () => {
      await invalidateAdminEvent(event.id);
      draft.reset();
    },
    onError: (err, { album }) => {
      draft.refused(err);
      setError(album ? h.updateAlbumFailed : h.createAlbumFailed);
    },
  });
  const busy = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.canSubmit || busy) return;
    setError('');
    save.mutate({ album: editing, fields: draft.fields() });
  };

  const toggle = useMutation({
    mutationFn: (a: AlbumDto) => adminApi.setAlbumVisible(a.id, !a.visible),
    onMutate: () => setError(''),
    onSuccess: () => invalidateAdminEvent(event.id),
    onError: () => setError(h.albumVisibilityFailed),
  });

  const remove = useMutation({
    mutationFn: (a: AlbumDto) => adminApi.deleteAlbum(a.id),
    onMutate: () => setError(''),
    onSuccess: async (_, a) => {
      await invalidateAdminEvent(event.id);
      if (editing?.id === a.id) draft.reset();
    },
    onError: () => setError(h.deleteAlbumFailed),
    onSettled: () => setConfirmDelete(null),
  });

  const edit = (a: AlbumDto) => {
    draft.edit(a);
    requestAnimationFrame(() => draft.nameRef.current?.focus());
  };

  return (
    <Modal look="host" title={h.albumsOf(event.name)} icon={<FolderOpen size={20} />} onClose={onClose} size="lg">
      <form className="hx-form hx-album-form" onSubmit={submit} aria-label={editing ? h.editAlbum : h.createAlbum}>
        <div className="hx-album-form__row">
          <AlbumNameField draft={draft} label={h.albumName} albums={albums ?? []} className="hx-field hx-grow" />
          <AlbumDateFields draft={draft} startLabel={h.startOptional} endLabel={h.endOptional} />
        </div>
        <AlbumFormActions
          draft={draft}
          busy={busy}
          createLabel={
            <>
              <Plus size={16} /> {h.createAlbum}
            </>
          }
          updateLabel={
            <>
              <Pencil size={16} /> {h.updateAlbum}
            </>
          }
        />
      </form>

      {error && (
        <div className="hx-alert hx-alert--error" role="alert">
          {error}
        </div>
      )}

      {confirmDelete && (
        <InlineConfirm
          label={h.deleteAlbum}
          confirmLabel={h.deleteAlbum}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => remove.mutate(confirmDelete)}
        >
          <strong>{confirmDelete.name}</strong>
          <br />
          {c.deleteAlbumWarning}
          <br />
          <strong data-testid="album-delete-count">{c.goingWith(confirmDelete.upload_count ?? 0)}</strong>
        </InlineConfirm>
      )}

      {loadFailed ? (
        <div className="hx-alert hx-alert--error" role="alert">
          {h.loadAlbumsFailed}
          <button type="button" className="hx-link-btn" onClick={() => void list.refetch()}>
            {h.retry}
          </button>
        </div>
      ) : albums === null ? (
        <Spinner />
      ) : albums.length === 0 ? (
        <p className="hx-empty-inline">{h.noAlbums}</p>
      ) : (
        <ul className="hx-album-list" aria-label={h.albums}>
          {albums.map((a) => (
            <li
              key={a.id}
              className={`hx-album-row${a.visible ? '' : ' is-hidden'}${editing?.id === a.id ? ' is-editing' : ''}`}
              data-album={a.name}
            >
              <div className="hx-album-row__main">
                <div className="hx-album-row__title">
                  <span className="hx-album-row__name">{albumName(a.name)}</span>
                  {albumContains(a, new Date()) && <span className="hx-badge hx-badge--green">{h.albumCurrent}</span>}
                  <span className={`hx-badge ${a.visible ? 'hx-badge--blue' : 'hx-badge--gray'}`}>{a.visible ? h.visible : h.hidden}</span>
                  <span className="hx-album-row__count" data-testid="album-count">
                    {c.albumCount(a.upload_count ?? 0)}
                  </span>
                </div>
                <div className="hx-small hx-muted">
                  {a.start_datetime || a.end_datetime
                    ? `${formatDateTime(a.start_datetime, locale) ?? h.notSet} – ${formatDateTime(a.end_datetime, locale) ?? h.notSet}`
                    : h.noTimeWindow}
                </div>
              </div>
              <button
                type="button"
                className="hx-icon-btn hx-album-export"
                title={h.exportAlbumHint}
                aria-label={sized(h.exportAlbum(albumName(a.name)), a.id)}
                disabled={!a.upload_count || exportRunning(exporting)}
                onClick={() => onExportAlbum(a)}
              >
                <Download size={18} />
                {zipSize(sizes, a.id) ? <span className="hx-small">{formatBytes(zipSize(sizes, a.id)!, locale)}</span> : null}
              </button>
              <AlbumActions
                album={a}
                className="hx-album-row__actions"
                iconSize={18}
                onToggle={() => toggle.mutate(a)}
                onEdit={() => edit(a)}
                onDelete={() => setConfirmDelete(a)}
              />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
