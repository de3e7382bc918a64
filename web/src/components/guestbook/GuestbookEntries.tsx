import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, EyeOff, Printer, Trash2 } from 'lucide-react';
import type { GuestbookEntryDto } from '../../../../src/http/api-types';
import { applyGuestbookChange, openLive, type GuestbookChange, type LiveOptions } from '../../api/live';
import { queryClient } from '../../api/query-client';
import { currentLocale, useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';

// The guestbook's moderation list (issue 27): every entry of the event, newest first, each with
// approve/withdraw and delete (a second tap confirms). The couple's 'Gästebuch' section and the admin's
// dialog show it, each through its own calls; the list follows the live stream, so new entries show up
// while it is open.

/** How one side reads and changes the guestbook: the couple by their token, the admin by Bearer. */
export interface GuestbookAccess {
  queryKey: readonly unknown[];
  list: () => Promise<GuestbookEntryDto[]>;
  moderate: (entryId: number, approve: boolean) => Promise<GuestbookEntryDto>;
  remove: (entryId: number) => Promise<unknown>;
  /** who the live stream is watched as (the couple's token, else the signed-in admin) */
  live: Pick<LiveOptions, 'clientToken'>;
}

export function GuestbookEntries({ eventId, access }: { eventId: number; access: GuestbookAccess }) {
  const c = useHostT().couple;
  const key = access.queryKey;
  const list = useQuery({ queryKey: key, queryFn: access.list });
  const apply = (change: GuestbookChange) =>
    queryClient.setQueryData<GuestbookEntryDto[]>(key, (l) => l && applyGuestbookChange(l, change));

  useEffect(() => {
    const close = openLive(eventId, (change) => change.kind === 'resync' && void queryClient.invalidateQueries({ queryKey: key }), {
      ...access.live,
      onGuestbook: (change) => queryClient.setQueryData<GuestbookEntryDto[]>(key, (l) => l && applyGuestbookChange(l, change)),
    });
    return close;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per event and credentials
  }, [eventId, access.live.clientToken]);

  const moderate = useMutation({
    mutationFn: (e: GuestbookEntryDto) => access.moderate(e.id, !e.approved),
    onSuccess: (entry) => {
      apply({ kind: 'entry', entry });
      hostToast.success(entry.approved ? c.approved : c.withdrawn);
    },
    onError: () => hostToast.error(c.guestbookFailed),
  });
  const remove = useMutation({
    mutationFn: (e: GuestbookEntryDto) => access.remove(e.id),
    onSuccess: (_, e) => {
      apply({ kind: 'gone', id: e.id });
      hostToast.success(c.guestbookDeleted);
    },
    onError: () => hostToast.error(c.guestbookFailed),
  });
  const entries = list.data ?? [];

  return (
    <>
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
    </>
  );
}

/** 'Gästebuch drucken': the printable guestbook (pages/print/GuestbookPrintPage.tsx) in a tab of its own. */
export function GuestbookPrintLink({ href }: { href: string }) {
  const h = useHostT();
  return (
    <a
      className="hx-btn hx-btn--secondary hx-gb__print"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="guestbook-print-link"
    >
      <Printer size={17} aria-hidden="true" /> {h.guestbookPrint}
    </a>
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
