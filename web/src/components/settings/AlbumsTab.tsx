import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CalendarClock, FolderOpen, Pencil, Plus } from 'lucide-react';
import type { AlbumDto } from '../../../../src/http/api-types';
import { serverMessage } from '../../api/admin';
import { useMutation } from '@tanstack/react-query';
import { clientApi, type ClientAlbumFields } from '../../api/client-settings';
import { invalidateHostPage } from '../../api/queries';
import { ConfirmModal } from '../admin/ConfirmModal';
import { albumPhase } from '../../../../src/domain/albums.ts';
import { formatDateTime } from '../../host/format';
import { albumName } from '../../pages/event/logic/albums';
import { AlbumActions, AlbumDateFields, AlbumFormActions, AlbumNameField } from '../albums/AlbumForm';
import { CheckField } from './Fields';
import { useAlbumDraft } from '../albums/album-draft';
import { localeOf, useHostT, useLanguage } from '../../i18n';
import { hostToast } from '../../store/toast-store';

export function AlbumsTab({
  token,
  albums,
  onCreated,
  editRequest,
  onEdit,
}: {
  token: string;
  albums: AlbumDto[];
  onCreated: (a: AlbumDto) => void;
  /** the album to edit, with a counter so the same album can be requested again */
  editRequest: { album: AlbumDto; n: number } | null;
  onEdit: (a: AlbumDto) => void;
}) {
  const h = useHostT();
  const c = h.couple;
  const locale = localeOf(useLanguage());
  const draft = useAlbumDraft();
  const { editing, reset, edit, nameRef } = draft;
  const [confirmDelete, setConfirmDelete] = useState<AlbumDto | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!editRequest) return;
    edit(editRequest.album);
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      nameRef.current?.focus({ preventScroll: true });
    });
  }, [editRequest, edit, nameRef]);

  // Every change refetches the page's data (album list with counts, statistics, moderation filters).
  const save = useMutation({
    mutationFn: ({ album, fields }: { album: AlbumDto | null; fields: ClientAlbumFields }) =>
      album ? clientApi.updateAlbum(token, album.id, fields) : clientApi.createAlbum(token, fields),
    onSuccess: async (saved, { album }) => {
      if (!album) onCreated(saved);
      await invalidateHostPage(token);
      hostToast.success(album ? c.albumUpdated : c.albumCreated);
      reset();
    },
    onError: (err, { album }) => {
      draft.refused(err);
      hostToast.error(serverMessage(err, album ? c.albumUpdateFailed : c.albumCreateFailed));
    },
  });
  const busy = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.canSubmit || busy) return;
    save.mutate({ album: editing, fields: { ...draft.fields(), visible: draft.visible } });
  };

  const toggle = useMutation({
    mutationFn: (a: AlbumDto) => clientApi.updateAlbum(token, a.id, { visible: !a.visible }),
    onSuccess: async (_, a) => {
      await invalidateHostPage(token);
      hostToast.success(a.visible ? c.albumHidden : c.albumShown);
    },
    onError: () => hostToast.error(c.albumVisibilityFailed),
  });

  const remove = useMutation({
    mutationFn: (a: AlbumDto) => clientApi.deleteAlbum(token, a.id),
    onSuccess: async (_, a) => {
      await invalidateHostPage(token);
      if (editing?.id === a.id) reset();
      hostToast.success(c.albumDeleted);
    },
    onError: () => hostToast.error(c.albumDeleteFailed),
    onSettled: () => setConfirmDelete(null),
  });

  return (
    <div className="hx-albums-layout">
      <form
        ref={formRef}
        className="hx-form hx-panel hx-album-editor"
        onSubmit={submit}
        noValidate
        aria-label={editing ? c.editAlbum : c.createNewAlbum}
      >
        <h2 className="hx-panel__title">
          {editing ? <Pencil size={18} aria-hidden="true" /> : <Plus size={18} aria-hidden="true" />}
          {editing ? c.editAlbum : c.createNewAlbum}
        </h2>
        <AlbumNameField draft={draft} label={c.albumName} albums={albums} required />
        <CheckField name="album_visible" label={c.albumVisible} checked={draft.visible} onChange={draft.setVisible} />
        <div className="hx-grid-2">
          <AlbumDateFields draft={draft} startLabel={c.startOptional} endLabel={c.endOptional} />
        </div>
        <p className="hx-hint">
          <CalendarClock size={16} aria-hidden="true" />
          <span>{c.autoAssignHint}</span>
        </p>
        <AlbumFormActions draft={draft} busy={busy} createLabel={c.createAlbum} updateLabel={c.updateAlbum} />
      </form>

      <section className="hx-panel" aria-labelledby="your-albums">
        <h2 className="hx-panel__title" id="your-albums">
          <FolderOpen size={18} aria-hidden="true" /> {c.yourAlbums}
          <span className="hx-count">{albums.length}</span>
        </h2>
        {albums.length === 0 ? (
          <p className="hx-empty-inline">{c.noAlbums}</p>
        ) : (
          <ul className="hx-album-cards">
            {albums.map((a) => {
              const phase = albumPhase(a, new Date());
              return (
                <li
                  key={a.id}
                  className={`hx-album-card${editing?.id === a.id ? ' is-editing' : ''}${a.visible ? '' : ' is-hidden'}`}
                  data-album={a.name}
                >
                  <div className="hx-album-card__top">
                    <strong className="hx-album-card__name">{albumName(a.name)}</strong>
                    <span className={`hx-badge ${a.visible ? 'hx-badge--green' : 'hx-badge--gray'}`}>
                      {a.visible ? c.visible : c.hidden}
                    </span>
                    {phase && <span className={`hx-badge hx-badge--phase-${phase}`}>{c.albumPhases[phase]}</span>}
                    <span className="hx-album-row__count" data-testid="album-count">
                      {c.albumCount(a.upload_count ?? 0)}
                    </span>
                  </div>
                  <dl className="hx-album-card__dates">
                    <div>
                      <dt>{c.start}</dt>
                      <dd>{formatDateTime(a.start_datetime, locale) ?? h.notSet}</dd>
                    </div>
                    <div>
                      <dt>{c.end}</dt>
                      <dd>{formatDateTime(a.end_datetime, locale) ?? h.notSet}</dd>
                    </div>
                  </dl>
                  <AlbumActions
                    album={a}
                    className="hx-album-card__actions"
                    iconSize={17}
                    editFirst
                    onToggle={() => toggle.mutate(a)}
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
        <ConfirmModal
          title={c.deleteAlbumTitle}
          confirmLabel={c.deleteAlbumConfirm}
          busy={remove.isPending}
          onClose={() => setConfirmDelete(null)}
          onConfirm={() => remove.mutate(confirmDelete)}
        >
          <p>
            <strong>{albumName(confirmDelete.name)}</strong>
          </p>
          <p>{c.deleteAlbumWarning}</p>
          <p>
            <strong data-testid="album-delete-count">{c.goingWith(confirmDelete.upload_count ?? 0)}</strong>
          </p>
        </ConfirmModal>
      )}
    </div>
  );
}
