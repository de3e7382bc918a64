import { useState } from 'react';
import {
  BarChart3,
  BookHeart,
  Calendar,
  Copy,
  Clock,
  Download,
  ExternalLink,
  EyeOff,
  FolderOpen,
  HardDrive,
  ImageIcon,
  Images,
  Link2,
  Pencil,
  Printer,
  RefreshCw,
  Trash2,
  Users,
} from 'lucide-react';
import type { AdminEventDto } from '../../../../src/http/api-types';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { invalidateAdminEvents } from '../../api/queries';
import { copyText } from '../clipboard';
import { ConfirmModal } from './ConfirmModal';
import { EventSchedule, scheduleOfEvent } from './EventSchedule';
import { Parts } from './Parts';
import { eventLink, settingsLink } from '../../host/links';
import { formatBytes, formatDateTime, formatDay, formatMb, sizeTone } from '../../host/format';
import { localeOf, useHostT, useLanguage } from '../../i18n';
import { hostToast } from '../../store/toast-store';
import { exportRunning, zipSize, type ExportProgress } from '../../host/zip-export';
import { ExportStatus } from './ExportStatus';
import { QrCode } from '../QrCode';
import { SetupChecklist } from './SetupChecklist';
import { useQuery } from '@tanstack/react-query';
import { adminQueries } from '../../api/queries';

export type CardAction = 'albums' | 'edit' | 'export' | 'stats' | 'delete' | 'uploaders' | 'guestbook';

