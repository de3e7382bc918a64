import { Check, ListChecks } from 'lucide-react';
import type { GalleryAlbumDto } from '../../../../../src/http/api-types';
import { challengeProgress } from '../../../../../src/domain/challenges.ts';
import { useT } from '../../../i18n';
import { albumCountLabel } from '../logic/albums';
import { PageSection } from '../PageParts';
import './Challenges.css';

interface Props {
  challenges: GalleryAlbumDto[];
  /** the guest gave consent: their own progress shows (a visitor has none) */
  identified: boolean;
  /** a challenge picked: the page shows it like an album, with its grid and upload */
  onPick: (id: number) => void;
}

/**
 * The event page's 'Foto-Aufgaben' section (issue 28): each challenge's prompt, how many photos it holds and
 * whether this guest did it, and the guest's own progress ('3 von 8 Aufgaben'), which nobody else sees.
 */
export default function Challenges({ challenges, identified, onPick }: Props) {
  const t = useT();
  const { done, total } = challengeProgress(challenges);
  return (
    <PageSection id="ch-title" icon={ListChecks} title={t.challenges} intro={t.challengesIntro} testId="challenges">
      {identified && total > 0 && (
        <p className="ch__progress" data-testid="challenges-done">
          {t.challengeProgress(done, total)}
        </p>
      )}
      {total === 0 ? (
        <p className="ch__empty">{t.challengesNone}</p>
      ) : (
        <ul className="ch__list">
          {challenges.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className={`ch__item${c.own_count > 0 ? ' is-done' : ''}`}
                onClick={() => onPick(c.id)}
                data-testid="challenge"
                data-challenge={c.name}
              >
                <span className="ch__prompt">{c.name}</span>
                <span className="ch__meta">
                  <span>{albumCountLabel(c)}</span>
                  {c.own_count > 0 && (
                    <span className="ch__done" data-testid="challenge-done">
                      <Check size={14} aria-hidden="true" />
                      {t.challengeDone}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}
