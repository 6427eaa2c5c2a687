import type { CapacitorConfig } from '@capacitor/cli';

// The native shells load the built web app from dist; deep links use the app host below.
const config: CapacitorConfig = {
  appId: 'app.holeout',
  appName: 'Holeout',
  webDir: 'dist',
  plugins: {
    SplashScreen: { launchAutoHide: false },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
