/**
 * An opened app link containing the app host navigates to the path after the host, so a shared
 * link opens the same page in the app.
 * Null when the link is not one of ours.
 */
export function pathFromAppLink(url: string, appHost: string): string | null {
  const at = url.indexOf(appHost);
  if (at < 0) return null;
  const rest = url.slice(at + appHost.length);
  if (rest === '' || rest === '/') return '/';
  return rest.startsWith('/') ? rest : `/${rest}`;
}
