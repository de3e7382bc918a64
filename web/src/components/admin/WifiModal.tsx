import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Wifi } from 'lucide-react';
import type { WifiSettings } from '../../../../src/http/api-types';
import { adminApi, fieldError } from '../../api/admin';
import { adminQueries, queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { Spinner } from '../Spinner';
import { Modal } from '../Modal';
import { FormActions } from './FormActions';
import { useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';
import { WIFI_PASSWORD, WIFI_SSID_MAX_BYTES } from '../../../../src/domain/limits.ts';

/** The venue Wi-Fi that the print page turns into a "join this network" QR code on posters and table cards. */
export function WifiModal({ onClose }: { onClose: () => void }) {
  const h = useHostT();
  const saved = useQuery(adminQueries.wifi());
  return (
    <Modal look="host" title={h.venueWifi} icon={<Wifi size={20} />} onClose={onClose} size="sm">
      {saved.isPending ? (
        <Spinner />
      ) : (
        <WifiForm initial={saved.data ?? { ssid: '', password: '' }} loadFailed={saved.isError} onClose={onClose} />
      )}
    </Modal>
  );
}

/** The form, filled once from what the box has saved (a load error leaves it empty and says so). */
function WifiForm({ initial, loadFailed, onClose }: { initial: WifiSettings; loadFailed: boolean; onClose: () => void }) {
  const h = useHostT();
  const [ssid, setSsid] = useState(initial.ssid);
  const [password, setPassword] = useState(initial.password);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState(loadFailed ? h.wifiLoadFailed : '');

  const save = useMutation({
    mutationFn: adminApi.saveWifi,
    onSuccess: async (answer) => {
      // the printed cards read the Wi-Fi from /api/config
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.wifi }),
        queryClient.invalidateQueries({ queryKey: queryKeys.config }),
      ]);
      hostToast.success(answer.ssid ? h.wifiSaved : h.wifiRemoved);
      onClose();
    },
    onError: (err) => {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      setError(h.wifiSaveFailed);
    },
  });
  const busy = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrors({});
    setError('');
    save.mutate({ ssid: ssid.trim(), password });
  };

  return (
    <form className="hx-form" onSubmit={submit} noValidate aria-label={h.venueWifi}>
      <p className="hx-muted hx-small">{h.wifiIntro}</p>
      <label className="hx-field">
        <span className="hx-label">{h.wifiSsid}</span>
        <input
          name="ssid"
          value={ssid}
          maxLength={WIFI_SSID_MAX_BYTES}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setSsid(e.target.value)}
          aria-invalid={!!errors.ssid}
        />
        {errors.ssid && <span className="hx-field-error">{errors.ssid}</span>}
      </label>
      <label className="hx-field">
        <span className="hx-label">{h.wifiPassword}</span>
        <input
          name="wifi_password"
          value={password}
          maxLength={WIFI_PASSWORD.max}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!errors.password}
        />
        {errors.password ? (
          <span className="hx-field-error">{errors.password}</span>
        ) : (
          <span className="hx-small hx-muted">{h.openNetwork}</span>
        )}
      </label>
      {error && (
        <div className="hx-alert hx-alert--error" role="alert">
          {error}
        </div>
      )}
      <FormActions submitLabel={h.saveWifi} busy={busy} onCancel={onClose} />
    </form>
  );
}
