/**
 * The `next` query parameter the signed-out pages pass on (login, registration, verify-user), so
 * a visitor who came from a link (an invitation) lands back on it after logging in.
 */
const SAME_APP = 'https://holeout.invalid';

/**
 * `next` when it is a path of this app ("/invite?invite_id=3"), else null. Anything that would
 * leave the app is refused: other origins, protocol-relative "//host" and "/\host" (browsers read
 * a backslash as a slash), and control characters or spaces, which URL parsing would drop.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_APP);
  } catch {
    return null;
  }
  if (url.origin !== SAME_APP) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to a signed-out page would only loop.
  if (['/login', '/registration', '/verify-user'].includes(url.pathname.replace(/\/+$/, ''))) return null;
  return path;
}

/** `?next=...` (or `&next=...` after other parameters) for a valid next path; empty without one. */
export function nextParam(next: string | null, separator: '?' | '&' = '?'): string {
  return next ? `${separator}next=${encodeURIComponent(next)}` : '';
}
