/**
 * Native-only start-up (Capacitor): live updates, deep links, push notifications, and the
 * federated sign-in through the platform's own flows (@capacitor-firebase/authentication).
 * Loaded through a dynamic import behind Capacitor.isNativePlatform(), so none of it is in the web bundle.
 */
import { FirebaseAuthentication } from '@capacitor-firebase/authentication';
import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { PushNotifications } from '@capacitor/push-notifications';
import { SplashScreen } from '@capacitor/splash-screen';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { NOTIFICATIONS_KEY } from '../../features/notifications/api/list-notifications.ts';
import { apiClient } from '../../lib/api-client.ts';
import { APP_LINK_HOST } from '../../lib/config.ts';
import { queryClient } from '../../lib/query-client.ts';
import { setFederatedSignIn } from '../../lib/federated/federated-sign-in.ts';
import { createNativeFederatedSignIn } from '../../lib/federated/native-sign-in.ts';
import { session } from '../../lib/session/session.ts';
import type { PushRegistrar } from '../../lib/session/integrations.ts';
import { pathFromAppLink } from './deep-links.ts';
import { capgoContentUpdates } from './capgo-updates.ts';
import { createLiveUpdater, type ContentUpdateService } from './live-update.ts';
import { handleForegroundPush, pushTarget, validNotifyId, type PushData } from './push-alert.ts';
import { createNativePushRegistrar } from './push-registrar.ts';

const hideSplash = () => SplashScreen.hide();
const markRead = async (notifyId: number) => {
  await apiClient.get('/notifications/read', { query: { notify_id: [notifyId] }, quiet: true });
  void session.refreshUnreadCount();
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
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

/** Registers the device token with the API after sign-in (POST /devices), and removes it at logout (DELETE /devices). */
function capacitorPushRegistrar(): PushRegistrar {
  void PushNotifications.addListener('registrationError', (error) => console.warn('Push registration error', error));
  return createNativePushRegistrar({
    platform: Capacitor.getPlatform() === 'ios' ? 'ios' : 'android',
    plugin: {
      requestPermissions: () => PushNotifications.requestPermissions(),
      register: () => PushNotifications.register(),
      unregister: () => PushNotifications.unregister(),
      onRegistration: (listener) => void PushNotifications.addListener('registration', ({ value }) => listener(value)),
    },
    devices: {
      add: async (token, platform) => {
        await apiClient.post('/devices', undefined, { query: { push_token: token, platform }, quiet: true });
      },
      // 'throw': a refused DELETE at logout must not start a second logout.
      remove: async (token) => {
        await apiClient.delete('/devices', { query: { push_token: token }, on401: 'throw', quiet: true });
      },
    },
  });
}

export interface NativeStartOptions {
  /** The router's navigate; the splash screen waits for it when a link opened the app. */
  navigate: (path: string) => void | Promise<void>;
  updates?: ContentUpdateService;
}

export async function startNative({ navigate, updates = capgoContentUpdates() }: NativeStartOptions): Promise<void> {
  session.setPushRegistrar(capacitorPushRegistrar());
  // Sign-in with Google, Apple and Microsoft, and the sign-out from them at logout.
  setFederatedSignIn(createNativeFederatedSignIn(FirebaseAuthentication));

  const updater = createLiveUpdater(updates, hideSplash);
  await App.addListener('appStateChange', ({ isActive }) => {
    void (isActive ? updater.onActive() : updater.onBackground());
  });
  // Confirms this bundle booted (else the updater rolls back), then checks for a newer one.
  void updater.onStart();

  // An app link opens the page it names; the splash screen goes once that page is on its way.
  const openAppLink = async (url: string | undefined): Promise<boolean> => {
    const path = url ? pathFromAppLink(url, APP_LINK_HOST) : null;
    if (path === null) return false;
    await navigate(path);
    return true;
  };
  await App.addListener('appUrlOpen', ({ url }) => {
    void openAppLink(url)
      .then((opened) => (opened ? hideSplash() : undefined))
      .catch((cause: unknown) => console.warn('Could not open the app link', cause));
  });

  await PushNotifications.addListener('pushNotificationReceived', (notification) => {
    const data = (notification.data ?? {}) as PushData;
    void handleForegroundPush(notification.title ?? 'Notification', notification.body ?? '', data, {
      ask: askAboutPush,
      markRead,
      navigate: (path) => void navigate(path),
    });
  });
  // A push tapped while the app was in the background (or closed) opens its nav_loc, else the notifications.
  await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const data = (notification.data ?? {}) as PushData;
    const notifyId = validNotifyId(data.notify_id);
    if (notifyId !== null) void markRead(notifyId).catch(() => undefined);
    void navigate(pushTarget(data));
  });

  // Launched by a link: its page first, then the splash screen goes.
  const launch = await App.getLaunchUrl().catch(() => undefined);
  await openAppLink(launch?.url).catch((cause: unknown) => console.warn('Could not open the launch link', cause));
  await hideSplash();
}
