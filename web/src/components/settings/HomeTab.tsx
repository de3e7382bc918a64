import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Film, Heart, Hourglass, Image as ImageIcon, Sparkles, Upload, Users } from 'lucide-react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { hostQueries } from '../../api/queries';
import { useHostT } from '../../i18n';
import { StatCard, useStatistics } from '../admin/StatsView';
import { DeleteConfirm, ModerationList } from './moderation/ModerationList';
import { useModeration, type Confirm } from './moderation/use-moderation';
import { UploadsChart } from './UploadsChart';
import { WallLink } from './WallLink';

/** How many uploads the overview lists: a phone screen's worth of each. */
const NEWEST = 6;
const AWAITING = 6;
const LOVED = 6;

/**
 * The couple's overview, the page's first section, for the wedding day on a phone held in one hand: the
 * counts, what awaits their decision (where sharing is not automatic), the newest uploads, the guests' most
 * loved (most hearts first, each with its count), the night in uploads per hour, and the wall's link and QR
 * code for the projector. The live stream keeps every list current (useModeration), hearts included.
 */
export function HomeTab({
  token,
  event,
  albums,
  onUploads,
}: {
  token: string;
  event: EventDto;
  albums: AlbumDto[];
  /** to the Uploads section, for everything beyond the overview's few */
  onUploads: () => void;
}) {
  const h = useHostT();
  const c = h.couple;
  const m = useModeration(token, event, { pageSize: NEWEST });
  const awaiting = useQuery(hostQueries.uploads(token, { status: 'pending', limit: AWAITING, offset: 0 })).data;
  const loved = useQuery(hostQueries.uploads(token, { status: 'loved', limit: LOVED, offset: 0 })).data;
  const stats = useStatistics(hostQueries.statistics(token)).data;
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const showAwaiting = !event.auto_share_uploads || (awaiting?.total ?? 0) > 0;
  const allUploads = (
    <button type="button" className="hx-btn hx-btn--secondary hx-home__more" onClick={onUploads}>
      {c.allUploads} <ArrowRight size={16} aria-hidden="true" />
    </button>
  );

  return (
    <div className="hx-home" data-testid="host-home">
      <div className="hx-stat-cards hx-home__counts">
        <StatCard icon={<Upload size={18} />} label={h.totalUploads} value={String(stats?.uploads ?? '–')} testId="home-uploads" />
        <StatCard icon={<ImageIcon size={18} />} label={h.photos} value={String(stats?.photos ?? '–')} testId="home-photos" />
        <StatCard icon={<Film size={18} />} label={h.videos} value={String(stats?.videos ?? '–')} testId="home-videos" />
        <StatCard icon={<Users size={18} />} label={c.guests} value={String(stats?.users.length ?? '–')} testId="home-guests" />
      </div>

      {showAwaiting && (
        <section className="hx-panel hx-home__section" aria-labelledby="home-awaiting" data-testid="home-awaiting">
          <h2 className="hx-panel__title" id="home-awaiting">
            <Hourglass size={18} aria-hidden="true" /> {c.awaiting}
            {awaiting && <span className="hx-count-badge">{awaiting.total}</span>}
          </h2>
          {awaiting && awaiting.total === 0 && <p className="hx-empty-inline">{c.awaitingNone}</p>}
          {awaiting && <ModerationList uploads={awaiting.uploads} albums={albums} m={m} onConfirm={setConfirm} />}
          {awaiting && awaiting.total > awaiting.uploads.length && allUploads}
        </section>
      )}

      <section className="hx-panel hx-home__section" aria-labelledby="home-newest" data-testid="home-newest">
        <h2 className="hx-panel__title" id="home-newest">
          <Sparkles size={18} aria-hidden="true" /> {c.newest}
        </h2>
        {m.page && m.uploads.length === 0 && <p className="hx-empty-inline">{c.noUploads}</p>}
        <ModerationList uploads={m.uploads} albums={albums} m={m} onConfirm={setConfirm} />
        {m.page && m.page.total > m.uploads.length && allUploads}
      </section>

      <section className="hx-panel hx-home__section" aria-labelledby="home-loved" data-testid="home-loved">
        <h2 className="hx-panel__title" id="home-loved">
          <Heart size={18} aria-hidden="true" /> {c.mostLoved}
        </h2>
        {loved && loved.total === 0 && <p className="hx-empty-inline">{c.mostLovedNone}</p>}
        {loved && <ModerationList uploads={loved.uploads} albums={albums} m={m} onConfirm={setConfirm} />}
      </section>

      <UploadsChart hours={stats?.uploads_per_hour ?? []} heading="h2" />
      <WallLink event={event} heading="h2" />

      {confirm && <DeleteConfirm confirm={confirm} m={m} onClose={() => setConfirm(null)} />}
    </div>
  );
}
