// §9 SW_UPDATED: when the service worker reports a new version, local and session storage are cleared
// and the page reloads; a waiting worker is told to take over at once. Service workers need a secure
// context, so over plain http:// on the venue LAN nothing is registered.

let started = false;

export function onServiceWorkerMessage(data: unknown, storage = { local: localStorage, session: sessionStorage }, reload = () => location.reload()) {
  if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== 'SW_UPDATED') return false;
  try {
    storage.local.clear();
    storage.session.clear();
  } catch {
    /* storage disabled */
  }
  reload();
  return true;
}

export function registerServiceWorker(version?: string): void {
  if (started || typeof window === 'undefined' || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  started = true;
  navigator.serviceWorker.addEventListener('message', (e) => onServiceWorkerMessage(e.data));
  const url = version ? `/sw.js?v=${encodeURIComponent(version)}` : '/sw.js';
  navigator.serviceWorker
    .register(url, { scope: '/' })
    .then((reg) => {
      const skip = (w: ServiceWorker | null) => w?.postMessage({ type: 'SKIP_WAITING' });
      skip(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => {
          if (w.state === 'installed' && navigator.serviceWorker.controller) skip(w);
        });
      });
    })
    .catch((err) => console.warn('service worker', err));
}
