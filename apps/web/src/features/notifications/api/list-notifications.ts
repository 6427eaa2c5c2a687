import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationsResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const notificationsListKey = [...NOTIFICATIONS_KEY, 'list'] as const;

export type NotificationPages = InfiniteData<Notification[], number>;

/** GET /notifications?start=N: one page, newest first, from offset N (the number already loaded). */
export async function fetchNotificationsPage(start: number): Promise<Notification[]> {
  const { notifications } = await apiClient.get<NotificationsResponse>('/notifications', {
    query: { start },
    fallbackMessage: 'Could not load your notifications',
  });
  return notifications;
}

export const notificationsListQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationsListKey,
    queryFn: ({ pageParam }) => fetchNotificationsPage(pageParam),
    initialPageParam: 0,
    // The next page starts after everything loaded; an empty page means all are loaded. A page
    // shorter than the API's 20 is the last too, so nobody taps "Load more" to be told there is nothing more.
    getNextPageParam: (last: Notification[], pages: Notification[][]) =>
      last.length === 0 || last.length < NOTIFICATIONS_PAGE_SIZE ? undefined : pages.reduce((count, page) => count + page.length, 0),
  });

export function useNotificationsList() {
  return useInfiniteQuery(notificationsListQuery());
}

/** The loaded pages with `opened` stamped on the notifications `read` picks (the cache after a read, without a refetch). */
export function markOpenedInPages(
  data: NotificationPages | undefined,
  read: (notification: Notification) => boolean,
  opened: string,
): NotificationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.map((notification) =>
        notification.opened_at === null && read(notification) ? { ...notification, opened_at: opened } : notification,
      ),
    ),
  };
}
