import { useEffect, useRef, useState } from 'react';
import { ScanFace, UserX } from 'lucide-react';
import type { UploadDto } from '../../../../../src/http/api-types';
import { facesApi } from '../../../api/faces';
import { serverMessage } from '../../../api/admin';
import { useT } from '../../../i18n';
import { useFacesT } from '../../../i18n/faces';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../store/toast-store';
import { Viewer } from '../Viewer';
import './FaceSearch.css';

interface Props {
  eventId: number;
  allowDownload: boolean;
  ios: boolean;
  isOwn: (u: UploadDto) => boolean;
  onDownload: (u: UploadDto) => void;
  isHearted: (u: UploadDto) => boolean;
  onHeart: ((u: UploadDto, on?: boolean) => void) | null;
}

type Stage = { kind: 'consent' } | { kind: 'comparing' } | { kind: 'results'; uploads: UploadDto[] };

/**
 * 'Fotos von mir finden' (issue 30), its own chunk: what happens, then a selfie from the phone's camera (plain
 * http:// has no getUserMedia, so a file input with `capture`), then the photos best first, each with 'Das bin
 * ich nicht'; a photo opens in the viewer (heart and download there). 'Mich aus der Gesichtssuche entfernen' and
 * 'Meine Daten löschen' below.
 */
export default function FaceSearch(props: Props) {
  const { eventId } = props;
  const t = useT();
  const f = useFacesT();
  const [stage, setStage] = useState<Stage>({ kind: 'consent' });
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const removeInput = useRef<HTMLInputElement>(null);
  // A guest who chose to be remembered searches again without a new selfie.
  const [remembered, setRemembered] = useState(false);
  useEffect(() => {
    void facesApi.mine(eventId).then(
      (m) => setRemembered(m.remembered),
      () => undefined,
    );
  }, [eventId]);

  const run = async (call: () => Promise<{ uploads: UploadDto[]; remembered: boolean }>) => {
    setError(null);
    setStage({ kind: 'comparing' });
    try {
      const found = await call();
      setRemembered(found.remembered);
      setStage({ kind: 'results', uploads: found.uploads });
    } catch (err) {
      setError(serverMessage(err, f.faceFailed));
      setStage({ kind: 'consent' });
    }
  };
  const onSelfie = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void run(() => facesApi.search(eventId, file, remember));
  };
  const onRemoveSelfie = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      await facesApi.exclude(eventId, file);
      toast(f.faceRemoved, 'success');
    } catch (err) {
      toast(serverMessage(err, f.faceFailed), 'error');
    }
  };
  const forget = async () => {
    try {
      await facesApi.forget(eventId);
      setRemembered(false);
      toast(f.faceDataDeleted, 'success');
    } catch (err) {
      toast(serverMessage(err, f.faceFailed), 'error');
    }
  };
  const notMe = async (u: UploadDto) => {
    try {
      await facesApi.notMe(eventId, u.id);
      setStage((s) => (s.kind === 'results' ? { kind: 'results', uploads: s.uploads.filter((x) => x.id !== u.id) } : s));
    } catch (err) {
      toast(serverMessage(err, f.faceFailed), 'error');
    }
  };

  // The page's heart (its count in the gallery's lists); the results are this section's own list, so their count follows here.
  const onHeart = props.onHeart
    ? (u: UploadDto, on?: boolean) => {
        const want = on ?? !props.isHearted(u);
        if (want !== props.isHearted(u))
          setStage((s) =>
            s.kind === 'results'
              ? {
                  kind: 'results',
                  uploads: s.uploads.map((x) => (x.id === u.id ? { ...x, heart_count: x.heart_count + (want ? 1 : -1) } : x)),
                }
              : s,
          );
        props.onHeart!(u, on);
      }
    : null;
  const results = stage.kind === 'results' ? stage.uploads : [];
  return (
    <section className="ev-section" aria-labelledby="faces-title" data-testid="face-search">
      <h2 id="faces-title" className="ev-section__title">
        <ScanFace size={22} aria-hidden="true" />
        {t.faceSearch}
      </h2>

      {stage.kind === 'consent' && (
        <div className="ev-section__card fs__card" data-testid="face-consent">
          <h3 className="fs__heading">{f.faceConsentTitle}</h3>
          <p>{f.faceConsentWhat}</p>
          <p>{f.faceConsentWhere}</p>
          <p>{f.faceConsentKept}</p>
          <label className="fs__check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} data-testid="face-remember" />
            {f.faceRemember}
          </label>
          {error && (
            <p className="fs__error" role="alert" data-testid="face-error">
              {error}
            </p>
          )}
          <label className="g-btn g-btn--primary fs__pick">
            {f.faceTakeSelfie}
            <input type="file" accept="image/*" capture="user" className="fs__file" onChange={onSelfie} data-testid="face-selfie" />
          </label>
          {remembered && (
            <button
              type="button"
              className="g-btn"
              onClick={() => void run(() => facesApi.searchAgain(eventId))}
              data-testid="face-search-remembered"
            >
              {f.faceSearchRemembered}
            </button>
          )}
        </div>
      )}

      {stage.kind === 'comparing' && <Spinner label={f.faceComparing} />}

      {stage.kind === 'results' && (
        <>
          <p className="fs__count" aria-live="polite" data-testid="face-count">
            {results.length > 0 ? f.faceResults(results.length) : f.faceNoResults}
          </p>
          <ol className="fs__grid" data-testid="face-results">
            {results.map((u, i) => (
              <li key={u.id} className="fs__tile" data-testid="face-result" data-upload-id={u.id}>
                <button type="button" className="fs__open" onClick={() => setOpen(i)} aria-label={t.openMedia(i + 1, u.type)}>
                  {u.thumbnail_path && <img src={u.thumbnail_path} srcSet={u.thumbnail_srcset ?? undefined} alt="" loading="lazy" />}
                </button>
                <button type="button" className="fs__notme" onClick={() => void notMe(u)} data-testid="face-not-me">
                  <UserX size={16} aria-hidden="true" />
                  {f.faceNotMe}
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="g-btn" onClick={() => setStage({ kind: 'consent' })} data-testid="face-again">
            {f.faceSearchAgain}
          </button>
        </>
      )}

      <div className="ev-section__card fs__card fs__mine">
        <p>{f.faceRemoveMeText}</p>
        <button type="button" className="g-btn" onClick={() => removeInput.current?.click()} data-testid="face-remove-me">
          {f.faceRemoveMe}
        </button>
        <input
          ref={removeInput}
          type="file"
          accept="image/*"
          capture="user"
          className="fs__file"
          aria-label={f.faceRemoveMe}
          tabIndex={-1}
          onChange={(e) => void onRemoveSelfie(e)}
          data-testid="face-remove-selfie"
        />
        <button type="button" className="g-btn" onClick={() => void forget()} data-testid="face-forget">
          {f.faceDeleteData}
        </button>
      </div>

      {open !== null && results.length > 0 && (
        <Viewer
          items={results}
          index={Math.min(open, results.length - 1)}
          total={results.length}
          allowDownload={props.allowDownload}
          ios={props.ios}
          isOwn={props.isOwn}
          onIndex={(i) => setOpen((i + results.length) % results.length)}
          onClose={() => setOpen(null)}
          onDownload={props.onDownload}
          isHearted={props.isHearted}
          onHeart={onHeart}
        />
      )}
    </section>
  );
}
