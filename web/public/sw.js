/* Momentbox service worker. Deliberately tiny: no caching, no fetch handler (the gallery must always show
   what the box holds). Its one job: when a new version takes over, tell the open pages (SW_UPDATED) so
   they clear their storage and reload. Registered only in secure contexts (not over plain http:// on
   the LAN, where browsers do not run service workers). */
let isUpdate = false;

self.addEventListener('install', () => {
  // An active worker already controls this scope: this install is an update.
  isUpdate = !!self.registration.active;
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      if (!isUpdate) return;
      const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of clients) client.postMessage({ type: 'SW_UPDATED' });
    })(),
  );
});
