import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CountUnreadResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { markOpenedInPages, notificationsListKey, type NotificationPages } from './list-notifications.ts';

/** GET /notifications/read_all: every notification of the caller opened now; answers the unread count (0). */
export function markAllNotificationsRead(): Promise<CountUnreadResponse> {
  return apiClient.get<CountUnreadResponse>('/notifications/read_all', { fallbackMessage: 'Could not mark your notifications read' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: ({ count }) => {
      session.setUnreadCount(count);
      const opened = new Date().toISOString();
      queryClient.setQueryData<NotificationPages>(notificationsListKey, (data) => markOpenedInPages(data, () => true, opened));
    },
  });
}
