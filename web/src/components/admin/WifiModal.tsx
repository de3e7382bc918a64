import { useEffect, useState, type FormEvent } from 'react';
import { Wifi } from 'lucide-react';
import { adminApi, fieldError } from '../../api/admin';
import { Spinner } from '../Spinner';
import { Modal } from '../Modal';
import { FormActions } from './FormActions';
import { hostToast } from '../../store/toast-store';

/** The venue Wi-Fi that the print page turns into a "join this network" QR code on posters and table cards. */
export function WifiModal({ onClose }: { onClose: () => void }) {
  const [loaded, setLoaded] = useState(false);
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    adminApi
      .wifi()
      .then((w) => {
        setSsid(w.ssid);
        setPassword(w.password);
      })
      .catch(() => setError('Failed to load the Wi-Fi settings'))
      .finally(() => setLoaded(true));
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setError('');
    try {
      const saved = await adminApi.saveWifi({ ssid: ssid.trim(), password });
      hostToast.success(saved.ssid ? 'Wi-Fi saved: the QR cards now show it' : 'Wi-Fi removed from the QR cards');
      onClose();
    } catch (err) {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
      setError('Failed to save the Wi-Fi settings');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal look="host" title="Venue Wi-Fi" icon={<Wifi size={20} />} onClose={onClose} size="sm">
      {!loaded ? (
        <Spinner />
      ) : (
        <form className="hx-form" onSubmit={submit} noValidate aria-label="Venue Wi-Fi">
          <p className="hx-muted hx-small">
            Printed as a QR code next to the event's QR code, so guests join the network with their camera. Leave the name empty for no Wi-Fi code.
          </p>
          <label className="hx-field">
            <span className="hx-label">Wi-Fi name (SSID)</span>
            <input name="ssid" value={ssid} maxLength={32} spellCheck={false} autoComplete="off" onChange={(e) => setSsid(e.target.value)} aria-invalid={!!errors.ssid} />
            {errors.ssid && <span className="hx-field-error">{errors.ssid}</span>}
          </label>
          <label className="hx-field">
            <span className="hx-label">Wi-Fi password</span>
            <input
              name="wifi_password"
              value={password}
              maxLength={63}
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
      )}
    </Modal>
  );
}
