import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ListChecks, Plus, Printer, Sparkles, Trash2 } from 'lucide-react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { READY_CHALLENGES } from '../../../../src/domain/challenge-prompts.ts';
import { ALBUM_NAME_MAX } from '../../../../src/domain/limits.ts';
import { serverMessage } from '../../api/admin';
import { clientApi } from '../../api/client-settings';
import { invalidateHostPage } from '../../api/queries';
import { useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';

// Section 'Foto-Aufgaben' (issue 28): the couple's challenges, new ones from the ready list (in the guests'
// language, what the event page and the cards show) or in their own words, and the cards for the tables.
// A challenge is an album (`challenge` set, the name its prompt): made and deleted with the album calls.

export function ChallengesTab({ token, event, albums }: { token: string; event: EventDto; albums: AlbumDto[] }) {
  const c = useHostT().couple;
  const challenges = albums.filter((a) => a.challenge);
  const taken = new Set(challenges.map((a) => a.name));
  const suggestions = READY_CHALLENGES[event.language].filter((p) => !taken.has(p));
  const [own, setOwn] = useState('');

  const add = useMutation({
    mutationFn: (prompt: string) =>
      clientApi.createAlbum(token, { name: prompt, start_datetime: null, end_datetime: null, visible: true, challenge: true }),
    onSuccess: async (_, prompt) => {
      await invalidateHostPage(token);
      if (prompt === own.trim()) setOwn('');
      hostToast.success(c.challengeAdded);
    },
    onError: (err) => hostToast.error(serverMessage(err, c.challengeAddFailed)),
  });
  const remove = useMutation({
    mutationFn: (a: AlbumDto) => clientApi.deleteAlbum(token, a.id),
    onSuccess: async () => {
      await invalidateHostPage(token);
      hostToast.success(c.challengeDeleted);
    },
    onError: () => hostToast.error(c.challengeDeleteFailed),
  });

  const submitOwn = (e: FormEvent) => {
    e.preventDefault();
    if (own.trim() && !add.isPending) add.mutate(own.trim());
  };

  return (
    <div className="hx-challenges" data-testid="challenges-section">
      <section className="hx-panel" aria-labelledby="your-challenges">
        <h2 className="hx-panel__title" id="your-challenges">
          <ListChecks size={18} aria-hidden="true" /> {c.challengesYours}
          <span className="hx-count">{challenges.length}</span>
        </h2>
        <p className="hx-small hx-muted">{c.challengesIntro}</p>
        {challenges.length === 0 ? (
          <p className="hx-empty-inline">{c.challengesNone}</p>
        ) : (
          <ul className="hx-challenge-list">
            {challenges.map((a) => (
              <ChallengeRow
                key={a.id}
                challenge={a}
                busy={remove.isPending && remove.variables?.id === a.id}
                onDelete={() => remove.mutate(a)}
              />
            ))}
          </ul>
        )}
        <form className="hx-challenge-own" onSubmit={submitOwn}>
          <label className="hx-field">
            <span className="hx-label">{c.challengeOwn}</span>
            <input
              value={own}
              maxLength={ALBUM_NAME_MAX}
              placeholder={c.challengeOwnPlaceholder}
              onChange={(e) => setOwn(e.target.value)}
              data-testid="challenge-own"
            />
          </label>
          <button type="submit" className="hx-btn hx-btn--primary" disabled={!own.trim() || add.isPending}>
            <Plus size={16} aria-hidden="true" /> {c.challengeAdd}
          </button>
        </form>
        {challenges.length > 0 && (
          <a
            className="hx-btn hx-btn--secondary"
            href={`/print/${event.id}?token=${encodeURIComponent(token)}&format=challenges`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Printer size={17} aria-hidden="true" /> {c.challengePrintCards}
          </a>
        )}
      </section>

      <section className="hx-panel" aria-labelledby="challenge-suggestions">
        <h2 className="hx-panel__title" id="challenge-suggestions">
          <Sparkles size={18} aria-hidden="true" /> {c.challengeSuggestions}
        </h2>
        <p className="hx-small hx-muted">{c.challengeSuggestionsHint}</p>
        <ul className="hx-challenge-list" lang={event.language}>
          {suggestions.map((prompt) => (
            <li key={prompt} className="hx-challenge" data-testid="challenge-suggestion">
              <span className="hx-challenge__prompt">{prompt}</span>
              <button
                type="button"
                className="hx-icon-btn"
                onClick={() => add.mutate(prompt)}
                disabled={add.isPending}
                aria-label={c.challengeAddPrompt(prompt)}
                title={c.challengeAdd}
              >
                <Plus size={18} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** One challenge: its prompt, how many photos it holds, and delete (a second tap confirms, naming what goes with it). */
function ChallengeRow({ challenge: a, busy, onDelete }: { challenge: AlbumDto; busy: boolean; onDelete: () => void }) {
  const c = useHostT().couple;
  const [confirming, setConfirming] = useState(false);
  const count = a.upload_count ?? 0;
  return (
    <li className="hx-challenge" data-testid="challenge" data-challenge={a.name}>
      <span className="hx-challenge__prompt">{a.name}</span>
      <span className="hx-small hx-muted">{c.albumCount(count)}</span>
      <button
        type="button"
        className="hx-btn hx-btn--danger hx-btn--sm"
        onClick={() => (confirming ? onDelete() : setConfirming(true))}
        onBlur={() => setConfirming(false)}
        disabled={busy}
      >
        <Trash2 size={15} aria-hidden="true" />
        {confirming ? c.challengeDeleteConfirm(count) : c.delete}
      </button>
    </li>
  );
}
