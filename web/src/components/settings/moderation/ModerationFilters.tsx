import { UserX } from 'lucide-react';
import type { AlbumDto, ModerationPage } from '../../../../../src/http/api-types';
import type { ModerationQuery } from '../../../api/client-settings';
import type { Confirm, Filter } from './use-moderation';
import { useHostT } from '../../../i18n';
import { albumName } from '../../../pages/event/logic/albums';

// The moderation list's filters: state chips, album and guest; with a guest chosen, removing all of theirs.

type Status = ModerationQuery['status'];

interface Props {
  filter: Filter;
  filterBy: (change: Partial<Filter>) => void;
  albums: AlbumDto[];
  guests: ModerationPage['guests'] | undefined;
  busy: boolean;
  onConfirm: (confirm: Confirm) => void;
}

export function ModerationFilters({ filter: { status, albumId, guestId }, filterBy, albums, guests, busy, onConfirm }: Props) {
  const c = useHostT().couple;
  const guest = guests?.find((g) => g.guest_id === guestId);
  return (
    <section className="hx-panel hx-mod__filters" aria-label={c.filter}>
      <div className="hx-mod__chips" role="group" aria-label={c.status}>
        {(Object.keys(c.statusLabels) as Status[]).map((s) => (
          <button
            key={s}
            type="button"
            className={`hx-chip${status === s ? ' is-active' : ''}`}
            aria-pressed={status === s}
            onClick={() => filterBy({ status: s })}
          >
            {c.statusLabels[s]}
          </button>
        ))}
      </div>
      <div className="hx-mod__selects">
        <label className="hx-label-sm">
          {c.album}
          <select
            value={albumId ?? ''}
            onChange={(e) => filterBy({ albumId: e.target.value ? Number(e.target.value) : undefined })}
            aria-label={c.album}
          >
            <option value="">{c.allAlbums}</option>
            {albums.map((a) => (
              <option key={a.id} value={a.id}>
                {albumName(a.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="hx-label-sm">
          {c.guest}
          <select
            value={guestId ?? ''}
            onChange={(e) => filterBy({ guestId: e.target.value ? Number(e.target.value) : undefined })}
            aria-label={c.guest}
          >
            <option value="">{c.allGuests}</option>
            {guests?.map((g) => (
              <option key={g.guest_id} value={g.guest_id}>
                {c.guestCount(g.nickname || c.anonymous, g.upload_count)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {guest && (
        <button
          type="button"
          className="hx-btn hx-btn--danger"
          onClick={() => onConfirm({ kind: 'guest', guestId: guest.guest_id, name: guest.nickname || c.anonymous })}
          disabled={busy}
        >
          <UserX size={16} /> {c.removeGuest}
        </button>
      )}
    </section>
  );
}
