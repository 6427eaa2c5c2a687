import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The host of the app's links, as the web build reads it (VITE_APP_LINK_HOST): a link to it opens
 * the path after the host in the app. The native projects name it too, once generated
 * (`npx cap add android|ios`): the Android manifest's intent filter for https://<host> with
 * android:autoVerify="true", and the iOS entitlement com.apple.developer.associated-domains with
 * applinks:<host>. The API at that host serves /.well-known/assetlinks.json and
 * /.well-known/apple-app-site-association (ANDROID_* and IOS_* variables) to confirm them.
 */
export const APP_LINK_HOST = process.env.VITE_APP_LINK_HOST || 'app.holeout.golf';

// The native shells load the built web app from dist; deep links use the app host above.
const config: CapacitorConfig = {
  appId: 'app.holeout',
  appName: 'Holeout',
  webDir: 'dist',
  plugins: {
    // Hidden by the app once it has started, or once a link that opened it has reached its page.
    SplashScreen: { launchAutoHide: false },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
    // Live updates in manual mode: the app decides when to check, download and apply
    // (src/app/native/live-update.ts). Checks go to the API's POST /v4/updates at PUBLIC_URL as it is
    // when the native projects are synced; LIVE_UPDATE_PUBLIC_KEY (PEM) when bundles are encrypted.
    // No stats endpoint exists, so none are sent; an unconfirmed boot rolls back after 10 s.
    CapacitorUpdater: {
      autoUpdate: false,
      updateUrl: `${(process.env.PUBLIC_URL ?? 'https://app.holeout.golf').replace(/\/+$/, '')}/v4/updates`,
      statsUrl: '',
      appReadyTimeout: 10_000,
      keepUrlPathAfterReload: false,
      autoDeleteFailed: true,
      autoDeletePrevious: true,
      ...(process.env.LIVE_UPDATE_PUBLIC_KEY ? { publicKey: process.env.LIVE_UPDATE_PUBLIC_KEY } : {}),
    },
  },
};

export default config;
