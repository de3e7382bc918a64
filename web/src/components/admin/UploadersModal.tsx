import { useQuery } from '@tanstack/react-query';
import { Copy, ExternalLink, Users } from 'lucide-react';
import type { AdminEventDto } from '../../../../src/http/api-types';
import { adminQueries } from '../../api/queries';
import { Spinner } from '../Spinner';
import { copyText } from '../clipboard';
import { uploaderName } from '../../host/format';
import { Modal } from '../Modal';
import { useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';

export function UploadersModal({ event, onClose }: { event: AdminEventDto; onClose: () => void }) {
  const h = useHostT();
  const list = useQuery(adminQueries.uploaders(event.id));
  const error = list.isError ? h.uploadersLoadFailed : '';
  const uploaders = list.data ? [...list.data].sort((a, b) => b.upload_count - a.upload_count) : list.isError ? [] : null;

  return (
    <Modal look="host" title={h.uploadersOf(event.name)} icon={<Users size={20} />} onClose={onClose} size="lg">
      <p className="hx-muted hx-intro">{h.uploadersIntro}</p>
      {error && (
        <div className="hx-alert hx-alert--error" role="alert">
          {error}
        </div>
      )}
      {uploaders === null ? (
        <Spinner />
      ) : uploaders.length === 0 ? (
        !error && <p className="hx-empty-inline">{h.noUploads}</p>
      ) : (
        <table className="hx-table" aria-label={h.uploaders}>
          <thead>
            <tr>
              <th>{h.nickname}</th>
              <th>{h.userId}</th>
              <th className="hx-num">{h.uploads}</th>
              <th>{h.recoveryLink}</th>
            </tr>
          </thead>
          <tbody>
            {uploaders.map((u) => (
              <tr key={u.user_id} data-user={u.user_id}>
                <td className="hx-strong">{uploaderName(u, h)}</td>
                <td className="hx-mono hx-muted hx-ellipsis" title={u.user_id}>
                  {u.user_id}
                </td>
                <td className="hx-num">{u.upload_count}</td>
                <td>
                  <div className="hx-row-actions">
                    <a
                      className="hx-btn hx-btn--secondary hx-btn--sm"
                      href={u.recovery_link}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="recovery-link"
                    >
                      <ExternalLink size={14} /> {h.open}
                    </a>
                    <button
                      type="button"
                      className="hx-btn hx-btn--ghost hx-btn--sm"
                      onClick={async () => {
                        if (await copyText(u.recovery_link)) hostToast.success(h.urlCopied);
                      }}
                    >
                      <Copy size={14} /> {h.copy}
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
