import { useEffect } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Album, Film, HardDrive, Image as ImageIcon, Trophy, Upload } from 'lucide-react';
import type { StatisticsDto } from '../../../../src/http/api-types';
import { hostToast } from '../../store/toast-store';
import { TOP_UPLOADERS } from '../../../../src/domain/statistics.ts';
import { formatMb, guestHandle, uploaderName } from '../../host/format';
import { getHostT, localeOf, useHostT, useLanguage } from '../../i18n';
import { albumName } from '../../pages/event/logic/albums';

/** The statistics of the admin modal or the settings tab; a load that failed for good also says so in a toast (spec). */
export function useStatistics<Key extends readonly unknown[]>(options: UseQueryOptions<StatisticsDto, Error, StatisticsDto, Key>) {
  const stats = useQuery(options);
  const failures = stats.errorUpdateCount;
  useEffect(() => {
    if (failures > 0) hostToast.error(getHostT().statsLoadFailed);
  }, [failures]);
  return stats;
}

/** Statistics: totals, photo/video counts, Top Uploader (10), optionally the albums table. */
export function StatsView({ stats, detailed }: { stats: StatisticsDto; detailed: boolean }) {
  const h = useHostT();
  const locale = localeOf(useLanguage());
  const totalMb = stats.total_size_mb ?? stats.statistics?.total_size_mb ?? 0;
  const uploads = stats.uploads ?? stats.statistics?.total_uploads ?? 0;
  const albums = stats.albums ?? stats.statistics?.total_albums ?? 0;
  const top = (stats.top_uploaders?.length ? stats.top_uploaders : (stats.users ?? []))
    .slice()
    .sort((a, b) => b.upload_count - a.upload_count)
    .slice(0, TOP_UPLOADERS);
  const empty = uploads === 0 && albums === 0;

  if (empty) return <p className="hx-empty-inline">{h.noStats}</p>;

  return (
    <div className="hx-stats">
      <div className="hx-stat-cards">
        <StatCard icon={<Upload size={18} />} label={h.totalUploads} value={String(uploads)} testId="stat-uploads" />
        <StatCard icon={<Album size={18} />} label={h.albums} value={String(albums)} testId="stat-albums" />
        <StatCard icon={<HardDrive size={18} />} label={h.storage} value={formatMb(totalMb, locale)} testId="stat-size" />
        {detailed && (
          <>
            <StatCard icon={<ImageIcon size={18} />} label={h.photos} value={String(stats.photos ?? 0)} testId="stat-photos" />
            <StatCard icon={<Film size={18} />} label={h.videos} value={String(stats.videos ?? 0)} testId="stat-videos" />
          </>
        )}
      </div>

      <section className="hx-panel">
        <h3 className="hx-panel__title">
          <Trophy size={18} aria-hidden="true" /> {h.topUploader}
        </h3>
        {top.length === 0 ? (
          <p className="hx-empty-inline">{h.noStats}</p>
        ) : (
          <div className="hx-table-wrap">
            <table className="hx-table" aria-label={h.topUploader}>
              <thead>
                <tr>
                  <th className="hx-num">#</th>
                  <th>{h.name}</th>
                  <th className="hx-hide-sm">ID</th>
                  <th className="hx-num">{h.uploads}</th>
                </tr>
              </thead>
              <tbody>
                {top.map((u, i) => (
                  <tr key={u.guest_id ?? `row-${i}`}>
                    <td className="hx-num">
                      <span className={`hx-rank hx-rank--${i + 1}`}>{i + 1}</span>
                    </td>
                    <td>{uploaderName(u, h)}</td>
                    <td className="hx-mono hx-muted hx-hide-sm" data-testid="uploader-handle">
                      {guestHandle(u, h)}
                    </td>
                    <td className="hx-num">{u.upload_count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {detailed && (
        <section className="hx-panel">
          <h3 className="hx-panel__title">
            <Album size={18} aria-hidden="true" /> {h.albums}
          </h3>
          {(stats.album_stats ?? []).length === 0 ? (
            <p className="hx-empty-inline">{h.noStats}</p>
          ) : (
            <div className="hx-table-wrap">
              <table className="hx-table" aria-label={h.albums}>
                <thead>
                  <tr>
                    <th>{h.name}</th>
                    <th className="hx-num">{h.uploads}</th>
                    <th>{h.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.album_stats.map((a) => (
                    <tr key={a.id}>
                      <td>{albumName(a.name)}</td>
                      <td className="hx-num">{a.upload_count}</td>
                      <td>
                        <span className={`hx-badge ${a.visible ? 'hx-badge--green' : 'hx-badge--gray'}`}>
                          {a.visible ? h.visible : h.hidden}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function StatCard({ icon, label, value, testId }: { icon: React.ReactNode; label: string; value: string; testId: string }) {
  return (
    <div className="hx-stat" data-testid={testId}>
      <span className="hx-stat__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="hx-stat__value">{value}</span>
      <span className="hx-stat__label">{label}</span>
    </div>
  );
}
