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
import { hostToast } from '../../store/toast-store';
import { WIFI_PASSWORD, WIFI_SSID_MAX_BYTES } from '../../../../src/domain/limits.ts';

/** The venue Wi-Fi that the print page turns into a "join this network" QR code on posters and table cards. */
export function WifiModal({ onClose }: { onClose: () => void }) {
  const saved = useQuery(adminQueries.wifi());
  return (
    <Modal look="host" title="Venue Wi-Fi" icon={<Wifi size={20} />} onClose={onClose} size="sm">
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
  const [ssid, setSsid] = useState(initial.ssid);
  const [password, setPassword] = useState(initial.password);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState(loadFailed ? 'Failed to load the Wi-Fi settings' : '');

  const save = useMutation({
    mutationFn: adminApi.saveWifi,
    onSuccess: async (answer) => {
      // the printed cards read the Wi-Fi from /api/config
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.admin.wifi }), queryClient.invalidateQueries({ queryKey: queryKeys.config })]);
      hostToast.success(answer.ssid ? 'Wi-Fi saved: the QR cards now show it' : 'Wi-Fi removed from the QR cards');
      onClose();
    },
    onError: (err) => {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      setError('Failed to save the Wi-Fi settings');
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
    <form className="hx-form" onSubmit={submit} noValidate aria-label="Venue Wi-Fi">
      <p className="hx-muted hx-small">
        Printed as a QR code next to the event's QR code, so guests join the network with their camera. Leave the name empty for no Wi-Fi code.
      </p>
      <label className="hx-field">
        <span className="hx-label">Wi-Fi name (SSID)</span>
        <input name="ssid" value={ssid} maxLength={WIFI_SSID_MAX_BYTES} spellCheck={false} autoComplete="off" onChange={(e) => setSsid(e.target.value)} aria-invalid={!!errors.ssid} />
        {errors.ssid && <span className="hx-field-error">{errors.ssid}</span>}
      </label>
      <label className="hx-field">
        <span className="hx-label">Wi-Fi password</span>
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
          <span className="hx-small hx-muted">Empty for an open network.</span>
        )}
      </label>
      {error && (
        <div className="hx-alert hx-alert--error" role="alert">
          {error}
        </div>
      )}
      <FormActions submitLabel="Save Wi-Fi" busy={busy} onCancel={onClose} />
    </form>
  );
}
