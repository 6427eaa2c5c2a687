import { describe, expect, it, vi } from 'vitest';
import { installPush, type PushScope } from './push.ts';

/** The worker's push handlers run against a fake worker scope: its listeners, the notifications it shows, the windows it opens. */
function loadServiceWorker(windows: { url: string; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const clients = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async () => undefined),
    navigate: w.navigate ?? (async (url: string) => navigated.push(url)),
  }));
  const scope = {
    location: { origin: 'https://app.holeout.golf' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
      }),
    },
  };
  installPush(scope as unknown as PushScope);

  async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  const push = (payload: unknown) =>
    dispatch('push', {
      data: {
        json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
        text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
      },
    });
  const click = (data: unknown) => dispatch('notificationclick', { notification: { data, close: vi.fn() } });
  return { push, click, shown, opened, navigated, clients };
}

describe('service worker push', () => {
  it('shows a push with its title, body and data, one per notify_id', async () => {
    const sw = loadServiceWorker();
    await sw.push({ title: 'Round shared', body: 'Ann shared a round', data: { nav_loc: 'event?event_id=5', notify_id: '41' } });
    expect(sw.shown).toEqual([
      {
        title: 'Round shared',
        options: {
          body: 'Ann shared a round',
          icon: '/favicon.svg',
          tag: 'notify-41',
          data: { nav_loc: 'event?event_id=5', notify_id: '41' },
        },
      },
    ]);
  });

  it('a push that is not JSON still shows, as text', async () => {
    const sw = loadServiceWorker();
    await sw.push('plain words');
    expect(sw.shown[0]).toEqual({
      title: 'Holeout',
      options: { body: 'plain words', icon: '/favicon.svg', data: { nav_loc: '', notify_id: null } },
    });
  });

  it('a click opens nav_loc in a new window when the app is not open, the notifications page without one', async () => {
    const sw = loadServiceWorker();
    await sw.click({ nav_loc: 'event?event_id=5', notify_id: '41' });
    await sw.click({ nav_loc: '', notify_id: null });
    await sw.click({ nav_loc: '//example.com/steal', notify_id: null });
    expect(sw.opened).toEqual([
      'https://app.holeout.golf/event?event_id=5',
      'https://app.holeout.golf/notifications',
      'https://app.holeout.golf/example.com/steal',
    ]);
  });

  it('a click moves an open app window to nav_loc and focuses it; a window it cannot navigate gets a new one', async () => {
    const sw = loadServiceWorker([{ url: 'https://app.holeout.golf/home' }]);
    await sw.click({ nav_loc: 'drills', notify_id: '3' });
    expect(sw.clients[0]!.focus).toHaveBeenCalled();
    expect(sw.navigated).toEqual(['https://app.holeout.golf/drills']);
    expect(sw.opened).toEqual([]);

    const stuck = loadServiceWorker([
      { url: 'https://app.holeout.golf/home', navigate: () => Promise.reject(new TypeError('not controlled')) },
    ]);
    await stuck.click({ nav_loc: 'drills', notify_id: '3' });
    expect(stuck.opened).toEqual(['https://app.holeout.golf/drills']);
  });
});
