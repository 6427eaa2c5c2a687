import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { buildRoutes } from './app/router.tsx';
import { browserAppWorkerHost, registerAppWorker } from './lib/offline/app-worker.ts';
import { pageSnapshotShown, revealApp } from './lib/offline/painted-snapshot.ts';
import { session } from './lib/session/session.ts';

const router = createBrowserRouter(buildRoutes());
session.setNavigator((path) => void router.navigate(path));

/**
 * A picture of the page painted at start-up (app-start.js) stays until the page draws itself
 * (usePageSnapshot); it goes at once when the app moves to another page (the golfer cannot: the picture
 * is inert; a session refused at start-up goes to the login page), and after 10 s whatever happened.
 */
if (pageSnapshotShown()) {
  const opened = router.state.location.key;
  const stop = router.subscribe((state) => state.location.key !== opened && revealApp());
  setTimeout(() => (revealApp(), stop()), 10_000);
}

session.restore().catch((cause: unknown) => console.error('Could not restore the session', cause));

/**
 * Rounds saved while offline wait in an outbox (features/rounds): start it as soon as someone is
 * signed in, on whatever page they open, so a waiting round goes out without a visit to Add Round.
 * Loaded lazily, so the first page stays light.
 */
const stopWatchingForSignIn = session.store.subscribe(() => {
  if (session.store.get().status !== 'loggedIn') return;
  stopWatchingForSignIn();
  void import('./features/rounds/components/round-service.ts')
    .then(({ roundService }) => void roundService().flushNow())
    .catch((cause: unknown) => console.warn('Could not start the round outbox', cause));
});

/**
 * The native shell injects window.Capacitor before any app code runs. Reading it there, rather than
 * importing @capacitor/core, keeps Capacitor out of the web's first page: its services (live
 * updates, deep links, push) arrive with start-native only on iOS and Android.
 */
function isNativeShell(): boolean {
  const bridge = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return typeof bridge?.isNativePlatform === 'function' && bridge.isNativePlatform();
}

if (isNativeShell()) {
  void import('./app/native/start-native.tsx')
    .then(({ startNative }) => startNative({ navigate: (path) => router.navigate(path) }))
    .catch((cause: unknown) => console.error('Native start-up failed', cause));
} else {
  registerAppWorker(browserAppWorkerHost());
  if ('serviceWorker' in navigator && 'PushManager' in window) {
    // A browser that opted into push (notification settings) ends its subscription at logout and account
    // deletion, first. lib/web-push.ts loads only then (from the worker's offline copy when there is no network).
    session.setPushRegistrar({
      register: async () => {},
      unregister: async () => {
        if (!(await navigator.serviceWorker.getRegistration('/'))) return;
        const { browserWebPush, createWebPush, webPushRegistrar, webPushServer } = await import('./lib/web-push.ts');
        await webPushRegistrar(createWebPush(browserWebPush, webPushServer())).unregister();
      },
    });
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
