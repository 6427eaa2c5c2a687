import { Capacitor } from '@capacitor/core';
import { useMutation } from '@tanstack/react-query';
import type { PaymentsSetup } from '@holeout/contracts';
import { orderMobilePlan, startCapacitorPurchases, type InAppStore } from '../native/store-purchases.ts';
import { session } from '../../../lib/session/session.ts';

/** The app store this runs under: the mobile app on iOS or Android; null in a browser. */
export function storePlatform(): 'ios' | 'android' | null {
  if (!Capacitor.isNativePlatform()) return null;
  const platform = Capacitor.getPlatform();
  return platform === 'ios' || platform === 'android' ? platform : null;
}

/** The five products the App Store and Google Play sell (the mobile ids of the plan catalogue). */
const MOBILE_PRODUCTS = ['basic', 'basic_yearly', 'premium', 'premium_yearly', 'coach_yearly'] as const;

let started: { key: string; store: Promise<InAppStore> } | null = null;

/** Starts the store once per app run (and iaptic configuration). */
function storeFor(platform: 'ios' | 'android', iaptic: NonNullable<PaymentsSetup['iaptic']>): Promise<InAppStore> {
  const key = `${platform}:${iaptic.app_name}`;
  if (!started || started.key !== key) {
    const store = startCapacitorPurchases({
      platform,
      productIds: MOBILE_PRODUCTS,
      iaptic: { appName: iaptic.app_name, publicKey: iaptic.public_key ?? '' },
      uid: () => session.store.get().user.uid,
      // iaptic has told the API (its webhook) by the time the receipt is verified, or soon after.
      onVerified: () => {
        void session.reloadAccess();
        setTimeout(() => void session.reloadAccess(), 5_000);
      },
    });
    // A store that failed to start is tried again next time.
    store.catch(() => {
      started = null;
    });
    started = { key, store };
  }
  return started.store;
}

/** Buys a plan in the App Store or Google Play (the mobile app); the error says why when the store did not take the order. */
export function useStoreCheckout(iaptic: PaymentsSetup['iaptic']) {
  return useMutation<void, Error, string>({
    mutationFn: async (productId) => {
      const platform = storePlatform();
      if (!platform || !iaptic) throw new Error('In-app purchases are not available here.');
      const store = await storeFor(platform, iaptic);
      const problem = await orderMobilePlan(store, productId, platform === 'ios' ? 'ios-appstore' : 'android-playstore');
      if (problem) throw new Error(problem);
    },
  });
}
