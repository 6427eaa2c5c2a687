/*
 * Holeout's service worker: push notifications in the browser, nothing else (no caching).
 * A push carries { title, body, data: { nav_loc, notify_id } }; it is shown as a notification,
 * and a click opens its nav_loc in the app (the notifications page when it names none).
 */

/** nav_loc as an app path: leading slashes and backslashes dropped, so it never names another host. */
function targetOf(data) {
  const loc = data && typeof data.nav_loc === 'string' ? data.nav_loc.trim().replace(/^[/\\]+/, '') : '';
  return new URL(loc === '' ? '/notifications' : `/${loc}`, self.location.origin).href;
}

/** The push's JSON; a push that is not JSON still shows, as plain text. */
function readPush(event) {
  if (!event.data) return {};
  try {
    const parsed = event.data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const push = readPush(event);
  const data = push.data && typeof push.data === 'object' ? push.data : {};
  const title = typeof push.title === 'string' && push.title !== '' ? push.title : 'Holeout';
  const notifyId = data.notify_id === undefined || data.notify_id === null ? undefined : String(data.notify_id);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof push.body === 'string' ? push.body : '',
      icon: '/favicon.svg',
      // One notification per notify_id: a push delivered twice replaces itself.
      ...(notifyId ? { tag: `notify-${notifyId}` } : {}),
      data: { nav_loc: typeof data.nav_loc === 'string' ? data.nav_loc : '', notify_id: notifyId ?? null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetOf(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          const focused = await open.focus();
          await (focused ?? open).navigate(url);
          return;
        } catch {
          // An app window this worker does not control cannot be navigated: a new window then.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
