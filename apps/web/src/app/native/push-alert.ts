import { DEFAULT_NOTIFICATION_TARGET } from '../../lib/paths.ts';

/** The data a push carries: nav_loc (where View leads) and notify_id. Values arrive as strings from the native layer. */
export interface PushData {
  nav_loc?: string;
  notify_id?: string | number;
}

export interface ForegroundPushDeps {
  /** Shows the alert; resolves with the action the user chose. */
  ask(title: string, body: string): Promise<'view' | 'dismiss'>;
  markRead(notifyId: number): Promise<void>;
  navigate(path: string): void;
}

/** A notify_id is valid when it is a positive integer. */
export function validNotifyId(value: PushData['notify_id']): number | null {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Where View (or a tap) goes: the push's nav_loc as an app path ("event?event_id=5" → "/event?event_id=5"),
 * or the notifications page when it names none. Leading slashes and backslashes are dropped first,
 * so a nav_loc can never become another host ("//host").
 */
export function pushTarget(data: PushData): string {
  const loc = (typeof data.nav_loc === 'string' ? data.nav_loc : '').trim().replace(/^[/\\]+/, '');
  return loc === '' ? DEFAULT_NOTIFICATION_TARGET : `/${loc}`;
}

/** Foreground push: Dismiss and View both mark it read (valid notify_id); View also navigates. */
export async function handleForegroundPush(title: string, body: string, data: PushData, deps: ForegroundPushDeps): Promise<void> {
  const choice = await deps.ask(title, body);
  const notifyId = validNotifyId(data.notify_id);
  if (notifyId !== null) await deps.markRead(notifyId).catch(() => undefined);
  if (choice === 'view') deps.navigate(pushTarget(data));
}
