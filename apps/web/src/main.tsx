import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Capacitor } from '@capacitor/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { buildRoutes } from './app/router.tsx';
import { session } from './lib/session/session.ts';

const router = createBrowserRouter(buildRoutes());
session.setNavigator((path) => void router.navigate(path));

session.restore().catch((cause: unknown) => console.error('Could not restore the session', cause));

// The native shell's services (live updates, deep links, push) never reach the web bundle.
if (Capacitor.isNativePlatform()) {
  void import('./app/native/start-native.tsx')
    .then(({ startNative }) => startNative({ navigate: (path) => void router.navigate(path) }))
    .catch((cause: unknown) => console.error('Native start-up failed', cause));
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
