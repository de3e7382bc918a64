import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Copy, KeySquare, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import type { ApiKeyDto, CreatedApiKey } from '../../../../src/http/api-types';
import { adminApi, HttpError } from '../../api/admin';
import { adminQueries, queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { Spinner } from '../Spinner';
import { copyText } from '../clipboard';
import { formatDateTime } from '../../host/format';
import { localeOf, useHostT, useLanguage } from '../../i18n';
import { Parts } from './Parts';
import { InlineConfirm } from './InlineConfirm';
import { Modal } from '../Modal';
import { hostToast } from '../../store/toast-store';
import { API_KEY_NAME_MAX } from '../../../../src/domain/limits.ts';

export function ApiKeysModal({ onClose }: { onClose: () => void }) {
  const h = useHostT();
  const locale = localeOf(useLanguage());
  const list = useQuery(adminQueries.apiKeys());
  // a failed list reads as empty under its error
  const keys = list.data ?? (list.isError ? [] : null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<ApiKeyDto | null>(null);
  const shownError = error || (list.isError ? h.apiKeysLoadFailed : '');
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
        err instanceof HttpError && (err.code === 'NAME_ALREADY_EXISTS' || err.status === 409) ? h.apiKeyExists : h.apiKeyCreateFailed,
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
    onError: () => setError(h.apiKeyDeleteFailed),
    onSettled: () => setConfirmDelete(null),
  });

  return (
    <Modal look="host" title={h.apiKeysTitle} icon={<KeySquare size={20} />} onClose={onClose} size="lg">
      <p className="hx-muted hx-intro">
        <Parts
          parts={h.apiKeysIntro}
          values={[
            <code key="header">X-API-Key</code>,
            <code key="bearer">Authorization: Bearer &lt;key&gt;</code>,
            <code key="call">POST /api/event/{'{eventId}'}/upload</code>,
          ]}
        />
      </p>

      <form className="hx-inline-form" onSubmit={create}>
        <label className="hx-field hx-grow">
          <span className="hx-label">{h.keyName}</span>
          <input
            name="api_key_name"
            value={name}
            placeholder={h.keyNamePlaceholder}
            maxLength={API_KEY_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" className="hx-btn hx-btn--primary" disabled={!name.trim() || busy}>
          <Plus size={16} /> {h.createKey}
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
            <strong>
              <Parts parts={h.copyKeyNow} values={[created.name]} />
            </strong>
          </div>
          <div className="hx-input-group">
            <input readOnly value={created.api_key} aria-label={h.newApiKey} className="hx-mono" onFocus={(e) => e.target.select()} />
            <button
              type="button"
              className="hx-btn hx-btn--secondary"
              onClick={async () => {
                if (await copyText(created.api_key)) hostToast.success(h.keyCopied);
                else hostToast.error(h.copyFailed);
              }}
            >
              <Copy size={16} /> {h.copy}
            </button>
          </div>
          <button type="button" className="hx-link-btn" onClick={() => setCreated(null)}>
            {h.keyStored}
          </button>
        </div>
      )}

      {confirmDelete && (
        <InlineConfirm
          label={h.deleteApiKey}
          confirmLabel={h.deleteKey}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => removal.mutate(confirmDelete)}
        >
          <Parts parts={h.deleteApiKeyAsk} values={[<strong key="name">{confirmDelete.name}</strong>]} />
        </InlineConfirm>
      )}

      {keys === null ? (
        <Spinner />
      ) : keys.length === 0 ? (
        <p className="hx-empty-inline">{h.noApiKeys}</p>
      ) : (
        <table className="hx-table" aria-label={h.apiKeys}>
          <thead>
            <tr>
              <th>{h.name}</th>
              <th>{h.created}</th>
              <th>{h.lastUsed}</th>
              <th>{h.status}</th>
              <th className="hx-num">
                <span className="visually-hidden">{h.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} data-key={k.name}>
                <td className="hx-strong">{k.name}</td>
                <td>{formatDateTime(k.created_at, locale) ?? h.notSet}</td>
                <td>{formatDateTime(k.last_used_at, locale) ?? h.never}</td>
                <td>
                  <span className={`hx-badge ${k.last_used_at ? 'hx-badge--green' : 'hx-badge--gray'}`}>
                    {k.last_used_at ? h.keyActive : h.keyUnused}
                  </span>
                </td>
                <td className="hx-num">
                  <button
                    type="button"
                    className="hx-icon-btn hx-icon-btn--danger"
                    aria-label={h.deleteNamed(k.name)}
                    title={h.deleteKey}
                    onClick={() => setConfirmDelete(k)}
                  >
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
