import { useMutation } from '@tanstack/react-query';
import type { AdminEventDto, AlbumDto } from '../../../../../src/http/api-types';
import { adminApi } from '../../../api/admin';
import { invalidateAdminEvents, queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { AlbumsModal } from '../../../components/admin/AlbumsModal';
import { ApiKeysModal } from '../../../components/admin/ApiKeysModal';
import { ChangePasswordModal } from '../../../components/admin/ChangePasswordModal';
import { ConfirmModal } from '../../../components/admin/ConfirmModal';
import { EventFormModal } from '../../../components/admin/EventFormModal';
import { GuestbookModal } from '../../../components/admin/GuestbookModal';
import { StatsModal } from '../../../components/admin/StatsModal';
import { UploadersModal } from '../../../components/admin/UploadersModal';
import { WifiModal } from '../../../components/admin/WifiModal';
import type { ExportProgress } from '../../../host/zip-export';
import { Parts } from '../../../components/admin/Parts';
import { useHostT } from '../../../i18n';
import { hostToast } from '../../../store/toast-store';

/** Which dialog of the dashboard is open (one at a time). */
export type DialogState =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit' | 'albums' | 'stats' | 'delete' | 'uploaders' | 'guestbook'; event: AdminEventDto }
  | { kind: 'apikeys' }
  | { kind: 'wifi' }
  | { kind: 'password' };

interface Props {
  dialog: DialogState;
  onClose: () => void;
  exports: Record<number, ExportProgress>;
  onExportAlbum: (ev: AdminEventDto, album: AlbumDto) => void;
  onLoggedOut: () => void;
}

/** The open dialog, and what its outcome does on the dashboard (toasts, the deletion). */
export function DashboardDialogs({ dialog, onClose, exports, onExportAlbum, onLoggedOut }: Props) {
  const h = useHostT();
  const deleteEvent = useMutation({
    mutationFn: (ev: AdminEventDto) => adminApi.deleteEvent(ev.id),
    onSuccess: async (_, ev) => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.event(ev.id) });
      await invalidateAdminEvents();
      hostToast.success(h.eventDeleted(ev.name));
      onClose();
    },
    onError: () => hostToast.error(h.deleteEventFailed),
  });

  switch (dialog.kind) {
    case 'none':
      return null;
    case 'create':
    case 'edit':
      return (
        <EventFormModal
          event={dialog.kind === 'edit' ? dialog.event : null}
          onClose={onClose}
          onSaved={(created) => {
            hostToast.success(created ? h.eventCreated : h.eventUpdated);
            onClose();
          }}
        />
      );
    case 'albums':
      return (
        <AlbumsModal
          event={dialog.event}
          exporting={exports[dialog.event.id] ?? null}
          onExportAlbum={(album) => {
            onClose();
            onExportAlbum(dialog.event, album);
          }}
          onClose={onClose}
        />
      );
    case 'stats':
      return <StatsModal event={dialog.event} onClose={onClose} />;
    case 'uploaders':
      return <UploadersModal event={dialog.event} onClose={onClose} />;
    case 'guestbook':
      return <GuestbookModal event={dialog.event} onClose={onClose} />;
    case 'apikeys':
      return <ApiKeysModal onClose={onClose} />;
    case 'wifi':
      return <WifiModal onClose={onClose} />;
    case 'password':
      return <ChangePasswordModal onClose={onClose} onLoggedOut={onLoggedOut} />;
    case 'delete':
      return (
        <ConfirmModal
          title={h.deleteEventTitle}
          confirmLabel={h.deleteEventConfirm}
          busy={deleteEvent.isPending}
          onClose={onClose}
          onConfirm={() => deleteEvent.mutate(dialog.event)}
        >
          <p>
            <Parts parts={h.deleteEventAsk} values={[<strong key="name">{dialog.event.name}</strong>, dialog.event.code]} />
          </p>
          <p className="hx-muted">{h.deleteEventWarning}</p>
        </ConfirmModal>
      );
  }
}
