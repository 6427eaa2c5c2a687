import type { CapacitorConfig } from '@capacitor/cli';

// The native shells load the built web app from dist; deep links use the app host below.
const config: CapacitorConfig = {
  appId: 'app.holeout',
  appName: 'Holeout',
  webDir: 'dist',
  plugins: {
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
