/**
 * Which navigations the service worker answers with the cached app shell. Every app route is
 * drawn by index.html, so those open with no network; what the server itself answers (the API,
 * health and metrics, the app-link files, any file such as a shared report) goes to the network.
 * Matched against the path and query of the request, as Workbox's NavigationRoute does.
 */
export const NOT_APP_SHELL: readonly RegExp[] = [
  /^\/v4(?:[/?]|$)/,
  /^\/(?:healthz|readyz|metrics)(?:[/?]|$)/,
  /^\/\.well-known\//,
  // A last path segment with a file extension names a file, not a page.
  /^[^?]*\/[^/?]+\.[a-z0-9]{1,8}(?:\?|$)/i,
];

export function isAppShellNavigation(pathAndQuery: string): boolean {
  return !NOT_APP_SHELL.some((pattern) => pattern.test(pathAndQuery));
}
