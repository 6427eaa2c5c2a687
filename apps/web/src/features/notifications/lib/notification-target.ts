import { paths } from '../../../lib/paths.ts';

/**
 * Where opening a notification leads: its nav_loc ("event?event_id=5") as an app path, or the
 * notifications page (the default target) when it names none. Leading slashes and backslashes are
 * dropped first, so a nav_loc can never become a protocol-relative address ("//host").
 */
export function notificationTarget(navLoc: string | null | undefined): string {
  const loc = (navLoc ?? '').trim().replace(/^[/\\]+/, '');
  return loc === '' ? paths.notifications : `/${loc}`;
}
