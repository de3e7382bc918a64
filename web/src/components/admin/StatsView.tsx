import { useEffect } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Album, Film, HardDrive, Image as ImageIcon, Layers, Trophy, Upload } from 'lucide-react';
import type { StatisticsDto } from '../../../../src/http/api-types';
import { hostToast } from '../../store/toast-store';
import { TOP_UPLOADERS } from '../../../../src/domain/statistics.ts';
import { formatMb, guestHandle, uploaderName } from '../../host/format';
import { getHostT, localeOf, useHostT, useLanguage } from '../../i18n';
import { albumName } from '../../pages/event/logic/albums';
import { UploadsChart } from '../settings/UploadsChart';

/** The statistics of the admin modal or the settings tab; a load that failed for good also says so in a toast (spec). */
export function useStatistics<Key extends readonly unknown[]>(options: UseQueryOptions<StatisticsDto, Error, StatisticsDto, Key>) {
  const stats = useQuery(options);
  const failures = stats.errorUpdateCount;
  useEffect(() => {
    if (failures > 0) hostToast.error(getHostT().statsLoadFailed);
  }, [failures]);
  return stats;
}

/**
 * Statistics: totals, Top Uploader (10); on the couple's page (`detailed`) also photo/video counts, the storage
 * of originals and of the box's derived files apart, uploads per hour, the top albums and the albums table.
 */
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
            <StatCard
              icon={<HardDrive size={18} />}
              label={h.storageOriginals}
              value={formatMb(stats.originals_size_mb, locale)}
              testId="stat-originals"
            />
            <StatCard
              icon={<Layers size={18} />}
              label={h.storageDerived}
              value={formatMb(stats.derived_size_mb, locale)}
              testId="stat-derived"
            />
          </>
        )}
      </div>

      {detailed && <UploadsChart hours={stats.uploads_per_hour} heading="h3" />}

      {detailed && (
        <section className="hx-panel" aria-labelledby="top-albums-title">
          <h3 className="hx-panel__title" id="top-albums-title">
            <Trophy size={18} aria-hidden="true" /> {h.topAlbums}
          </h3>
          {stats.top_albums.length === 0 ? (
            <p className="hx-empty-inline">{h.noStats}</p>
          ) : (
            <ol className="hx-bars" data-testid="top-albums">
              {stats.top_albums.map((a) => (
                <li key={a.id} className="hx-bars__row">
                  <span className="hx-bars__name">{albumName(a.name)}</span>
                  <span className="hx-bars__track" aria-hidden="true">
                    <span className="hx-bars__fill" style={{ width: `${(a.upload_count / stats.top_albums[0]!.upload_count) * 100}%` }} />
                  </span>
                  <span className="hx-num">{a.upload_count}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}

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

export function StatCard({ icon, label, value, testId }: { icon: React.ReactNode; label: string; value: string; testId: string }) {
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
