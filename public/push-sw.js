/*
 * Web Push in CommonGround's service worker (imported by the generated sw.js, vite.config.ts).
 * The server sends { title, body, url, tag } (server/delivery/push/payload.ts). Every push shows
 * a notification, inside event.waitUntil: browsers revoke the permission of a site whose pushes
 * show nothing. Tapping it opens `url` (the amenity's live view, or the archived report) in an
 * open window of the app, or a new one. When the browser renews a subscription, the new one is
 * sent to the server with the same applicationServerKey.
 */

const FALLBACK_URL = '/alerts';

/** Only a path of this site: a payload never sends the app elsewhere. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')
    ? url
    : FALLBACK_URL;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'CommonGround';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : 'Open CommonGround to see what is new.',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      renotify: typeof data.tag === 'string',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appPath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    appPath(event.notification.data && event.notification.data.url),
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        const focused = await client.focus();
        try {
          await (focused || client).navigate(target);
        } catch {
          // An uncontrolled window cannot be navigated: open the page instead.
          await self.clients.openWindow(target);
        }
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      let key = old && old.options ? old.options.applicationServerKey : null;
      if (!key) {
        const answer = await fetch('/api/push/public-key', { credentials: 'same-origin' });
        if (!answer.ok) return;
        key = (await answer.json()).publicKey;
      }
      const renewed =
        event.newSubscription ||
        (await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        }));
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(renewed.toJSON()),
      });
      if (old && old.endpoint !== renewed.endpoint) {
        await fetch('/api/push/subscriptions', {
          method: 'DELETE',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ endpoint: old.endpoint }),
        });
      }
    })(),
  );
});
