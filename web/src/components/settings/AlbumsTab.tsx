import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CalendarClock, FolderOpen, Pencil, Plus } from 'lucide-react';
import type { AlbumDto } from '../../../../src/http/api-types';
import { serverMessage } from '../../api/admin';
import { clientApi } from '../../api/client-settings';
import { ConfirmModal } from '../admin/ConfirmModal';
import { albumPhase } from '../../../../src/domain/albums.ts';
import { ALBUM_PHASE_LABEL, formatGermanDateTime } from '../admin/host-utils';
import { AlbumActions, AlbumDateFields, AlbumFormActions, AlbumNameField } from '../albums/AlbumForm';
import { countLabel, DELETE_ALBUM_WARNING, uploadsGoing, useAlbumDraft, withToggledVisibility } from '../albums/album-draft';
import { hostToast } from '../../store/toast-store';

export function AlbumsTab({
  token,
  albums,
  setAlbums,
  editRequest,
  onEdit,
}: {
  token: string;
  albums: AlbumDto[];
  setAlbums: (update: (list: AlbumDto[]) => AlbumDto[]) => void;
  /** the album to edit, with a counter so the same album can be requested again */
  editRequest: { album: AlbumDto; n: number } | null;
  onEdit: (a: AlbumDto) => void;
}) {
  const draft = useAlbumDraft();
  const { editing, reset, edit, nameRef } = draft;
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<AlbumDto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!editRequest) return;
    edit(editRequest.album);
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      nameRef.current?.focus({ preventScroll: true });
    });
  }, [editRequest, edit, nameRef]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.canSubmit || busy) return;
    setBusy(true);
    const fields = { ...draft.fields(), visible: draft.visible };
    try {
      if (editing) {
        const updated = await clientApi.updateAlbum(token, editing.id, fields);
        setAlbums((list) => list.map((x) => (x.id === editing.id ? { ...x, ...fields, ...updated } : x)));
        hostToast.success('Album updated successfully');
      } else {
        const created = await clientApi.createAlbum(token, fields);
        setAlbums((list) => [created, ...list.filter((x) => x.id !== created.id)]);
        hostToast.success('Album created successfully');
      }
      reset();
    } catch (err) {
      draft.refused(err);
      hostToast.error(serverMessage(err, editing ? 'Failed to update album' : 'Failed to create album'));
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (a: AlbumDto) => {
    try {
      const updated = await clientApi.updateAlbum(token, a.id, { visible: !a.visible });
      setAlbums((list) => withToggledVisibility(list, a, updated));
      hostToast.success(a.visible ? 'Album hidden successfully' : 'Album shown successfully');
    } catch {
      hostToast.error('Failed to update album visibility');
    }
  };

  const remove = async (a: AlbumDto) => {
    setDeleting(true);
    try {
      await clientApi.deleteAlbum(token, a.id);
      setAlbums((list) => list.filter((x) => x.id !== a.id));
      if (editing?.id === a.id) reset();
      hostToast.success('Album deleted successfully');
    } catch {
      hostToast.error('Failed to delete album');
    } finally {
      setDeleting(false);
      setConfirmDelete(null);
    }
  };

  return (
    <div className="hx-albums-layout">
      <form ref={formRef} className="hx-form hx-panel hx-album-editor" onSubmit={submit} noValidate aria-label={editing ? 'Edit Album' : 'Create New Album'}>
        <h2 className="hx-panel__title">
          {editing ? <Pencil size={18} aria-hidden="true" /> : <Plus size={18} aria-hidden="true" />}
          {editing ? 'Edit Album' : 'Create New Album'}
        </h2>
        <AlbumNameField draft={draft} label="Album Name" albums={albums} required />
        <label className="hx-check">
          <input type="checkbox" name="album_visible" checked={draft.visible} onChange={(e) => draft.setVisible(e.target.checked)} />
          <span>Make this album visible to all users</span>
        </label>
        <div className="hx-grid-2">
          <AlbumDateFields draft={draft} startLabel="Start Date & Time (optional)" endLabel="End Date & Time (optional)" />
        </div>
        <p className="hx-hint">
          <CalendarClock size={16} aria-hidden="true" />
          <span>Photos taken after the start date or before the end date are automatically assigned to this album.</span>
        </p>
        <AlbumFormActions draft={draft} busy={busy} createLabel="Create Album" updateLabel="Update Album" />
      </form>

      <section className="hx-panel" aria-labelledby="your-albums">
        <h2 className="hx-panel__title" id="your-albums">
          <FolderOpen size={18} aria-hidden="true" /> Your Albums
          <span className="hx-count">{albums.length}</span>
        </h2>
        {albums.length === 0 ? (
          <p className="hx-empty-inline">No albums found. Create your first album using the form.</p>
        ) : (
          <ul className="hx-album-cards">
            {albums.map((a) => {
              const phase = albumPhase(a, new Date());
              return (
                <li key={a.id} className={`hx-album-card${editing?.id === a.id ? ' is-editing' : ''}${a.visible ? '' : ' is-hidden'}`} data-album={a.name}>
                  <div className="hx-album-card__top">
                    <strong className="hx-album-card__name">{a.name}</strong>
                    <span className={`hx-badge ${a.visible ? 'hx-badge--green' : 'hx-badge--gray'}`}>{a.visible ? 'Visible' : 'Hidden'}</span>
                    {phase && <span className={`hx-badge hx-badge--phase-${phase}`}>{ALBUM_PHASE_LABEL[phase]}</span>}
                    <span className="hx-album-row__count" data-testid="album-count">
                      {countLabel(a.upload_count ?? 0)}
                    </span>
                  </div>
                  <dl className="hx-album-card__dates">
                    <div>
                      <dt>Start:</dt>
                      <dd>{formatGermanDateTime(a.start_datetime)}</dd>
                    </div>
                    <div>
                      <dt>End:</dt>
                      <dd>{formatGermanDateTime(a.end_datetime)}</dd>
                    </div>
                  </dl>
                  <AlbumActions
                    album={a}
                    className="hx-album-card__actions"
                    iconSize={17}
                    editFirst
                    onToggle={() => toggle(a)}
                    onEdit={() => onEdit(a)}
                    onDelete={() => setConfirmDelete(a)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {confirmDelete && (
        <ConfirmModal title="Delete Album" confirmLabel="Delete album" busy={deleting} onClose={() => setConfirmDelete(null)} onConfirm={() => remove(confirmDelete)}>
          <p>
            <strong>{confirmDelete.name}</strong>
          </p>
          <p>{DELETE_ALBUM_WARNING}</p>
          <p>
            <strong data-testid="album-delete-count">{uploadsGoing(confirmDelete)}</strong>
          </p>
        </ConfirmModal>
      )}
    </div>
  );
}