export function EventCard({
  event,
  publicUrl,
  exporting,
  onAction,
}: {
  event: AdminEventDto;
  publicUrl: string;
  exporting: ExportProgress | null;
  onAction: (a: CardAction, e: AdminEventDto) => void;
}) {
  const h = useHostT();
  const locale = localeOf(useLanguage());
  const [imgBroken, setImgBroken] = useState(false);
  const sizes = useQuery(adminQueries.exportSizes(event.id)).data;
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const url = event.client_token ? settingsLink(publicUrl, event.client_token) : null;

  const generation = useMutation({
    mutationFn: () => adminApi.generateClientToken(event.id),
    onSuccess: async (answer) => {
      hostToast.success(h.tokenGenerated);
      // copied first, while the click still counts as the user's (the browser's clipboard rule)
      if (await copyText(settingsLink(publicUrl, answer.client_token))) hostToast.success(h.clientUrlCopied);
      await invalidateAdminEvents();
    },
    onError: () => hostToast.error(h.tokenFailed),
  });
  const generating = generation.isPending;
  const generate = () => {
    setConfirmRegenerate(false);
    generation.mutate();
  };

  const tone = sizeTone(event.total_size_mb);

  return (
    <article className="hx-card" data-event-code={event.code} aria-label={event.name}>
      <div className="hx-card__cover" style={{ background: `linear-gradient(135deg, ${event.primary_color}, ${event.secondary_color})` }}>
        <span className={`hx-status hx-status--${event.status}`} title={h.statusHint[event.status]} data-testid="event-status">
          {h.statusLabel[event.status] ?? event.status}
        </span>
      </div>
      <div className="hx-card__head">
        <div className="hx-card__avatar">
          {event.host_image_url && !imgBroken ? (
            <img src={event.host_image_url} alt="" onError={() => setImgBroken(true)} data-testid="host-image" />
          ) : (
            <ImageIcon size={26} aria-label={h.noHostImage} />
          )}
        </div>
        <div className="hx-card__titles">
          <h3 className="hx-card__name" title={event.name}>
            {event.name}
          </h3>
          <span className="hx-card__code hx-mono" title={h.eventCode}>
            {event.code}
          </span>
        </div>
      </div>

      <div className="hx-card__meta">
        <span className="hx-dots" title={h.colors(event.primary_color, event.secondary_color)}>
          <span className="hx-dot" style={{ background: event.primary_color }} aria-label={h.primaryColorIs(event.primary_color)} />
          <span className="hx-dot" style={{ background: event.secondary_color }} aria-label={h.secondaryColorIs(event.secondary_color)} />
        </span>
        <span className={`hx-badge ${event.allow_download ? 'hx-badge--green' : 'hx-badge--gray'}`}>
          <Download size={12} aria-hidden="true" /> {event.allow_download ? h.downloadsOn : h.downloadsOff}
        </span>
      </div>
      <div className="hx-card__facts">
        <span title={h.created}>
          <Calendar size={14} aria-hidden="true" /> {formatDay(event.created_at, locale)}
        </span>
        <span className={`hx-size hx-size--${tone}`} title={h.uploadCount(event.upload_count ?? 0)} data-testid="event-size">
          <HardDrive size={14} aria-hidden="true" /> {formatMb(event.total_size_mb, locale)}
        </span>
      </div>
      <EventSchedule schedule={scheduleOfEvent(event)} compact />
      <div className="hx-card__activity" data-testid="event-activity">
        <span data-testid="activity-uploads">
          <Images size={14} aria-hidden="true" /> {h.uploadCount(event.upload_count)}
        </span>
        <span data-testid="activity-private" title={h.privateHint}>
          <EyeOff size={14} aria-hidden="true" /> {h.privateCount(event.private_count)}
        </span>
        <span data-testid="activity-last" title={h.newestUpload}>
          <Clock size={14} aria-hidden="true" />{' '}
          {event.last_upload_at ? h.lastUpload(formatDateTime(event.last_upload_at, locale) ?? '') : h.noUploadsYet}
        </span>
      </div>

      <SetupChecklist event={event} />
      <div className="hx-card__actions">
        <button type="button" className="hx-action" onClick={() => onAction('albums', event)}>
          <FolderOpen size={16} /> {h.actionAlbums}
        </button>
        <button type="button" className="hx-action" onClick={() => onAction('edit', event)}>
          <Pencil size={16} /> {h.actionEdit}
        </button>
        <a className="hx-action" href={eventLink(null, event.code)} target="_blank" rel="noopener noreferrer">
          <ExternalLink size={16} /> {h.actionView}
        </a>
        <button
          type="button"
          className="hx-action"
          onClick={() => onAction('export', event)}
          disabled={exportRunning(exporting)}
          data-testid="export-zip"
        >
          <Download size={16} />{' '}
          {zipSize(sizes, undefined) ? h.zipOfSize(h.actionExport, formatBytes(zipSize(sizes, undefined)!, locale)) : h.actionExport}
        </button>
        <button type="button" className="hx-action" onClick={() => onAction('stats', event)}>
          <BarChart3 size={16} /> {h.actionStats}
        </button>
        <button type="button" className="hx-action" onClick={() => onAction('uploaders', event)}>
          <Users size={16} /> {h.actionUploaders}
        </button>
        <button type="button" className="hx-action" onClick={() => onAction('guestbook', event)}>
          <BookHeart size={16} /> {h.actionGuestbook}
        </button>
        <a className="hx-action" href={`/print/${event.id}`} target="_blank" rel="noopener noreferrer">
          <Printer size={16} /> {h.actionPrint}
        </a>
        <button type="button" className="hx-action hx-action--danger" onClick={() => onAction('delete', event)}>
          <Trash2 size={16} /> {h.actionDelete}
        </button>
      </div>

      {exporting && exporting.state !== 'failed' && (
        <div className="hx-card__export">
          <ExportStatus progress={exporting} filesText={h.exportProgress} doneText={h.exportDone} />
        </div>
      )}
      {exporting?.state === 'failed' && (
        <div className="hx-alert hx-alert--error hx-card__export" role="alert" data-testid="export-error">
          <p>
            {h.exportFailed}. {h.exportNotFinished}
          </p>
          <button type="button" className="hx-btn hx-btn--secondary hx-btn--sm" onClick={() => onAction('albums', event)}>
            <FolderOpen size={15} /> {h.exportAlbumByAlbum}
          </button>
        </div>
      )}

      <div className="hx-card__client">
        <span className="hx-label-sm">
          <Link2 size={14} aria-hidden="true" /> {h.clientLink}
        </span>
        {url ? (
          <>
            <div className="hx-input-group hx-input-group--sm">
              <input readOnly value={url} aria-label={h.clientUrl} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                className="hx-btn hx-btn--secondary hx-btn--icon"
                title={h.copyUrl}
                aria-label={h.copyClientUrl}
                onClick={async () => {
                  if (await copyText(url)) hostToast.success(h.urlCopied);
                }}
              >
                <Copy size={15} />
              </button>
              <a
                className="hx-btn hx-btn--secondary hx-btn--icon"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                title={h.openSettingsPage}
                aria-label={h.openSettingsPage}
              >
                <ExternalLink size={15} />
              </a>
            </div>
            <div className="hx-card__couple-qr">
              <QrCode value={url} label={h.coupleQr} className="hx-qr" testId="couple-qr" />
              <a className="hx-link-btn" href={`/print/${event.id}?format=couple`} target="_blank" rel="noopener noreferrer">
                <Printer size={13} aria-hidden="true" /> {h.printCoupleCard}
              </a>
            </div>
            <button type="button" className="hx-link-btn" onClick={() => setConfirmRegenerate(true)} disabled={generating}>
              <RefreshCw size={13} aria-hidden="true" /> {h.regenerate}
            </button>
          </>
        ) : (
          <button type="button" className="hx-btn hx-btn--secondary hx-btn--sm" onClick={generate} disabled={generating}>
            <Link2 size={15} /> {generating ? h.generating : h.generateClientLink}
          </button>
        )}
      </div>
      {confirmRegenerate && (
        <ConfirmModal
          title={h.regenerateTitle}
          confirmLabel={h.regenerateConfirm}
          onClose={() => setConfirmRegenerate(false)}
          onConfirm={generate}
        >
          <p>
            <Parts parts={h.regenerateAsk} values={[<strong key="name">{event.name}</strong>]} />
          </p>
          <p className="hx-muted">{h.regenerateWarning}</p>
        </ConfirmModal>
      )}
    </article>
  );
}
