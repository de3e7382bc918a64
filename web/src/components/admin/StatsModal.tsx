import { BarChart3 } from 'lucide-react';
import type { AdminEventDto } from '../../../../src/http/api-types';
import { adminQueries } from '../../api/queries';
import { Spinner } from '../Spinner';
import { Modal } from '../Modal';
import { useHostT } from '../../i18n';
import { StatsView, useStatistics } from './StatsView';

export function StatsModal({ event, onClose }: { event: AdminEventDto; onClose: () => void }) {
  const h = useHostT();
  const stats = useStatistics(adminQueries.statistics(event.id));
  return (
    <Modal look="host" title={h.statisticsOf(event.name)} icon={<BarChart3 size={20} />} onClose={onClose} size="lg">
      {stats.isError ? (
        <div className="hx-alert hx-alert--error" role="alert">
          {h.statsLoadFailed}
        </div>
      ) : stats.data ? (
        <StatsView stats={stats.data} detailed={false} />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}
