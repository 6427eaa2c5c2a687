/**
 * An opened app link containing the app host navigates to the path after the host, so a shared
 * link opens the same page in the app.
 * Null when the link is not one of ours: no app host in it, or a longer host that merely starts
 * with it ("app.holeout.golf.example.com"). A port after the host is skipped, and repeated leading
 * slashes collapse to one, so the path can never name another host ("//host").
 */
export function pathFromAppLink(url: string, appHost: string): string | null {
  const at = url.toLowerCase().indexOf(appHost.toLowerCase());
  if (at < 0 || appHost === '') return null;
  const rest = url.slice(at + appHost.length).replace(/^:\d+/, '');
  if (rest !== '' && !/^[/?#]/.test(rest)) return null;
  return `/${rest.replace(/^[/\\]+/, '')}`;
}
