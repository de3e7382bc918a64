import { useState } from 'react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { useAutoShare, useModeration, type Confirm } from './moderation/use-moderation';
import { ModerationFilters } from './moderation/ModerationFilters';
import { DeleteConfirm, ModerationList } from './moderation/ModerationList';
import { ModerationBulkBar } from './moderation/ModerationBulkBar';
import { useHostT } from '../../i18n';
import { CheckField } from './Fields';

// Tab 'Uploads': the host moderates from a phone or a laptop. Newest first, one page at a time; filters by
// state, album and guest; approve, withdraw or delete one or many; remove everything of one guest. The list
// follows the live stream, so new uploads show up while the host looks at it (moderation/use-moderation.ts).

export function UploadsTab({ token, event, albums }: { token: string; event: EventDto; albums: AlbumDto[] }) {
  const c = useHostT().couple;
  const m = useModeration(token, event);
  const { page, uploads, selected, busy } = m;
  const [autoShare, saveAutoShare] = useAutoShare(token, event);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  return (
    <div className="hx-mod" data-testid="moderation">
      <section className="hx-panel hx-mod__share">
        <CheckField label={c.autoShare} checked={autoShare} onChange={saveAutoShare} testId="auto-share" />
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

      <ModerationList uploads={uploads} albums={albums} m={m} onConfirm={setConfirm} selectable />

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

      {confirm && <DeleteConfirm confirm={confirm} m={m} onClose={() => setConfirm(null)} />}
    </div>
  );
}
