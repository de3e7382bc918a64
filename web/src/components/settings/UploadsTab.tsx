import { useState } from 'react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { ConfirmModal } from '../admin/ConfirmModal';
import { useAutoShare, useModeration, type Confirm } from './moderation/use-moderation';
import { ModerationFilters } from './moderation/ModerationFilters';
import { ModerationItem } from './moderation/ModerationItem';
import { ModerationBulkBar } from './moderation/ModerationBulkBar';

// Tab 'Uploads': the host moderates from a phone or a laptop. Newest first, one page at a time; filters by
// state, album and guest; approve, withdraw or delete one or many; remove everything of one guest. The list
// follows the live stream, so new uploads show up while the host looks at it (moderation/use-moderation.ts).

export function UploadsTab({ token, event, albums }: { token: string; event: EventDto; albums: AlbumDto[] }) {
  const m = useModeration(token, event);
  const { page, uploads, selected, busy } = m;
  const [autoShare, saveAutoShare] = useAutoShare(token, event);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const albumName = (id: number) => albums.find((a) => a.id === id)?.name ?? '';

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
          <span>Neue Uploads sofort für alle sichtbar</span>
        </label>
        <span className="hx-small hx-muted hx-check-note">
          Legt fest, ob „Automatisch freigeben“ bei Gästen zu Beginn angehakt ist. Gäste können es für sich ändern.
        </span>
      </section>

      <ModerationFilters filter={m.filter} filterBy={m.filterBy} albums={albums} guests={page?.guests} busy={busy} onConfirm={setConfirm} />

      <div className="hx-mod__head">
        <label className="hx-check">
          <input type="checkbox" checked={m.allSelected} onChange={m.toggleAll} aria-label="Alle auswählen" />
          <span data-testid="moderation-count">{page ? `${page.total} Uploads` : 'Uploads werden geladen…'}</span>
        </label>
      </div>

      {m.list.isError && <p className="hx-field-error">Fehler beim Laden der Uploads</p>}
      {page && uploads.length === 0 && <p className="hx-empty-inline">Keine Uploads</p>}

      <ul className="hx-mod__list">
        {uploads.map((u) => (
          <ModerationItem
            key={u.id}
            upload={u}
            albumName={albumName(u.album_id)}
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
          Mehr laden
        </button>
      )}

      {selected.size > 0 && (
        <ModerationBulkBar count={selected.size} busy={busy} onApprove={(approved) => void m.bulkApprove(approved)} onDelete={() => setConfirm({ kind: 'selected', ids: [...selected] })} />
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
