/**
 * Registers the service worker (src/sw/sw.ts, built to /sw.js) in a browser: it precaches the app so
 * the next open works with no network. Registered after the page's load event, so its downloads
 * never compete with what the first page needs. Not in development (Vite serves no worker) and not
 * in the native shell (its assets are bundled in the app, and iOS WebViews have no service worker).
 */
export const APP_WORKER_URL = '/sw.js';

export interface AppWorkerHost {
  production: boolean;
  serviceWorker: { register(url: string, options: { scope: string }): Promise<unknown> } | undefined;
  loaded(): boolean;
  onLoad(run: () => void): void;
}

export function registerAppWorker(host: AppWorkerHost): void {
  const { serviceWorker } = host;
  if (!host.production || !serviceWorker) return;
  const register = () => {
    serviceWorker
      .register(APP_WORKER_URL, { scope: '/' })
      .catch((cause: unknown) => console.warn('The offline app could not be installed', cause));
  };
  if (host.loaded()) register();
  else host.onLoad(register);
}

export const browserAppWorkerHost = (): AppWorkerHost => ({
  production: import.meta.env.PROD,
  serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  loaded: () => document.readyState === 'complete',
  onLoad: (run) => window.addEventListener('load', run, { once: true }),
});
