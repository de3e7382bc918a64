import { useState, type FormEvent } from 'react';
import { Copy, MonitorPlay, Save } from 'lucide-react';
import type { EventDto, WallSettings } from '../../../../src/http/api-types';
import { hostDe } from '../../i18n/host.de';
import { useMutation } from '@tanstack/react-query';
import { clientApi, type SharingAndWallFields } from '../../api/client-settings';
import { invalidateHostPage } from '../../api/queries';
import { copyText } from '../clipboard';
import { QrCode } from '../QrCode';
import { hostToast } from '../../store/toast-store';
import { WALL_LAYOUTS, WALL_QR_CONTENTS, WALL_SECONDS } from '../../../../src/domain/limits.ts';


/** Tab 'Live-Wand': how the wall shows the event, and the link to open it on the projector's browser. */
export function WallTab({ token, event }: { token: string; event: EventDto }) {
  const [seconds, setSeconds] = useState(String(event.wall.seconds_per_slide));
  const [showNicknames, setShowNicknames] = useState(event.wall.show_nicknames);
  const [includeVideos, setIncludeVideos] = useState(event.wall.include_videos);
  const [showQr, setShowQr] = useState(event.wall.show_qr);
  const [layout, setLayout] = useState(event.wall.layout);
  const [kenBurns, setKenBurns] = useState(event.wall.ken_burns);
  const [qrContent, setQrContent] = useState(event.wall.qr_content);
  const wallUrl = `${window.location.origin}/event/${encodeURIComponent(event.code)}/wall`;
  const secondsValue = Number(seconds);
  const secondsValid = Number.isInteger(secondsValue) && secondsValue >= WALL_SECONDS.min && secondsValue <= WALL_SECONDS.max;

  const save = useMutation({
    mutationFn: (fields: SharingAndWallFields) => clientApi.saveSharingAndWall(token, fields),
    onSuccess: async () => {
      hostToast.success('Live-Wand gespeichert');
      await invalidateHostPage(token);
    },
    onError: () => hostToast.error('Fehler beim Speichern der Live-Wand'),
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
    });
  };

  const copy = async () => {
    if (await copyText(wallUrl)) hostToast.success('URL copied to clipboard');
  };

  return (
    <div className="hx-general">
      <form className="hx-form hx-panel" onSubmit={submit} noValidate aria-label="Live-Wand">
        <h2 className="hx-panel__title">Live-Wand</h2>
        <p className="hx-small hx-muted">
          Ein Beamer oder Fernseher zeigt die freigegebenen Fotos und Videos, sobald Gäste sie hochladen – neue zuerst, ältere dazwischen.
        </p>
        <div className="hx-field">
          <label className="hx-label" htmlFor="wall-seconds">
            Sekunden pro Bild
          </label>
          <input
            id="wall-seconds"
            type="number"
            inputMode="numeric"
            min={WALL_SECONDS.min}
            max={WALL_SECONDS.max}
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
            aria-invalid={!secondsValid}
            aria-describedby="wall-seconds-note"
          />
          <span id="wall-seconds-note" className={secondsValid ? 'hx-small hx-muted' : 'hx-field-error'}>
            {WALL_SECONDS.min} bis {WALL_SECONDS.max} Sekunden; Videos laufen bis zu einer Minute.
          </span>
        </div>
        <fieldset className="hx-field hx-wall-layouts">
          <legend className="hx-label">{hostDe.wallLayoutLegend}</legend>
          {WALL_LAYOUTS.map((l) => (
            <label key={l} className="hx-check">
              <input type="radio" name="wall-layout" value={l} checked={layout === l} onChange={() => setLayout(l)} />
              <span>
                <strong>{hostDe.wallLayouts[l]}</strong> <span className="hx-small hx-muted">{hostDe.wallLayoutHints[l]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="hx-check">
          <input type="checkbox" checked={kenBurns} onChange={(e) => setKenBurns(e.target.checked)} />
          <span>{hostDe.wallKenBurns}</span>
        </label>
        <label className="hx-check">
          <input type="checkbox" checked={showNicknames} onChange={(e) => setShowNicknames(e.target.checked)} />
          <span>Nicknames der Gäste anzeigen</span>
        </label>
        <label className="hx-check">
          <input type="checkbox" checked={includeVideos} onChange={(e) => setIncludeVideos(e.target.checked)} />
          <span>Videos zeigen (ohne Ton)</span>
        </label>
        <label className="hx-check">
          <input type="checkbox" checked={showQr} onChange={(e) => setShowQr(e.target.checked)} />
          <span>QR-Code mit „Lade deine Fotos hoch“ einblenden</span>
        </label>
        <div className="hx-field">
          <label className="hx-label" htmlFor="wall-qr-content">
            {hostDe.wallQrContentLabel}
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
                {hostDe.wallQrContents[q]}
              </option>
            ))}
          </select>
          <span id="wall-qr-content-note" className="hx-small hx-muted">
            {hostDe.wallQrWifiNote}
          </span>
        </div>
        <div className="hx-form__actions">
          <button type="submit" className="hx-btn hx-btn--primary" disabled={saving || !secondsValid}>
            <Save size={16} /> {saving ? 'Speichern…' : 'Speichern'}
          </button>
        </div>
      </form>
      <aside className="hx-panel hx-wall-link" aria-label="Live-Wand öffnen">
        <h2 className="hx-panel__title">Auf dem Beamer öffnen</h2>
        <p className="hx-small hx-muted">Öffne diese Adresse im Browser des Beamers oder Fernsehers (Taste F: Vollbild) oder scanne den Code.</p>
        <div className="hx-copy-row">
          <input readOnly value={wallUrl} aria-label="Adresse der Live-Wand" className="hx-mono" data-testid="wall-url" />
          <button type="button" className="hx-btn hx-btn--ghost" onClick={() => void copy()} aria-label="Adresse der Live-Wand kopieren">
            <Copy size={16} />
          </button>
        </div>
        <a className="hx-btn hx-btn--secondary" href={wallUrl} target="_blank" rel="noopener noreferrer">
          <MonitorPlay size={17} /> Live-Wand öffnen
        </a>
        <QrCode value={wallUrl} label="QR-Code der Live-Wand" className="hx-qr hx-wall-qr" />
      </aside>
    </div>
  );
}
