import { useQuery } from '@tanstack/react-query';
import { Copy, ExternalLink, Users } from 'lucide-react';
import type { AdminEventDto } from '../../../../src/http/api-types';
import { adminQueries } from '../../api/queries';
import { Spinner } from '../Spinner';
import { copyText } from '../clipboard';
import { uploaderName } from '../../host/format';
import { Modal } from '../Modal';
import { hostToast } from '../../store/toast-store';

export function UploadersModal({ event, onClose }: { event: AdminEventDto; onClose: () => void }) {
  const list = useQuery(adminQueries.uploaders(event.id));
  const error = list.isError ? 'Fehler beim Laden der Uploader' : '';
  const uploaders = list.data ? [...list.data].sort((a, b) => b.upload_count - a.upload_count) : list.isError ? [] : null;

  return (
    <Modal look="host" title={`Uploader · ${event.name}`} icon={<Users size={20} />} onClose={onClose} size="lg">
      <p className="hx-muted hx-intro">
        A recovery link restores a guest's session on a new phone or browser, so they can manage their uploads again. Share it only with that guest.
      </p>
      {error && (
        <div className="hx-alert hx-alert--error" role="alert">
          {error}
        </div>
      )}
      {uploaders === null ? (
        <Spinner />
      ) : uploaders.length === 0 ? (
        !error && <p className="hx-empty-inline">No uploads yet.</p>
      ) : (
        <table className="hx-table" aria-label="Uploaders">
          <thead>
            <tr>
              <th>Nickname</th>
              <th>User ID</th>
              <th className="hx-num">Uploads</th>
              <th>Recovery link</th>
            </tr>
          </thead>
          <tbody>
            {uploaders.map((u) => (
              <tr key={u.user_id} data-user={u.user_id}>
                <td className="hx-strong">{uploaderName(u)}</td>
                <td className="hx-mono hx-muted hx-ellipsis" title={u.user_id}>
                  {u.user_id}
                </td>
                <td className="hx-num">{u.upload_count}</td>
                <td>
                  <div className="hx-row-actions">
                    <a className="hx-btn hx-btn--secondary hx-btn--sm" href={u.recovery_link} target="_blank" rel="noopener noreferrer" data-testid="recovery-link">
                      <ExternalLink size={14} /> Open
                    </a>
                    <button
                      type="button"
                      className="hx-btn hx-btn--ghost hx-btn--sm"
                      onClick={async () => {
                        if (await copyText(u.recovery_link)) hostToast.success('URL copied to clipboard');
                      }}
                    >
                      <Copy size={14} /> Copy
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
