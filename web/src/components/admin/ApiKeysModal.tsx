import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Copy, KeySquare, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import type { ApiKeyDto, CreatedApiKey } from '../../../../src/http/api-types';
import { adminApi, HttpError } from '../../api/admin';
import { adminQueries, queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { Spinner } from '../Spinner';
import { copyText } from '../clipboard';
import { formatGermanDateTime } from '../../host/format';
import { InlineConfirm } from './InlineConfirm';
import { Modal } from '../Modal';
import { hostToast } from '../../store/toast-store';
import { API_KEY_NAME_MAX } from '../../../../src/domain/limits.ts';

export function ApiKeysModal({ onClose }: { onClose: () => void }) {
  const list = useQuery(adminQueries.apiKeys());
  // a failed list reads as empty under its error
  const keys = list.data ?? (list.isError ? [] : null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<ApiKeyDto | null>(null);
  const shownError = error || (list.isError ? 'Fehler beim Laden der API-Schlüssel' : '');
  const refetchKeys = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.apiKeys });

  const creation = useMutation({
    mutationFn: adminApi.createApiKey,
    onMutate: () => setError(''),
    onSuccess: async (key) => {
      setCreated(key);
      setName('');
      await refetchKeys();
    },
    onError: (err) =>
      setError(
        err instanceof HttpError && (err.code === 'NAME_ALREADY_EXISTS' || err.status === 409)
          ? 'Ein API-Schlüssel mit diesem Namen existiert bereits'
          : 'Fehler beim Erstellen des API-Schlüssels',
      ),
  });
  const busy = creation.isPending;

  const create = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || busy) return;
    creation.mutate(trimmed);
  };

  const removal = useMutation({
    mutationFn: (k: ApiKeyDto) => adminApi.deleteApiKey(k.id),
    onMutate: () => setError(''),
    onSuccess: async (_, k) => {
      if (created?.id === k.id) setCreated(null);
      await refetchKeys();
    },
    onError: () => setError('Fehler beim Löschen des API-Schlüssels'),
    onSettled: () => setConfirmDelete(null),
  });

  return (
    <Modal look="host" title="API Keys" icon={<KeySquare size={20} />} onClose={onClose} size="lg">
      <p className="hx-muted hx-intro">
        API keys let photo-booth apps upload into any event. Send the key as the header <code>X-API-Key</code> or as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code> with <code>POST /api/event/{'{eventId}'}/upload</code>.
      </p>

      <form className="hx-inline-form" onSubmit={create}>
        <label className="hx-field hx-grow">
          <span className="hx-label">Key name</span>
          <input name="api_key_name" value={name} placeholder="e.g. Photo booth entrance" maxLength={API_KEY_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="hx-btn hx-btn--primary" disabled={!name.trim() || busy}>
          <Plus size={16} /> Create key
        </button>
      </form>

      {shownError && (
        <div className="hx-alert hx-alert--error" role="alert">
          {shownError}
        </div>
      )}

      {created && (
        <div className="hx-secret" data-testid="new-api-key">
          <div className="hx-secret__head">
            <ShieldAlert size={18} aria-hidden="true" />
            <strong>Copy the key for “{created.name}” now. It will not be shown again.</strong>
          </div>
          <div className="hx-input-group">
            <input readOnly value={created.api_key} aria-label="New API key" className="hx-mono" onFocus={(e) => e.target.select()} />
            <button
              type="button"
              className="hx-btn hx-btn--secondary"
              onClick={async () => {
                if (await copyText(created.api_key)) hostToast.success('Key copied to clipboard');
                else hostToast.error('Could not copy. Select the key and copy it by hand.');
              }}
            >
              <Copy size={16} /> Copy
            </button>
          </div>
          <button type="button" className="hx-link-btn" onClick={() => setCreated(null)}>
            I have stored the key
          </button>
        </div>
      )}

      {confirmDelete && (
        <InlineConfirm label="Delete API key" confirmLabel="Delete key" onCancel={() => setConfirmDelete(null)} onConfirm={() => removal.mutate(confirmDelete)}>
          Delete the API key <strong>{confirmDelete.name}</strong>? Apps using it can no longer upload. This cannot be undone.
        </InlineConfirm>
      )}

      {keys === null ? (
        <Spinner />
      ) : keys.length === 0 ? (
        <p className="hx-empty-inline">No API keys yet.</p>
      ) : (
        <table className="hx-table" aria-label="API keys">
          <thead>
            <tr>
              <th>Name</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Status</th>
              <th className="hx-num">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} data-key={k.name}>
                <td className="hx-strong">{k.name}</td>
                <td>{formatGermanDateTime(k.created_at)}</td>
                <td>{k.last_used_at ? formatGermanDateTime(k.last_used_at) : 'Never'}</td>
                <td>
                  <span className={`hx-badge ${k.last_used_at ? 'hx-badge--green' : 'hx-badge--gray'}`}>{k.last_used_at ? 'Aktiv' : 'Unbenutzt'}</span>
                </td>
                <td className="hx-num">
                  <button type="button" className="hx-icon-btn hx-icon-btn--danger" aria-label={`Delete ${k.name}`} title="Delete key" onClick={() => setConfirmDelete(k)}>
                    <Trash2 size={18} />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
