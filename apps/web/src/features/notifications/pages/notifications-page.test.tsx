import type { Notification } from '@holeout/contracts';
import { NOTIFICATIONS_PAGE_SIZE } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes as ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import NotificationsPage from './notifications-page.tsx';

function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    notify_id: 1,
    type: 'ROUND_SHARED',
    title: 'Round shared with you',
    body: 'Bea Vardon shared her round at Pine Valley.',
    nav_loc: 'event?event_id=5',
    created_at: '2026-11-21T16:20:00',
    opened_at: null,
    ...overrides,
  };
}

/** Where the app went: the path and query of the router's location. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPage(routes: ApiRoutes, unreadCount = 0) {
  const fetchMock = createFetchMock({ 'GET /v4/notifications/count_unread': { json: { count: unreadCount } }, ...routes });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings(), unreadCount });
  renderWithProviders(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/notifications' },
  );
  return fetchMock;
}

const startsOf = (fetchMock: ReturnType<typeof createFetchMock>) =>
  callsTo(fetchMock, 'GET /v4/notifications').map(({ url }) => url.searchParams.get('start'));

beforeEach(() => {
  session.store.set(LOGGED_OUT_STATE);
});

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Notifications', () => {
  it('lists title, body and time, marks the unread ones in words, and pages by the number loaded until a page is empty', async () => {
    const first = Array.from({ length: NOTIFICATIONS_PAGE_SIZE }, (_, i) =>
      buildNotification({ notify_id: 100 - i, title: `Notice ${100 - i}`, opened_at: i < 2 ? null : '2026-11-22T08:00:00Z' }),
    );
    const second = [
      buildNotification({
        notify_id: 80,
        title: 'Notice 80',
        body: 'The oldest one.',
        created_at: '2026-10-02T09:05:00',
        opened_at: '2026-10-03T00:00:00Z',
      }),
    ];
    const fetchMock = renderPage(
      {
        'GET /v4/notifications': ({ url }) => {
          const start = Number(url.searchParams.get('start'));
          return { json: { notifications: start === 0 ? first : start === 20 ? second : [] } };
        },
      },
      2,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    const items = within(list).getAllByTestId('notification');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent('Notice 100');
    expect(items[0]).toHaveTextContent('Bea Vardon shared her round at Pine Valley.');
    expect(items[0]).toHaveTextContent('11/21/26 4:20');
    // Unread: a visible "New" that is part of the link's name, not a colour.
    expect(within(items[0]!).getByRole('link', { name: 'New Notice 100' })).toHaveAccessibleDescription(
      'Bea Vardon shared her round at Pine Valley. 11/21/26 4:20',
    );
    expect(within(items[1]!).getByText('New')).toBeInTheDocument();
    expect(within(items[2]!).queryByText('New')).toBeNull();
    expect(within(items[2]!).getByRole('link', { name: 'Notice 98' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 unread notifications.');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The oldest one.')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification')).toHaveLength(21);
    expect(screen.getByText('10/2/26 9:05')).toBeInTheDocument();

    // The second page held fewer than 20: it is the last, and nothing more is asked for.
    expect(await screen.findByText('That is every notification.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(startsOf(fetchMock)).toEqual(['0', '20']);
  });

  it('opening an unread notification marks it read, updates the unread count and goes to its nav_loc', async () => {
    const fetchMock = renderPage(
      {
        'GET /v4/notifications': {
          json: {
            notifications: [buildNotification({ notify_id: 5 }), buildNotification({ notify_id: 4, title: 'Older', opened_at: null })],
          },
        },
        'GET /v4/notifications/read': { json: { count: 1 } },
      },
      2,
    );
    await userEvent.click(await screen.findByRole('link', { name: 'New Round shared with you' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/event?event_id=5');
    await waitFor(() => expect(session.store.get().unreadCount).toBe(1));
    const reads = callsTo(fetchMock, 'GET /v4/notifications/read');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.url.searchParams.get('notify_id')).toBe('5');
  });

  it('a notification without nav_loc opens the notifications page; a read one is not marked again', async () => {
    const fetchMock = renderPage({
      'GET /v4/notifications': {
        json: {
          notifications: [
            buildNotification({ notify_id: 9, title: 'Your subscription ends soon', nav_loc: '', opened_at: '2026-11-22T08:00:00Z' }),
            buildNotification({ notify_id: 8, title: 'Odd target', nav_loc: '//evil.example/x', opened_at: '2026-11-22T08:00:00Z' }),
          ],
        },
      },
    });
    const link = await screen.findByRole('link', { name: 'Your subscription ends soon' });
    expect(link).toHaveAttribute('href', '/notifications');
    // A nav_loc is always a path of this app.
    expect(screen.getByRole('link', { name: 'Odd target' })).toHaveAttribute('href', '/evil.example/x');
    await userEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/notifications/read')).toHaveLength(0);
  });

  it('"Mark all read" calls read_all, drops every "New" and clears the menu alert', async () => {
    const fetchMock = renderPage(
      {
        'GET /v4/notifications': {
          json: {
            notifications: [
              buildNotification({ notify_id: 3 }),
              buildNotification({ notify_id: 2, title: 'Second' }),
              buildNotification({ notify_id: 1, title: 'Read', opened_at: '2026-11-01T00:00:00Z' }),
            ],
          },
        },
        'GET /v4/notifications/read_all': { json: { count: 0 } },
      },
      2,
    );
    expect(await screen.findAllByText('New')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All notifications are marked read.')).toBeInTheDocument();
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.getByRole('link', { name: 'Second' })).toBeInTheDocument();
    expect(session.store.get().unreadCount).toBe(0);
    expect(callsTo(fetchMock, 'GET /v4/notifications/read_all')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('keeps the "New" marks when read_all fails', async () => {
    renderPage(
      {
        'GET /v4/notifications': { json: { notifications: [buildNotification({ notify_id: 3 })] } },
        'GET /v4/notifications/read_all': { status: 500, json: { error: 'Could not mark them', code: 'INTERNAL' } },
      },
      1,
    );
    await screen.findByText('New');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).not.toHaveAttribute('data-loading'));
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(session.store.get().unreadCount).toBe(1);
    expect(screen.queryByText('All notifications are marked read.')).toBeNull();
  });

  it('says what will arrive when there is nothing yet, and links to the settings', async () => {
    renderPage({ 'GET /v4/notifications': { json: { notifications: [] } } });
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/notification-settings');
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    const fetchMock = renderPage({
      'GET /v4/notifications': () =>
        fail ? { status: 500, json: { error: 'Database down', code: 'INTERNAL' } } : { json: { notifications: [buildNotification()] } },
    });
    expect(await screen.findByText('Your notifications could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'New Round shared with you' })).toBeInTheDocument();
    expect(startsOf(fetchMock)).toEqual(['0', '0']);
  });

  it('refreshes the unread count on opening', async () => {
    const fetchMock = renderPage({
      'GET /v4/notifications': { json: { notifications: [] } },
      'GET /v4/notifications/count_unread': { json: { count: 4 } },
    });
    await waitFor(() => expect(session.store.get().unreadCount).toBe(4));
    expect(callsTo(fetchMock, 'GET /v4/notifications/count_unread')).toHaveLength(1);
  });
});
