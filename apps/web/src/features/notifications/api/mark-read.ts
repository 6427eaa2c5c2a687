import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CountUnreadResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { markOpenedInPages, notificationsListKey, type NotificationPages } from './list-notifications.ts';

/** GET /notifications/read?notify_id=1,2: answers the caller's new unread count. */
export function markNotificationsRead(notifyIds: readonly number[]): Promise<CountUnreadResponse> {
  // Quiet: opening a notification goes on to its target whatever this answers; the badge is a hint.
  return apiClient.get<CountUnreadResponse>('/notifications/read', { query: { notify_id: notifyIds }, quiet: true });
}

/**
 * Marks notifications read: the list shows them opened and the menu's alert follows the count the
 * API answers. Declared on the hook (not per call) so it still lands after the page navigated away.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: ({ count }, notifyIds) => {
      session.setUnreadCount(count);
      const opened = new Date().toISOString();
      queryClient.setQueryData<NotificationPages>(notificationsListKey, (data) =>
        markOpenedInPages(data, (n) => notifyIds.includes(n.notify_id), opened),
      );
    },
  });
}
