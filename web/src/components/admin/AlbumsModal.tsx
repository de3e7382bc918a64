import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Eye, EyeOff, FolderOpen, Pencil, Plus, Trash2, X } from 'lucide-react';
import type { AdminEventDto, AlbumDto } from '../../../../src/http/api-types';
import { adminApi } from '../../api/admin';
import { Spinner } from '../Spinner';
import { Modal } from './Modal';
import { formatGermanDateTime, isAlbumCurrent, isoToLocalInput, localInputToIso } from './host-utils';

export const DELETE_ALBUM_WARNING =
  'Are you sure you want to delete this album? All photos and videos in this album will be permanently deleted.';

export function AlbumsModal({ event, onClose }: { event: AdminEventDto; onClose: () => void }) {
  const [albums, setAlbums] = useState<AlbumDto[] | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<AlbumDto | null>(null);
  const [name, setName] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<AlbumDto | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const load = async () => {
    try {
      setAlbums(await adminApi.albums(event.id));
    } catch {
      setError('Failed to load albums');
      setAlbums([]);
    }
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event.id]);

  const resetForm = () => {
    setEditing(null);
    setName('');
    setStart('');
    setEnd('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || busy) return;
    setBusy(true);
    setError('');
    const fields = { name: name.trim(), start_datetime: localInputToIso(start), end_datetime: localInputToIso(end) };
    try {
      if (editing) await adminApi.updateAlbum(editing.id, fields);
      else await adminApi.createAlbum(event.id, fields);
      resetForm();
      await load();
    } catch {
      setError(editing ? 'Failed to update album' : 'Failed to create album');
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (a: AlbumDto) => {
    setError('');
    try {
      const updated = await adminApi.setAlbumVisible(a.id, !a.visible);
      setAlbums((list) => list?.map((x) => (x.id === a.id ? { ...x, ...updated, visible: !a.visible } : x)) ?? null);
    } catch {
      setError('Failed to update album visibility');
    }
  };

  const remove = async (a: AlbumDto) => {
    setError('');
    try {
      await adminApi.deleteAlbum(a.id);
      setConfirmDelete(null);
      if (editing?.id === a.id) resetForm();
      setAlbums((list) => list?.filter((x) => x.id !== a.id) ?? null);
    } catch {
      setConfirmDelete(null);
      setError('Failed to delete album');
    }
  };

  const edit = (a: AlbumDto) => {
    setEditing(a);
    setName(a.name);
    setStart(isoToLocalInput(a.start_datetime));
    setEnd(isoToLocalInput(a.end_datetime));
    requestAnimationFrame(() => nameRef.current?.focus());
  };

  return (
    <Modal title={`Albums · ${event.name}`} icon={<FolderOpen size={20} />} onClose={onClose} size="lg">
      <form className="hx-form hx-album-form" onSubmit={submit} aria-label={editing ? 'Edit album' : 'Create album'}>
        <div className="hx-album-form__row">
          <label className="hx-field hx-grow">
            <span className="hx-label">
              Album name <span className="hx-req">*</span>
            </span>
            <input ref={nameRef} name="album_name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </label>
          <label className="hx-field">
            <span className="hx-label">Start (optional)</span>
            <input type="datetime-local" name="album_start" step={60} value={start} onChange={(e) => setStart(e.target.value)} />
          </label>
          <label className="hx-field">
            <span className="hx-label">End (optional)</span>
            <input type="datetime-local" name="album_end" step={60} value={end} onChange={(e) => setEnd(e.target.value)} />
          </label>
        </div>
        <div className="hx-form__actions">
          {editing && (
            <button type="button" className="hx-btn hx-btn--ghost" onClick={resetForm}>
              <X size={16} /> Cancel Editing
            </button>
          )}
          <button type="submit" className="hx-btn hx-btn--primary" disabled={!name.trim() || busy}>
            {editing ? (
              <>
                <Pencil size={16} /> Update Album
              </>
            ) : (
              <>
                <Plus size={16} /> Create Album
              </>
            )}
          </button>
        </div>
      </form>

      {error && (
        <div className="hx-alert hx-alert--error" role="alert">
          {error}
        </div>
      )}

      {confirmDelete && (
        <div className="hx-confirm" role="alertdialog" aria-label="Delete album">
          <p>
            <strong>{confirmDelete.name}</strong>
            <br />
            {DELETE_ALBUM_WARNING}
          </p>
          <div className="hx-confirm__actions">
            <button type="button" className="hx-btn hx-btn--ghost" onClick={() => setConfirmDelete(null)}>
              Cancel
            </button>
            <button type="button" className="hx-btn hx-btn--danger" onClick={() => remove(confirmDelete)}>
              <Trash2 size={16} /> Delete album
            </button>
          </div>
        </div>
      )}

      {albums === null ? (
        <Spinner />
      ) : albums.length === 0 ? (
        <p className="hx-empty-inline">No albums yet. Create the first one above.</p>
      ) : (
        <ul className="hx-album-list" aria-label="Albums">
          {albums.map((a) => (
            <li key={a.id} className={`hx-album-row${a.visible ? '' : ' is-hidden'}${editing?.id === a.id ? ' is-editing' : ''}`} data-album={a.name}>
              <div className="hx-album-row__main">
                <div className="hx-album-row__title">
                  <span className="hx-album-row__name">{a.name}</span>
                  {isAlbumCurrent(a.start_datetime, a.end_datetime) && <span className="hx-badge hx-badge--green">Aktuell</span>}
                  <span className={`hx-badge ${a.visible ? 'hx-badge--blue' : 'hx-badge--gray'}`}>{a.visible ? 'Visible' : 'Hidden'}</span>
                </div>
                <div className="hx-small hx-muted">
                  {a.start_datetime || a.end_datetime
                    ? `${formatGermanDateTime(a.start_datetime)} – ${formatGermanDateTime(a.end_datetime)}`
                    : 'No time window'}
                </div>
              </div>
              <div className="hx-album-row__actions">
                <button
                  type="button"
                  className="hx-icon-btn"
                  title={a.visible ? 'Hide album' : 'Show album'}
                  aria-label={a.visible ? `Hide ${a.name}` : `Show ${a.name}`}
                  onClick={() => toggle(a)}
                >
                  {a.visible ? <EyeOff size={18} /> : <Eye size={18} />}
                </button>
                <button type="button" className="hx-icon-btn" title="Edit album" aria-label={`Edit ${a.name}`} onClick={() => edit(a)}>
                  <Pencil size={18} />
                </button>
                <button
                  type="button"
                  className="hx-icon-btn hx-icon-btn--danger"
                  title="Delete album"
                  aria-label={`Delete ${a.name}`}
                  onClick={() => setConfirmDelete(a)}
                >
                  <Trash2 size={18} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
