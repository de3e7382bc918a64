import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BookHeart, Camera, Mic, Trash2, Video, X } from 'lucide-react';
import type { GuestbookEntryDto } from '../../../../../src/http/api-types';
import { GUESTBOOK_NAME_MAX, GUESTBOOK_TEXT_MAX, visibleLength } from '../../../../../src/domain/guestbook.ts';
import { guestApi } from '../../../api/guest';
import { serverMessage } from '../../../api/admin';
import { guestQueries, queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { applyGuestbookChange } from '../../../api/live';
import { useT } from '../../../i18n';
import { toast } from '../../../store/toast-store';
import type { UploadItem } from '../../../store/upload-store';
import type { DeviceProfile } from '../../../upload/device';
import { newItem, sendGuestbookAttachment } from '../../../upload/engine';
import { formatDate, formatTime } from '../logic/format';
import { PageSection } from '../PageParts';
import './Guestbook.css';

interface Props {
  eventId: number;
  /** the guest gave consent (else writing starts with the terms) */
  identified: boolean;
  nickname: string | null;
  /** the event takes entries now (while it takes uploads) */
  open: boolean;
  onJoin: () => void;
  /** how this phone sends files (an attachment goes as uploads do: in chunks when large) */
  device: DeviceProfile;
  maxUploadSizeMB: number;
}

/** The event page's 'Gästebuch' section: write an entry, read everyone's live (newest first), delete one's own. */
export default function Guestbook({ eventId, identified, nickname, open, onJoin, device, maxUploadSizeMB }: Props) {
  const t = useT();
  const entries = useQuery(guestQueries.guestbook(eventId));
  const list = entries.data ?? [];
  const key = queryKeys.guest.guestbook(eventId);
  const change = (fn: (list: GuestbookEntryDto[]) => GuestbookEntryDto[]) =>
    queryClient.setQueryData<GuestbookEntryDto[]>(key, (l) => (l ? fn(l) : l));

  const remove = useMutation({
    mutationFn: (entry: GuestbookEntryDto) => guestApi.deleteGuestbookEntry(eventId, entry.id),
    onSuccess: (_, entry) => {
      change((l) => applyGuestbookChange(l, { kind: 'gone', id: entry.id }));
      toast(t.guestbookDeleted, 'success');
    },
    onError: (err) => toast(serverMessage(err, t.guestbookDeleteError), 'error'),
  });

  return (
    <PageSection id="gb-title" icon={BookHeart} title={t.guestbook} intro={t.guestbookIntro} testId="guestbook">
      {!open ? (
        <p className="ev-section__card gb__note" data-testid="guestbook-closed">
          {t.guestbookClosed}
        </p>
      ) : identified ? (
        <GuestbookForm
          eventId={eventId}
          nickname={nickname}
          device={device}
          maxUploadSizeMB={maxUploadSizeMB}
          onWritten={(entry) => change((l) => applyGuestbookChange(l, { kind: 'entry', entry }))}
        />
      ) : (
        <div className="ev-section__card gb__note">
          <p>{t.guestbookJoinFirst}</p>
          <button type="button" className="g-btn g-btn--primary" onClick={onJoin} data-testid="guestbook-join">
            {t.guestbookJoin}
          </button>
        </div>
      )}
      <p className="gb__count" aria-live="polite">
        {entries.isSuccess && list.length > 0 ? t.guestbookCount(list.length) : null}
      </p>
      {entries.isSuccess && list.length === 0 ? (
        <p className="ev-section__card gb__empty" data-testid="guestbook-empty">
          {t.guestbookEmpty}
        </p>
      ) : (
        <ol className="gb__list" data-testid="guestbook-list">
          {list.map((entry) => (
            <GuestbookCard
              key={entry.id}
              entry={entry}
              busy={remove.isPending && remove.variables?.id === entry.id}
              onDelete={() => remove.mutate(entry)}
            />
          ))}
        </ol>
      )}
    </PageSection>
  );
}

/** An attachment that failed for good: its item says why. */
class AttachmentFailed extends Error {}

function GuestbookForm({
  eventId,
  nickname,
  device,
  maxUploadSizeMB,
  onWritten,
}: {
  eventId: number;
  nickname: string | null;
  device: DeviceProfile;
  maxUploadSizeMB: number;
  onWritten: (e: GuestbookEntryDto) => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [name, setName] = useState(nickname ?? '');
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  /** the attachment on its way: progress, a pause while the connection is gone, why it failed */
  const [sending, setSending] = useState<UploadItem | null>(null);
  const cancel = useRef<AbortController | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);

  /** The attachment goes through the upload engine (resumes after a drop); the entry comes with its last answer. */
  async function sendAttachment(attachment: File, entry: { text: string; name: string | null }) {
    const item = newItem(attachment);
    setSending(item);
    cancel.current = new AbortController();
    const written = await sendGuestbookAttachment(item.id, attachment, entry, {
      eventId,
      maxUploadSizeMB,
      device,
      update: (_, patch) => setSending((s) => (s ? { ...s, ...patch } : s)),
      toast: (message) => toast(message, 'error'),
      signal: cancel.current.signal,
    });
    if (!written) throw new AttachmentFailed();
    setSending(null);
    return written;
  }

  const write = useMutation({
    mutationFn: () => {
      const entry = { text, name: name.trim() || null };
      return file ? sendAttachment(file, entry) : guestApi.writeGuestbook(eventId, entry);
    },
    onSuccess: (entry) => {
      onWritten(entry);
      setText('');
      setFile(null);
      setError(null);
      toast(entry.approved ? t.guestbookSigned : t.guestbookSignedPending, 'success');
    },
    onError: (err) => setError(err instanceof AttachmentFailed ? null : serverMessage(err, t.guestbookError)),
  });
  const attachmentError = sending?.status === 'error' ? (sending.error?.(t) ?? t.guestbookError) : null;
  const left = GUESTBOOK_TEXT_MAX - visibleLength(text);
  return (
    <form
      className="ev-section__card gb__form"
      onSubmit={(e) => {
        e.preventDefault();
        write.mutate();
      }}
      data-testid="guestbook-form"
    >
      <label className="gb__label">
        {t.guestbookMessage}
        <textarea
          className="gb__text"
          value={text}
          rows={4}
          required={!file}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="gb-left"
          data-testid="guestbook-text"
        />
      </label>
      <span id="gb-left" className={`gb__left${left < 0 ? ' is-over' : ''}`}>
        {left < 0 ? t.guestbookCharsOver(-left) : t.guestbookCharsLeft(left)}
      </span>
      <label className="gb__label">
        {t.guestbookName}
        <input
          className="gb__name"
          value={name}
          maxLength={GUESTBOOK_NAME_MAX * 2}
          placeholder={t.guestbookNamePlaceholder}
          onChange={(e) => setName(e.target.value)}
          data-testid="guestbook-name"
        />
      </label>
      <AttachmentPicker
        file={file}
        onChange={(f) => {
          setFile(f);
          setSending(null);
        }}
      />
      {write.isPending && sending && <SendingProgress item={sending} />}
      {(error ?? attachmentError) && (
        <p className="gb__error" role="alert" data-testid="guestbook-error">
          {error ?? attachmentError}
        </p>
      )}
      <button
        type="submit"
        className="g-btn g-btn--primary g-btn--block"
        disabled={write.isPending || (!text.trim() && !file)}
        data-testid="guestbook-sign"
      >
        {write.isPending && file ? t.guestbookSending : t.guestbookSign}
      </button>
    </form>
  );
}

/** How far the attachment is, and 'Upload pausiert …' while the connection is gone (it resumes by itself). */
function SendingProgress({ item }: { item: UploadItem }) {
  const t = useT();
  return (
    <div className="gb__progress" data-testid="guestbook-progress" data-progress={item.progress} data-paused={item.paused}>
      <progress max={100} value={item.progress} aria-label={t.guestbookSending} />
      <span role="status">{item.paused ? t.paused : t.guestbookProgress(item.progress)}</span>
    </div>
  );
}

/**
 * The phone's own camera and recorder through file inputs: plain http:// is no secure context, so the page
 * cannot record itself (no getUserMedia). `capture="user"` opens the front camera for a selfie or a video
 * message; `audio/*` offers the recorder where the phone has one (Android). The server checks what comes.
 */
const ATTACH_KINDS = [
  { kind: 'photo', accept: 'image/*', capture: 'user', Icon: Camera, label: 'guestbookAttachPhoto' },
  { kind: 'video', accept: 'video/*', capture: 'user', Icon: Video, label: 'guestbookAttachVideo' },
  { kind: 'voice', accept: 'audio/*', capture: undefined, Icon: Mic, label: 'guestbookAttachVoice' },
] as const;

function AttachmentPicker({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const t = useT();
  if (file)
    return (
      <p className="gb__attached" data-testid="guestbook-attached">
        <span>{t.guestbookAttached(file.name)}</span>
        <button type="button" className="gb__detach" onClick={() => onChange(null)} aria-label={t.guestbookAttachRemove}>
          <X size={18} aria-hidden="true" />
        </button>
      </p>
    );
  return (
    <div className="gb__attach">
      <p className="gb__hint">{t.guestbookAttachHint}</p>
      <div className="gb__attach-buttons">
        {ATTACH_KINDS.map(({ kind, accept, capture, Icon, label }) => (
          <label key={kind} className="g-btn gb__attach-button">
            <Icon size={18} aria-hidden="true" />
            {t[label]}
            <input
              type="file"
              className="gb__file"
              accept={accept}
              capture={capture}
              onChange={(e) => onChange(e.target.files?.[0] ?? null)}
              data-testid={`guestbook-attach-${kind}`}
            />
          </label>
        ))}
      </div>
    </div>
  );
}

/** The entry's photo, video or voice message; 'wird verarbeitet' until the box has made it playable. */
function Attachment({ entry }: { entry: GuestbookEntryDto }) {
  const t = useT();
  const a = entry.attachment;
  if (!a) return null;
  if (a.state === 'processing')
    return (
      <p className="gb-card__processing" data-testid="guestbook-processing">
        {t.guestbookProcessing}
      </p>
    );
  if (a.state === 'failed' || !a.url) return <p className="gb-card__processing">{t.guestbookAttachmentFailed}</p>;
  if (a.kind === 'photo')
    return <img className="gb-card__photo" src={a.url} alt={t.guestbookPhotoOf(entry.name)} loading="lazy" data-testid="guestbook-photo" />;
  if (a.kind === 'video')
    return (
      <video
        className="gb-card__video"
        src={a.url}
        poster={a.poster_url ?? undefined}
        controls
        playsInline
        preload="metadata"
        data-testid="guestbook-video"
      />
    );
  return <audio className="gb-card__audio" src={a.url} controls preload="metadata" data-testid="guestbook-audio" />;
}

function GuestbookCard({ entry, busy, onDelete }: { entry: GuestbookEntryDto; busy: boolean; onDelete: () => void }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const at = new Date(entry.created_at);
  return (
    <li className="gb-card" data-testid="guestbook-entry" data-entry-id={entry.id}>
      {/* plain text: React writes it as text, never as HTML */}
      <Attachment entry={entry} />
      {entry.text && <p className="gb-card__text">{entry.text}</p>}
      <p className="gb-card__meta">
        <span className="gb-card__name">{entry.name}</span>
        <time dateTime={entry.created_at}>
          {formatDate(at)} · {formatTime(at)}
        </time>
        {!entry.approved && <span className="ev-badge gb-card__pending">{t.guestbookPending}</span>}
      </p>
      {entry.own && (
        <button
          type="button"
          className={`gb-card__delete${confirming ? ' is-confirming' : ''}`}
          disabled={busy}
          onClick={() => (confirming ? onDelete() : setConfirming(true))}
          onBlur={() => setConfirming(false)}
          data-testid="guestbook-delete"
        >
          <Trash2 size={16} aria-hidden="true" />
          {confirming ? t.deleteConfirm : t.guestbookDelete}
        </button>
      )}
    </li>
  );
}
