import { useEffect, useState } from 'react';
import { BarChart3 } from 'lucide-react';
import type { AdminEventDto, StatisticsDto } from '../../../../src/http/api-types';
import { adminApi } from '../../api/admin';
import { Spinner } from '../Spinner';
import { Modal } from '../Modal';
import { StatsView } from './StatsView';
import { hostToast } from '../../store/toast-store';

export function StatsModal({ event, onClose }: { event: AdminEventDto; onClose: () => void }) {
  const [stats, setStats] = useState<StatisticsDto | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    adminApi
      .statistics(event.id)
      .then(setStats)
      .catch(() => {
        setError(true);
        hostToast.error('Fehler beim Laden der Statistiken');
      });
  }, [event.id]);
  return (
    <Modal look="host" title={`Statistics · ${event.name}`} icon={<BarChart3 size={20} />} onClose={onClose} size="lg">
      {error ? (
        <div className="hx-alert hx-alert--error" role="alert">
          Fehler beim Laden der Statistiken
        </div>
      ) : stats ? (
        <StatsView stats={stats} detailed={false} />
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}
