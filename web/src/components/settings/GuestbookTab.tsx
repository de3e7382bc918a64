import type { EventDto } from '../../../../src/http/api-types';
import { clientApi } from '../../api/client-settings';
import { queryKeys } from '../../api/queries';
import { GuestbookEntries, GuestbookPrintLink } from '../guestbook/GuestbookEntries';
import { useHostT } from '../../i18n';
import { useAutoShare } from './moderation/use-moderation';
import { CheckField } from './Fields';

// Section 'Gästebuch' (issue 27): the sharing rule (the event's 'Neue Uploads sofort für alle sichtbar')
// decides whether a new entry waits for approval; below it every entry with its buttons.

export function GuestbookTab({ token, event }: { token: string; event: EventDto }) {
  const c = useHostT().couple;
  const [autoShare, saveAutoShare] = useAutoShare(token, event);
  return (
    <div className="hx-mod" data-testid="guestbook-moderation">
      <section className="hx-panel hx-mod__share">
        <p className="hx-small hx-muted">{c.guestbookIntro}</p>
        <CheckField label={c.autoShare} checked={autoShare} onChange={saveAutoShare} testId="guestbook-auto-share" />
        <span className="hx-small hx-muted hx-check-note">{c.guestbookRule}</span>
        <GuestbookPrintLink href={`/print/${event.id}/guestbook?token=${encodeURIComponent(token)}`} />
      </section>
      <GuestbookEntries
        eventId={event.id}
        access={{
          queryKey: queryKeys.host.guestbook(token),
          list: () => clientApi.guestbook(token),
          moderate: (id, approve) => clientApi.moderateGuestbook(token, id, approve),
          remove: (id) => clientApi.deleteGuestbookEntry(token, id),
          live: { clientToken: token },
        }}
      />
    </div>
  );
}
