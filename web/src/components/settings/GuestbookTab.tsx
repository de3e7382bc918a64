import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, EyeOff, Trash2 } from 'lucide-react';
import type { EventDto, GuestbookEntryDto } from '../../../../src/http/api-types';
import { clientApi } from '../../api/client-settings';
import { applyGuestbookChange, openLive, type GuestbookChange } from '../../api/live';
import { queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { currentLocale, useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';
import { useAutoShare } from './moderation/use-moderation';

// Section 'Gästebuch' (issue 27): every entry of the event, newest first, each with approve/withdraw and
// delete; the sharing rule (the event's 'Neue Uploads sofort für alle sichtbar') decides whether a new entry
// waits for approval. The list follows the live stream, so new entries show up while the couple looks at it.

export function GuestbookTab({ token, event }: { token: string; event: EventDto }) {
  const c = useHostT().couple;
  const key = queryKeys.host.guestbook(token);
  const list = useQuery({ queryKey: key, queryFn: () => clientApi.guestbook(token) });
  const [autoShare, saveAutoShare] = useAutoShare(token, event);
  const apply = (change: GuestbookChange) =>
    queryClient.setQueryData<GuestbookEntryDto[]>(key, (l) => l && applyGuestbookChange(l, change));

  useEffect(() => {
    const close = openLive(event.id, (change) => change.kind === 'resync' && void queryClient.invalidateQueries({ queryKey: key }), {
      clientToken: token,
      onGuestbook: (change) => queryClient.setQueryData<GuestbookEntryDto[]>(key, (l) => l && applyGuestbookChange(l, change)),
    });
    return close;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key follows the token
  }, [event.id, token]);

  const moderate = useMutation({
    mutationFn: (e: GuestbookEntryDto) => clientApi.moderateGuestbook(token, e.id, !e.approved),
    onSuccess: (entry) => {
      apply({ kind: 'entry', entry });
      hostToast.success(entry.approved ? c.approved : c.withdrawn);
    },
    onError: () => hostToast.error(c.guestbookFailed),
  });
  const remove = useMutation({
    mutationFn: (e: GuestbookEntryDto) => clientApi.deleteGuestbookEntry(token, e.id),
    onSuccess: (_, e) => {
      apply({ kind: 'gone', id: e.id });
      hostToast.success(c.guestbookDeleted);
    },
    onError: () => hostToast.error(c.guestbookFailed),
  });
  const entries = list.data ?? [];

  return (
    <div className="hx-mod" data-testid="guestbook-moderation">
      <section className="hx-panel hx-mod__share">
        <p className="hx-small hx-muted">{c.guestbookIntro}</p>
        <label className="hx-check">
          <input type="checkbox" checked={autoShare} onChange={(e) => saveAutoShare(e.target.checked)} data-testid="guestbook-auto-share" />
          <span>{c.autoShare}</span>
        </label>
        <span className="hx-small hx-muted hx-check-note">{c.guestbookRule}</span>
      </section>
      {list.isError && <p className="hx-field-error">{c.guestbookLoadFailed}</p>}
      {list.isSuccess && (
        <p className="hx-small hx-muted" data-testid="guestbook-count">
          {entries.length === 0 ? c.guestbookEmpty : c.guestbookCount(entries.length)}
        </p>
      )}
      <ol className="hx-gb">
        {entries.map((e) => (
          <GuestbookRow
            key={e.id}
            entry={e}
            busy={(moderate.isPending && moderate.variables?.id === e.id) || (remove.isPending && remove.variables?.id === e.id)}
            onModerate={() => moderate.mutate(e)}
            onDelete={() => remove.mutate(e)}
          />
        ))}
      </ol>
    </div>
  );
}

function GuestbookRow({
  entry: e,
  busy,
  onModerate,
  onDelete,
}: {
  entry: GuestbookEntryDto;
  busy: boolean;
  onModerate: () => void;
  onDelete: () => void;
}) {
  const c = useHostT().couple;
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="hx-gb__item hx-panel" data-testid="guestbook-entry" data-entry-id={e.id} data-state={e.approved ? 'shared' : 'private'}>
      <span className={`hx-mod__badge hx-mod__badge--${e.approved ? 'shared' : 'private'}`}>
        {e.approved ? c.guestbookShared : c.guestbookWaiting}
      </span>
      {/* plain text, never HTML */}
      <p className="hx-gb__text">{e.text}</p>
      <p className="hx-small hx-muted">
        <strong>{e.name}</strong> · {new Date(e.created_at).toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'short' })}
      </p>
      <div className="hx-mod__actions">
        <button
          type="button"
          className={`hx-btn ${e.approved ? 'hx-btn--secondary' : 'hx-btn--primary'}`}
          onClick={onModerate}
          disabled={busy}
          data-testid="guestbook-moderate"
        >
          {e.approved ? <EyeOff size={16} aria-hidden="true" /> : <Check size={16} aria-hidden="true" />}
          {e.approved ? c.withdraw : c.approve}
        </button>
        <button
          type="button"
          className="hx-btn hx-btn--danger"
          onClick={() => (confirming ? onDelete() : setConfirming(true))}
          onBlur={() => setConfirming(false)}
          disabled={busy}
          data-testid="guestbook-delete"
        >
          <Trash2 size={16} aria-hidden="true" />
          {confirming ? c.guestbookDeleteConfirm : c.delete}
        </button>
      </div>
    </li>
  );
}
