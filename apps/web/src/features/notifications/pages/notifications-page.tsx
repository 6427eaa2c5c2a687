import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChecks, IconSettings } from '@tabler/icons-react';
import type { Notification } from '@holeout/contracts';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useMarkAllRead } from '../api/mark-all-read.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useNotificationsList } from '../api/list-notifications.ts';
import { notificationTarget } from '../lib/notification-target.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';

function NotificationCard({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const id = useId();
  const unread = notification.opened_at === null;
  return (
    <Card
      component="li"
      withBorder
      padding={0}
      data-testid="notification"
      // The accent is only a second cue: the "New" badge and the bold title say it in words and weight.
      style={unread ? { borderLeft: '4px solid var(--mantine-color-brand-filled)' } : undefined}
    >
      <UnstyledButton
        component={Link}
        to={notificationTarget(notification.nav_loc)}
        onClick={() => onOpen(notification)}
        p="sm"
        mih={56}
        w="100%"
        display="block"
        aria-labelledby={unread ? `${id}-new ${id}-title` : `${id}-title`}
        aria-describedby={`${id}-body ${id}-time`}
      >
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
            <Text id={`${id}-title`} fw={unread ? 700 : 500} style={{ minWidth: 0 }}>
              {notification.title}
            </Text>
            {unread && (
              <Badge id={`${id}-new`} variant="filled" color="brand" style={{ flexShrink: 0 }}>
                New
              </Badge>
            )}
          </Group>
          <Text id={`${id}-body`} size="sm">
            {notification.body}
          </Text>
          <Text id={`${id}-time`} size="xs" c="dimmed">
            <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
          </Text>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

function LoadingList() {
  return (
    <Stack gap="xs" aria-busy="true" data-testid="notifications-loading">
      <VisuallyHidden role="status">Loading notifications</VisuallyHidden>
      {[0, 1, 2].map((row) => (
        <Card key={row} withBorder padding="sm" aria-hidden>
          <Skeleton height={18} width="55%" mb={8} />
          <Skeleton height={14} mb={6} />
          <Skeleton height={12} width="30%" />
        </Card>
      ))}
    </Stack>
  );
}

/** Notifications (route notifications): newest first, 20 at a time; opening one marks it read and goes where it points. */
export default function NotificationsPage() {
  const list = useNotificationsList();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unreadCount = useSession((s) => s.unreadCount);
  const [allReadNotice, setAllReadNotice] = useState(false);
  const notifications = list.data?.pages.flat() ?? [];
  const loadedUnread = notifications.some((notification) => notification.opened_at === null);
  const anyUnread = unreadCount > 0 || loadedUnread;

  // The badge may be older than the list: bring it up to date on opening the page.
  useEffect(() => {
    void session.refreshUnreadCount();
  }, []);

  function open(notification: Notification) {
    if (notification.opened_at === null) markRead.mutate([notification.notify_id]);
  }

  function readAll() {
    setAllReadNotice(false);
    markAllRead.mutate(undefined, { onSuccess: () => setAllReadNotice(true) });
  }

  const settingsLink = (
    <Button component={Link} to={paths.notificationSettings} variant="default" h={44} leftSection={<IconSettings size={18} aria-hidden />}>
      Notification settings
    </Button>
  );

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Notifications
      </Title>
      <Group gap="xs">
        {anyUnread && (
          <Button h={44} leftSection={<IconChecks size={18} aria-hidden />} loading={markAllRead.isPending} onClick={readAll}>
            Mark all read
          </Button>
        )}
        {settingsLink}
      </Group>
      <Text size="sm" role="status" mih={20}>
        {allReadNotice && !anyUnread
          ? 'All notifications are marked read.'
          : unreadCount > 0
            ? `${unreadCount} unread ${unreadCount === 1 ? 'notification' : 'notifications'}.`
            : ''}
      </Text>

      {list.isPending && <LoadingList />}
      {list.isError && !list.data && <LoadFailed title="Your notifications could not be loaded" onRetry={() => list.refetch()} />}
      {list.isSuccess && notifications.length === 0 && (
        <Card withBorder padding="lg" data-testid="notifications-empty">
          <Stack gap="sm">
            <Title order={2} size="h4">
              No notifications yet
            </Title>
            <Text size="sm">
              You are told here when someone shares a round, event, drill folder or tag with you, when a coach invites you to their
              organisation, and when your subscription is about to end. Choose which of them also reach you by e-mail or on your phone in
              the notification settings.
            </Text>
          </Stack>
        </Card>
      )}
      {notifications.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notifications, newest first">
          {notifications.map((notification) => (
            <NotificationCard key={notification.notify_id} notification={notification} onOpen={open} />
          ))}
        </Stack>
      )}
      {list.hasNextPage && notifications.length > 0 && (
        <Group justify="center">
          <Button variant="default" h={44} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
      {list.isSuccess && !list.hasNextPage && list.data.pages.length > 1 && notifications.length > 0 && (
        <Text size="sm" c="dimmed" ta="center">
          That is every notification.
        </Text>
      )}
    </Stack>
  );
}
