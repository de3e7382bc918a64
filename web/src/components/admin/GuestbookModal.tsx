import { BookHeart } from 'lucide-react';
import type { AdminEventDto } from '../../../../src/http/api-types';
import { adminApi } from '../../api/admin';
import { queryKeys } from '../../api/queries';
import { GuestbookEntries, GuestbookPrintLink } from '../guestbook/GuestbookEntries';
import { Modal } from '../Modal';
import { useHostT } from '../../i18n';

/** The admin's guestbook of one event (issue 27): every entry, approve/withdraw and delete, live. */
export function GuestbookModal({ event, onClose }: { event: AdminEventDto; onClose: () => void }) {
  const h = useHostT();
  return (
    <Modal look="host" title={h.guestbookOf(event.name)} icon={<BookHeart size={20} />} onClose={onClose} size="lg">
      <div className="hx-mod" data-testid="admin-guestbook">
        <p className="hx-muted hx-intro">{h.guestbookAdminIntro}</p>
        <GuestbookPrintLink href={`/print/${event.id}/guestbook`} />
        <GuestbookEntries
          eventId={event.id}
          access={{
            queryKey: queryKeys.admin.guestbook(event.id),
            list: () => adminApi.guestbook(event.id),
            moderate: (id, approve) => adminApi.moderateGuestbook(event.id, id, approve),
            remove: (id) => adminApi.deleteGuestbookEntry(event.id, id),
            live: {},
          }}
        />
      </div>
    </Modal>
  );
}
