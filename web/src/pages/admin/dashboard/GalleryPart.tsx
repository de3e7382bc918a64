import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Images } from 'lucide-react';
import type { AdminEventDto, GalleryPublication } from '../../../../../src/http/api-types';
import { adminApi, serverMessage } from '../../../api/admin';
import { queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { QrCode } from '../../../components/QrCode';
import { formatDateTime } from '../../../host/format';
import { localeOf, useLanguage } from '../../../i18n';
import type { BackupDict } from '../../../i18n/backup.de';
import { hostToast } from '../../../store/toast-store';
import { TransferProgress } from './TransferProgress';

/**
 * 'Online-Galerie veröffentlichen' (issue 29) for one event: publishes its read-only gallery to the S3 storage
 * (behind a secret link unless unticked), shows the progress, then the link and its QR code for the couple to send.
 */
export function GalleryPart({
  b: h,
  event,
  gallery,
  configured,
}: {
  b: BackupDict;
  event: AdminEventDto;
  gallery: GalleryPublication | undefined;
  configured: boolean;
}) {
  const locale = localeOf(useLanguage());
  const [secret, setSecret] = useState(gallery?.secret_link ?? true);
  const start = useMutation({
    mutationFn: adminApi.publishGallery,
    onSuccess: () => {
      hostToast.success(h.galleryStarted);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.galleries });
    },
    onError: (err) => hostToast.error(serverMessage(err, h.galleryStartFailed)),
  });
  const running = gallery?.state === 'running';
  return (
    <div className="hx-backup__gallery" data-testid={`gallery-${event.code}`}>
      <div className="hx-backup__head">
        <button
          type="button"
          className="hx-btn hx-btn--secondary"
          disabled={!configured || running || start.isPending}
          onClick={() => start.mutate({ eventId: event.id, secretLink: secret })}
          aria-label={`${h.galleryPublish}: ${event.name}`}
        >
          <Images size={17} aria-hidden="true" /> {h.galleryPublish}
        </button>
        <label className="hx-check hx-small">
          <input type="checkbox" checked={secret} onChange={(e) => setSecret(e.target.checked)} disabled={running} /> {h.gallerySecret}
        </label>
      </div>
      {running && (
        <TransferProgress
          text={h.galleryRunning(gallery.files_done, gallery.files_total)}
          done={gallery.bytes_done}
          total={gallery.bytes_total}
        />
      )}
      {gallery?.state === 'failed' && (
        <span className="hx-small hx-text-danger" role="alert">
          {h.galleryFailed(gallery.error ?? '')}
        </span>
      )}
      {!running && gallery?.url && (
        <div className="hx-backup__link">
          <QrCode value={gallery.url} label={h.galleryQr} size={112} testId={`gallery-qr-${event.code}`} />
          <div className="hx-backup__event">
            <span className="hx-small hx-muted">{h.galleryDone(formatDateTime(gallery.published_at, locale) ?? '')}</span>
            <a href={gallery.url} target="_blank" rel="noreferrer" className="hx-backup__url" aria-label={h.galleryLink}>
              {gallery.url}
            </a>
            <span className="hx-small hx-muted">{h.galleryHint}</span>
          </div>
        </div>
      )}
    </div>
  );
}
