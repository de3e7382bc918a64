import { useState } from 'react';
import {
  BarChart3,
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
import { EVENT_STATUS_HINT, EVENT_STATUS_LABEL, EventSchedule, scheduleOfEvent } from './EventSchedule';
import { eventLink, settingsLink } from '../../host/links';
import { formatGermanDate, formatGermanDateTime, formatMb, sizeTone } from '../../host/format';
import { hostToast } from '../../store/toast-store';
import type { ExportProgress } from '../../host/zip-export';

export type CardAction = 'albums' | 'edit' | 'export' | 'stats' | 'delete' | 'uploaders';

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
  const [imgBroken, setImgBroken] = useState(false);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const url = event.client_token ? settingsLink(publicUrl, event.client_token) : null;

  const generation = useMutation({
    mutationFn: () => adminApi.generateClientToken(event.id),
    onSuccess: async (answer) => {
      hostToast.success('Client token generated successfully');
      // copied first, while the click still counts as the user's (the browser's clipboard rule)
      if (await copyText(settingsLink(publicUrl, answer.client_token))) hostToast.success('Client settings URL copied to clipboard');
      await invalidateAdminEvents();
    },
    onError: () => hostToast.error('Failed to generate client token'),
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
        <span className={`hx-status hx-status--${event.status}`} title={EVENT_STATUS_HINT[event.status]} data-testid="event-status">
          {EVENT_STATUS_LABEL[event.status] ?? event.status}
        </span>
      </div>
      <div className="hx-card__head">
        <div className="hx-card__avatar">
          {event.host_image_url && !imgBroken ? (
            <img src={event.host_image_url} alt="" onError={() => setImgBroken(true)} data-testid="host-image" />
          ) : (
            <ImageIcon size={26} aria-label="No host image" />
          )}
        </div>
        <div className="hx-card__titles">
          <h3 className="hx-card__name" title={event.name}>
            {event.name}
          </h3>
          <span className="hx-card__code hx-mono" title="Event code">
            {event.code}
          </span>
        </div>
      </div>

      <div className="hx-card__meta">
        <span className="hx-dots" title={`Colours ${event.primary_color} / ${event.secondary_color}`}>
          <span className="hx-dot" style={{ background: event.primary_color }} aria-label={`Primary colour ${event.primary_color}`} />
          <span className="hx-dot" style={{ background: event.secondary_color }} aria-label={`Secondary colour ${event.secondary_color}`} />
        </span>
        <span className={`hx-badge ${event.allow_download ? 'hx-badge--green' : 'hx-badge--gray'}`}>
          <Download size={12} aria-hidden="true" /> {event.allow_download ? 'Downloads on' : 'Downloads off'}
        </span>
      </div>
      <div className="hx-card__facts">
        <span title="Created">
          <Calendar size={14} aria-hidden="true" /> {formatGermanDate(event.created_at)}
        </span>
        <span className={`hx-size hx-size--${tone}`} title={`${event.upload_count ?? 0} uploads`} data-testid="event-size">
          <HardDrive size={14} aria-hidden="true" /> {formatMb(event.total_size_mb)}
        </span>
      </div>
      <EventSchedule schedule={scheduleOfEvent(event)} compact />
      <div className="hx-card__activity" data-testid="event-activity">
        <span data-testid="activity-uploads">
          <Images size={14} aria-hidden="true" /> {event.upload_count} {event.upload_count === 1 ? 'upload' : 'uploads'}
        </span>
        <span data-testid="activity-private" title="Only their guest sees these: not shared yet or not approved">
          <EyeOff size={14} aria-hidden="true" /> {event.private_count} private
        </span>
        <span data-testid="activity-last" title="Newest upload">
          <Clock size={14} aria-hidden="true" /> {event.last_upload_at ? `last ${formatGermanDateTime(event.last_upload_at)}` : 'no uploads yet'}
        </span>
      </div>

      <div className="hx-card__actions">
        <button type="button" className="hx-action" onClick={() => onAction('albums', event)}>
          <FolderOpen size={16} /> Albums
        </button>
        <button type="button" className="hx-action" onClick={() => onAction('edit', event)}>
          <Pencil size={16} /> Edit
        </button>
        <a className="hx-action" href={eventLink(null, event.code)} target="_blank" rel="noopener noreferrer">
          <ExternalLink size={16} /> View
        </a>
        <button type="button" className="hx-action" onClick={() => onAction('export', event)} disabled={!!exporting}>
          <Download size={16} /> Export
        </button>
        <button type="button" className="hx-action" onClick={() => onAction('stats', event)}>
          <BarChart3 size={16} /> Stats
        </button>
        <button type="button" className="hx-action" onClick={() => onAction('uploaders', event)}>
          <Users size={16} /> Uploader
        </button>
        <a className="hx-action" href={`/print/${event.id}`} target="_blank" rel="noopener noreferrer">
          <Printer size={16} /> Print QR
        </a>
        <button type="button" className="hx-action hx-action--danger" onClick={() => onAction('delete', event)}>
          <Trash2 size={16} /> Delete
        </button>
      </div>

      {exporting && (
        <div className="hx-card__export" role="status">
          <div className="hx-progress" aria-hidden="true">
            <span style={{ width: `${exporting.percent}%` }} />
          </div>
          <span className="hx-small">
            {exporting.mode === 'preparing'
              ? 'Export wird vorbereitet…'
              : `Fortschritt: ${exporting.done} von ${exporting.total} Dateien (${exporting.percent}%)`}
          </span>
        </div>
      )}

      <div className="hx-card__client">
        <span className="hx-label-sm">
          <Link2 size={14} aria-hidden="true" /> Client settings link
        </span>
        {url ? (
          <>
            <div className="hx-input-group hx-input-group--sm">
              <input readOnly value={url} aria-label="Client settings URL" onFocus={(e) => e.target.select()} />
              <button
                type="button"
                className="hx-btn hx-btn--secondary hx-btn--icon"
                title="Copy URL"
                aria-label="Copy client settings URL"
                onClick={async () => {
                  if (await copyText(url)) hostToast.success('URL copied to clipboard');
                }}
              >
                <Copy size={15} />
              </button>
              <a className="hx-btn hx-btn--secondary hx-btn--icon" href={url} target="_blank" rel="noopener noreferrer" title="Open settings page" aria-label="Open client settings">
                <ExternalLink size={15} />
              </a>
            </div>
            <button type="button" className="hx-link-btn" onClick={() => setConfirmRegenerate(true)} disabled={generating}>
              <RefreshCw size={13} aria-hidden="true" /> Regenerate (the old link stops working)
            </button>
          </>
        ) : (
          <button type="button" className="hx-btn hx-btn--secondary hx-btn--sm" onClick={generate} disabled={generating}>
            <Link2 size={15} /> {generating ? 'Generating…' : 'Generate client link'}
          </button>
        )}
      </div>
      {confirmRegenerate && (
        <ConfirmModal title="Regenerate client link" confirmLabel="Regenerate link" onClose={() => setConfirmRegenerate(false)} onConfirm={generate}>
          <p>
            Make a new settings link for <strong>{event.name}</strong>?
          </p>
          <p className="hx-muted">The current link stops working at once: whoever has it (for example the couple) can no longer open the settings page until you send them the new one.</p>
        </ConfirmModal>
      )}
    </article>
  );
}
