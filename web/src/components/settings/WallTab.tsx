import { useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import type { EventDto, WallSettings } from '../../../../src/http/api-types';
import { useHostT } from '../../i18n';
import { useMutation } from '@tanstack/react-query';
import { clientApi, type SharingAndWallFields } from '../../api/client-settings';
import { invalidateHostPage } from '../../api/queries';
import { WallLink } from './WallLink';
import { CheckField, NumberField } from './Fields';
import { hostToast } from '../../store/toast-store';
import { WALL_GUESTBOOK_EVERY, WALL_LAYOUTS, WALL_QR_CONTENTS, WALL_SECONDS } from '../../../../src/domain/limits.ts';

/** Tab 'Live-Wand': how the wall shows the event, and the link to open it on the projector's browser. */
export function WallTab({ token, event }: { token: string; event: EventDto }) {
  const h = useHostT();
  const c = h.couple;
  const [seconds, setSeconds] = useState(String(event.wall.seconds_per_slide));
  const [showNicknames, setShowNicknames] = useState(event.wall.show_nicknames);
  const [includeVideos, setIncludeVideos] = useState(event.wall.include_videos);
  const [showQr, setShowQr] = useState(event.wall.show_qr);
  const [layout, setLayout] = useState(event.wall.layout);
  const [kenBurns, setKenBurns] = useState(event.wall.ken_burns);
  const [qrContent, setQrContent] = useState(event.wall.qr_content);
  const [favorLoved, setFavorLoved] = useState(event.wall.favor_loved);
  const [guestbookEvery, setGuestbookEvery] = useState(event.wall.guestbook_every);
  // a rate set through the API that the list does not offer stays choosable
  const guestbookChoices = [...new Set<number>([...WALL_GUESTBOOK_EVERY.choices, event.wall.guestbook_every])].sort((a, b) => a - b);
  const secondsValue = Number(seconds);
  const secondsValid = Number.isInteger(secondsValue) && secondsValue >= WALL_SECONDS.min && secondsValue <= WALL_SECONDS.max;

  const save = useMutation({
    mutationFn: (fields: SharingAndWallFields) => clientApi.saveSharingAndWall(token, fields),
    onSuccess: async () => {
      hostToast.success(c.wallSaved);
      await invalidateHostPage(token);
    },
    onError: () => hostToast.error(c.wallSaveFailed),
  });
  const saving = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!secondsValid || saving) return;
    save.mutate({
      wall_seconds_per_slide: secondsValue,
      wall_show_nicknames: showNicknames,
      wall_include_videos: includeVideos,
      wall_show_qr: showQr,
      wall_layout: layout,
      wall_ken_burns: kenBurns,
      wall_qr_content: qrContent,
      wall_favor_loved: favorLoved,
      wall_guestbook_every: guestbookEvery,
    });
  };

  return (
    <div className="hx-general">
      <form className="hx-form hx-panel" onSubmit={submit} noValidate aria-label={c.wall}>
        <h2 className="hx-panel__title">{c.wall}</h2>
        <p className="hx-small hx-muted">{c.wallIntro}</p>
        <NumberField
          id="wall-seconds"
          label={c.wallSeconds}
          value={seconds}
          onChange={setSeconds}
          min={WALL_SECONDS.min}
          max={WALL_SECONDS.max}
          valid={secondsValid}
          note={c.wallSecondsNote(WALL_SECONDS.min, WALL_SECONDS.max)}
        />
        <fieldset className="hx-field hx-wall-layouts">
          <legend className="hx-label">{h.wallLayoutLegend}</legend>
          {WALL_LAYOUTS.map((l) => (
            <label key={l} className="hx-check">
              <input type="radio" name="wall-layout" value={l} checked={layout === l} onChange={() => setLayout(l)} />
              <span>
                <strong>{h.wallLayouts[l]}</strong> <span className="hx-small hx-muted">{h.wallLayoutHints[l]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <CheckField label={h.wallKenBurns} checked={kenBurns} onChange={setKenBurns} />
        <CheckField label={c.wallNicknames} checked={showNicknames} onChange={setShowNicknames} />
        <CheckField label={c.wallVideos} checked={includeVideos} onChange={setIncludeVideos} />
        <CheckField label={c.wallFavorLoved} checked={favorLoved} onChange={setFavorLoved} />
        <CheckField label={c.wallQr} checked={showQr} onChange={setShowQr} />
        <div className="hx-field">
          <label className="hx-label" htmlFor="wall-guestbook">
            {c.wallGuestbook}
          </label>
          <select
            id="wall-guestbook"
            value={guestbookEvery}
            onChange={(e) => setGuestbookEvery(Number(e.target.value))}
            aria-describedby="wall-guestbook-note"
          >
            {guestbookChoices.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? c.wallGuestbookOff : c.wallGuestbookEvery(n)}
              </option>
            ))}
          </select>
          <span id="wall-guestbook-note" className="hx-small hx-muted">
            {c.wallGuestbookNote}
          </span>
        </div>
        <div className="hx-field">
          <label className="hx-label" htmlFor="wall-qr-content">
            {h.wallQrContentLabel}
          </label>
          <select
            id="wall-qr-content"
            value={qrContent}
            disabled={!showQr}
            onChange={(e) => setQrContent(e.target.value as WallSettings['qr_content'])}
            aria-describedby="wall-qr-content-note"
          >
            {WALL_QR_CONTENTS.map((q) => (
              <option key={q} value={q}>
                {h.wallQrContents[q]}
              </option>
            ))}
          </select>
          <span id="wall-qr-content-note" className="hx-small hx-muted">
            {h.wallQrWifiNote}
          </span>
        </div>
        <div className="hx-form__actions">
          <button type="submit" className="hx-btn hx-btn--primary" disabled={saving || !secondsValid}>
            <Save size={16} /> {saving ? c.wallSaving : c.wallSave}
          </button>
        </div>
      </form>
      <WallLink event={event} heading="h2" />
    </div>
  );
}
