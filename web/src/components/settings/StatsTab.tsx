import { BarChart3 } from 'lucide-react';
import { hostQueries } from '../../api/queries';
import { Spinner } from '../Spinner';
import { StatsView, useStatistics } from '../admin/StatsView';
import { useHostT } from '../../i18n';

/** Tab 'Statistiken': mounted on its first opening, so the statistics load lazily (spec). */
export function StatsTab({ token }: { token: string }) {
  const c = useHostT().couple;
  const stats = useStatistics(hostQueries.statistics(token));
  return (
    <section className="hx-panel" aria-labelledby="stats-title">
      <h2 className="hx-panel__title" id="stats-title">
        <BarChart3 size={18} aria-hidden="true" /> {c.tabs.stats}
      </h2>
      {stats.data ? (
        <StatsView stats={stats.data} detailed />
      ) : stats.isError ? (
        <div className="hx-alert hx-alert--error" role="alert">
          {c.statsLoadFailed}
          <button type="button" className="hx-link-btn" onClick={() => void stats.refetch()}>
            {c.retry}
          </button>
        </div>
      ) : (
        <Spinner label={c.statsLoading} />
      )}
    </section>
  );
}
