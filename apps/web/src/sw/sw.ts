/**
 * Holeout's service worker (built by vite-plugin-pwa into /sw.js, the precache list injected):
 * - the app shell and every route chunk are precached at install, so the app opens and moves
 *   between pages with no network; API calls are never cached here (the pages keep their last
 *   data in IndexedDB instead, dropped at logout);
 * - push notifications (./push.ts).
 * A new version never takes over a running app: it installs beside the old one and waits (no
 * skipWaiting), and becomes active once every window of the app is closed, so the next open
 * runs it and a round being entered never changes code under the golfer's thumb.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOT_APP_SHELL } from './navigation.ts';
import { installPush, type PushScope } from './push.ts';

declare const self: PushScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  clients: { claim(): Promise<void> };
  addEventListener(type: 'activate', listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
// Caches of an older Workbox precache format, if any, are deleted when this worker activates.
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NOT_APP_SHELL] }));

// The first install controls the page that installed it at once, so the app works offline from
// that first visit on. A later version only activates when no window runs the old one, so claiming
// then takes nothing from a running app.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

installPush(self);
