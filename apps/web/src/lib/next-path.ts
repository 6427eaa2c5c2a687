/**
 * The `next` query parameter the signed-out pages pass on (login, registration, verify-user), so
 * a visitor who came from a link (an invitation) lands back on it after logging in.
 */
import { paths } from './paths.ts';

const SAME_APP = 'https://holeout.invalid';
/** The signed-out pages: going back to one after logging in would only loop. */
const SIGNED_OUT_PAGES: readonly string[] = [paths.login, paths.registration, paths.verifyUser];

/** Control characters, the space, DEL and the backslash. */
function isRefusedCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code <= 0x20 || code === 0x7f || character === '\\';
}

/**
 * `next` when it is a path of this app ("/invite?invite_id=3"), else null. Anything that would
 * leave the app is refused: other origins, protocol-relative "//host" and "/\host" (browsers read
 * a backslash as a slash), and control characters or spaces, which URL parsing would drop.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some(isRefusedCharacter)) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_APP);
  } catch {
    return null;
  }
  if (url.origin !== SAME_APP) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (SIGNED_OUT_PAGES.includes(url.pathname.replace(/\/+$/, ''))) return null;
  return path;
}

/**
 * Where a user lands once signed in: the first-run Set up while it is pending (asked once, then
 * on to `target`), else `target` itself.
 */
export function landingAfterSignIn(setupPending: boolean, target: string): string {
  if (!setupPending) return target;
  return `${paths.setup}${nextParam(target === paths.root ? null : safeNextPath(target))}`;
}

/** `?next=...` (or `&next=...` after other parameters) for a valid next path; empty without one. */
export function nextParam(next: string | null, separator: '?' | '&' = '?'): string {
  return next ? `${separator}next=${encodeURIComponent(next)}` : '';
}
