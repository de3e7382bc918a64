// §9 SW_UPDATED: when the service worker reports a new version, local and session storage are cleared
// and the page reloads; a waiting worker is told to take over at once. Service workers need a secure
// context, so over plain http:// on the venue LAN nothing is registered.

let started = false;

export function onServiceWorkerMessage(
  data: unknown,
  storage = { local: localStorage, session: sessionStorage },
  reload = () => location.reload(),
) {
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

/**
 * The build's identity: the entry script's name carries Vite's content hash, and it changes whenever any
 * chunk changes (the entry names the lazy chunks). Registering /sw.js?v=<that> makes every new build a new
 * service worker version, the same on every page of one build.
 */
export function buildId(doc: Pick<Document, 'querySelector'> = document): string | null {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? '';
  const m = /-([A-Za-z0-9_-]{6,})\.js$/.exec(src);
  return m ? m[1]! : null;
}

export function registerServiceWorker(): void {
  if (started || typeof window === 'undefined' || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  started = true;
  navigator.serviceWorker.addEventListener('message', (e) => onServiceWorkerMessage(e.data));
  const version = buildId();
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
