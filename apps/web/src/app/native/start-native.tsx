/**
 * Native-only start-up (Capacitor): live updates, deep links and push notifications.
 * Loaded through a dynamic import behind Capacitor.isNativePlatform(), so none of it is in the web bundle.
 */
import { App } from '@capacitor/app';
import { PushNotifications } from '@capacitor/push-notifications';
import { SplashScreen } from '@capacitor/splash-screen';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { apiClient } from '../../lib/api-client.ts';
import { APP_LINK_HOST } from '../../lib/config.ts';
import { session } from '../../lib/session/session.ts';
import type { PushRegistrar } from '../../lib/session/integrations.ts';
import { pathFromAppLink } from './deep-links.ts';
import { capgoContentUpdates } from './capgo-updates.ts';
import { createLiveUpdater, type ContentUpdateService } from './live-update.ts';
import { handleForegroundPush, pushTarget, validNotifyId, type PushData } from './push-alert.ts';

const hideSplash = () => SplashScreen.hide();
const markRead = async (notifyId: number) => {
  await apiClient.get('/notifications/read', { query: { notify_id: [notifyId] }, quiet: true });
  void session.refreshUnreadCount();
};

function askAboutPush(title: string, body: string): Promise<'view' | 'dismiss'> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      withCloseButton: false,
      closeOnClickOutside: false,
      children: (
        <>
          <Text size="sm">{body}</Text>
          <Group justify="flex-end" mt="md">
            <Button
              variant="default"
              onClick={() => {
                modals.close(id);
                resolve('dismiss');
              }}
            >
              Dismiss
            </Button>
            <Button
              onClick={() => {
                modals.close(id);
                resolve('view');
              }}
            >
              View
            </Button>
          </Group>
        </>
      ),
    });
  });
}

/** Registers the device token with the API after sign-in, and removes it at logout. */
function capacitorPushRegistrar(): PushRegistrar {
  let token: string | null = null;
  void PushNotifications.addListener('registration', ({ value }) => {
    token = value;
    void apiClient.post('/devices', undefined, { query: { push_token: value }, quiet: true }).catch(() => undefined);
  });
  void PushNotifications.addListener('registrationError', (error) => console.warn('Push registration error', error));
  return {
    async register() {
      const permission = await PushNotifications.requestPermissions();
      if (permission.receive !== 'granted') return;
      await PushNotifications.register();
    },
    async unregister() {
      if (!token) return;
      await apiClient.delete('/devices', { query: { push_token: token }, on401: 'throw', quiet: true }).catch(() => undefined);
      await PushNotifications.unregister().catch(() => undefined);
      token = null;
    },
  };
}

export interface NativeStartOptions {
  navigate: (path: string) => void;
  updates?: ContentUpdateService;
}

export async function startNative({ navigate, updates = capgoContentUpdates() }: NativeStartOptions): Promise<void> {
  session.setPushRegistrar(capacitorPushRegistrar());

  const updater = createLiveUpdater(updates, hideSplash);
  await App.addListener('appStateChange', ({ isActive }) => {
    void (isActive ? updater.onActive() : updater.onBackground());
  });
  // Confirms this bundle booted (else the updater rolls back), then checks for a newer one.
  void updater.onStart();

  await App.addListener('appUrlOpen', ({ url }) => {
    const path = pathFromAppLink(url, APP_LINK_HOST);
    if (path === null) return;
    navigate(path);
    void hideSplash();
  });

  await PushNotifications.addListener('pushNotificationReceived', (notification) => {
    const data = (notification.data ?? {}) as PushData;
    void handleForegroundPush(notification.title ?? 'Notification', notification.body ?? '', data, {
      ask: askAboutPush,
      markRead,
      navigate,
    });
  });
  await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const data = (notification.data ?? {}) as PushData;
    const notifyId = validNotifyId(data.notify_id);
    if (notifyId !== null) void markRead(notifyId).catch(() => undefined);
    navigate(pushTarget(data));
  });

  await hideSplash();
}
