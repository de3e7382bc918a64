import { useState } from 'react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { ConfirmModal } from '../admin/ConfirmModal';
import { useAutoShare, useModeration, type Confirm } from './moderation/use-moderation';
import { ModerationFilters } from './moderation/ModerationFilters';
import { ModerationItem } from './moderation/ModerationItem';
import { ModerationBulkBar } from './moderation/ModerationBulkBar';
import { useHostT } from '../../i18n';
import { albumName } from '../../pages/event/logic/albums';

// Tab 'Uploads': the host moderates from a phone or a laptop. Newest first, one page at a time; filters by
// state, album and guest; approve, withdraw or delete one or many; remove everything of one guest. The list
// follows the live stream, so new uploads show up while the host looks at it (moderation/use-moderation.ts).

export function UploadsTab({ token, event, albums }: { token: string; event: EventDto; albums: AlbumDto[] }) {
  const c = useHostT().couple;
  const m = useModeration(token, event);
  const { page, uploads, selected, busy } = m;
  const [autoShare, saveAutoShare] = useAutoShare(token, event);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const albumNameOf = (id: number) => albumName(albums.find((a) => a.id === id)?.name ?? '');

  const confirmDelete = async () => {
    if (!confirm) return;
    await m.remove(confirm);
    setConfirm(null);
  };

  return (
    <div className="hx-mod" data-testid="moderation">
      <section className="hx-panel hx-mod__share">
        <label className="hx-check">
          <input type="checkbox" checked={autoShare} onChange={(e) => saveAutoShare(e.target.checked)} data-testid="auto-share" />
          <span>{c.autoShare}</span>
        </label>
        <span className="hx-small hx-muted hx-check-note">{c.autoShareNote}</span>
      </section>

      <ModerationFilters filter={m.filter} filterBy={m.filterBy} albums={albums} guests={page?.guests} busy={busy} onConfirm={setConfirm} />

      <div className="hx-mod__head">
        <label className="hx-check">
          <input type="checkbox" checked={m.allSelected} onChange={m.toggleAll} aria-label={c.selectAll} />
          <span data-testid="moderation-count">{page ? c.uploadsTotal(page.total) : c.uploadsLoading}</span>
        </label>
      </div>

      {m.list.isError && <p className="hx-field-error">{c.uploadsLoadFailed}</p>}
      {page && uploads.length === 0 && <p className="hx-empty-inline">{c.noUploads}</p>}

      <ul className="hx-mod__list">
        {uploads.map((u) => (
          <ModerationItem
            key={u.id}
            upload={u}
            albumName={albumNameOf(u.album_id)}
            selected={selected.has(u.id)}
            busy={busy}
            onToggle={() => m.toggle(u.id)}
            onApprove={() => void m.setApproved(u)}
            onDelete={() => setConfirm({ kind: 'selected', ids: [u.id] })}
          />
        ))}
      </ul>

      {page && uploads.length < page.total && (
        <button type="button" className="hx-btn hx-btn--secondary hx-mod__more" onClick={m.loadMore}>
          {c.loadMore}
        </button>
      )}

      {selected.size > 0 && (
        <ModerationBulkBar
          count={selected.size}
          busy={busy}
          onApprove={(approved) => void m.bulkApprove(approved)}
          onDelete={() => setConfirm({ kind: 'selected', ids: [...selected] })}
        />
      )}

      {confirm && (
        <ConfirmModal
          title={
            confirm.kind === 'guest'
              ? c.removeGuestTitle
              : confirm.ids.length === 1
                ? c.deleteOneTitle
                : c.deleteManyTitle(confirm.ids.length)
          }
          confirmLabel={c.deleteForever}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onClose={() => setConfirm(null)}
        >
          {confirm.kind === 'guest' ? c.removeGuestText(confirm.name) : c.deleteText}
        </ConfirmModal>
      )}
    </div>
  );
}
