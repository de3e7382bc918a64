import { BarChart3 } from 'lucide-react';
import type { StatisticsDto } from '../../../../src/http/api-types';
import { Spinner } from '../Spinner';
import { StatsView } from '../admin/StatsView';

export type StatsState = { status: 'idle' | 'loading' } | { status: 'error' } | { status: 'ready'; stats: StatisticsDto };

export function StatsTab({ state, onRetry }: { state: StatsState; onRetry: () => void }) {
  return (
    <section className="hx-panel" aria-labelledby="stats-title">
      <h2 className="hx-panel__title" id="stats-title">
        <BarChart3 size={18} aria-hidden="true" /> Statistiken <span className="hx-beta">Beta</span>
      </h2>
      {state.status === 'ready' ? (
        <StatsView stats={state.stats} detailed />
      ) : state.status === 'error' ? (
        <div className="hx-alert hx-alert--error" role="alert">
          Failed to load event statistics
          <button type="button" className="hx-link-btn" onClick={onRetry}>
            Erneut versuchen
          </button>
        </div>
      ) : (
        <Spinner label="Statistiken werden geladen" />
      )}
    </section>
  );
}
