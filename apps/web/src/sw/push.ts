/**
 * Push notifications in the service worker. A push carries { title, body, data: { nav_loc, notify_id } };
 * it is shown as a notification, and a click opens its nav_loc in the app (the notifications page
 * when it names none). Written against the few parts of the worker scope it uses, so a fake scope
 * can run it in unit tests.
 */

interface PushData {
  json(): unknown;
  text(): string;
}

interface WindowClient {
  url: string;
  focus(): Promise<WindowClient | null | undefined>;
  navigate(url: string): Promise<unknown>;
}

interface WaitingEvent {
  waitUntil(work: Promise<unknown>): void;
}

export interface PushScope {
  location: { origin: string };
  addEventListener(type: 'push', listener: (event: WaitingEvent & { data?: PushData | null }) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: WaitingEvent & { notification: { data: unknown; close(): void } }) => void,
  ): void;
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** nav_loc as an app path: leading slashes and backslashes dropped, so it never names another host. */
function targetOf(origin: string, data: unknown): string {
  const navLoc = typeof data === 'object' && data !== null ? (data as { nav_loc?: unknown }).nav_loc : undefined;
  const loc = typeof navLoc === 'string' ? navLoc.trim().replace(/^[/\\]+/, '') : '';
  return new URL(loc === '' ? '/notifications' : `/${loc}`, origin).href;
}

/** The push's JSON; a push that is not JSON still shows, as plain text. */
function readPush(data: PushData | null | undefined): Record<string, unknown> {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { body: data.text() };
  }
}

export function installPush(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const push = readPush(event.data);
    const data = push.data && typeof push.data === 'object' ? (push.data as Record<string, unknown>) : {};
    const title = typeof push.title === 'string' && push.title !== '' ? push.title : 'Holeout';
    const notifyId = data.notify_id === undefined || data.notify_id === null ? undefined : String(data.notify_id);
    event.waitUntil(
      scope.registration.showNotification(title, {
        body: typeof push.body === 'string' ? push.body : '',
        icon: '/favicon.svg',
        // One notification per notify_id: a push delivered twice replaces itself.
        ...(notifyId ? { tag: `notify-${notifyId}` } : {}),
        data: { nav_loc: typeof data.nav_loc === 'string' ? data.nav_loc : '', notify_id: notifyId ?? null },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = targetOf(scope.location.origin, event.notification.data);
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
        if (open) {
          try {
            const focused = await open.focus();
            await (focused ?? open).navigate(url);
            return;
          } catch {
            // An app window this worker does not control cannot be navigated: a new window then.
          }
        }
        await scope.clients.openWindow(url);
      })(),
    );
  });
}
