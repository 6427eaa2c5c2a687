/**
 * In-app purchases in the mobile app (issue 11): the App Store and Google Play through
 * capacitor-plugin-cdv-purchase 13, receipts validated by iaptic. The app only starts a purchase
 * and hands the receipt to iaptic; iaptic tells the API (POST /v4/payments/iaptic/webhook) and the
 * API re-reads the purchases from iaptic, so access changes on the server, never from the app's word.
 * The store is passed in, so this runs in tests with a fake and in the app with the plugin's.
 */

/** The part of CdvPurchase.Store this uses. */
export interface InAppStore {
  applicationUsername?: string | (() => string | undefined);
  validator: unknown;
  register(products: Array<{ id: string; type: string; platform: string }>): void;
  initialize(platforms: string[]): Promise<unknown[]>;
  when(): {
    approved(cb: (transaction: { verify(): Promise<unknown> }) => void): unknown;
    verified(cb: (receipt: { finish(): Promise<unknown> }) => void): unknown;
  };
  get(productId: string, platform?: string): { getOffer(): { order(): Promise<{ message?: string } | undefined> } | undefined } | undefined;
  restorePurchases(): Promise<{ message?: string } | undefined>;
}

export interface InAppSetup {
  store: InAppStore;
  /** 'ios-appstore' or 'android-playstore' (CdvPurchase.Platform values). */
  platform: 'ios-appstore' | 'android-playstore';
  /** CdvPurchase.ProductType.PAID_SUBSCRIPTION. */
  subscriptionType: string;
  /** The mobile product ids of the plan catalogue. */
  productIds: readonly string[];
  iaptic: { appName: string; publicKey: string; url?: string };
  /** The signed-in user's uid: iaptic's application username, which the webhook reads back. */
  uid: () => number | null;
  /** After iaptic verified a purchase: the server has heard or soon will; read access again. */
  onVerified: () => void;
}

/** iaptic's receipt validator address for the app (its public key, never the secret). */
export function iapticValidatorUrl(iaptic: InAppSetup['iaptic']): string {
  const base = (iaptic.url ?? 'https://validator.iaptic.com').replace(/\/+$/, '');
  return `${base}/v1/validate?appName=${encodeURIComponent(iaptic.appName)}&apiKey=${encodeURIComponent(iaptic.publicKey)}`;
}

/** Registers the products, points validation at iaptic, and starts the store. */
export async function startInAppPurchases(setup: InAppSetup): Promise<void> {
  const { store } = setup;
  store.applicationUsername = () => {
    const uid = setup.uid();
    return uid !== null && uid > 0 ? String(uid) : undefined;
  };
  store.validator = iapticValidatorUrl(setup.iaptic);
  store.register(setup.productIds.map((id) => ({ id, type: setup.subscriptionType, platform: setup.platform })));
  store.when().approved((transaction) => void transaction.verify());
  store.when().verified((receipt) => {
    void receipt.finish();
    setup.onVerified();
  });
  await store.initialize([setup.platform]);
}

/** Starts the purchase of a plan by its mobile product id; answers an error message, or null once the store took the order. */
export async function orderMobilePlan(store: InAppStore, productId: string, platform: InAppSetup['platform']): Promise<string | null> {
  const offer = store.get(productId, platform)?.getOffer();
  if (!offer) return 'This plan is not available in the store right now.';
  const error = await offer.order();
  return error ? (error.message ?? 'The purchase did not go through.') : null;
}

/** Loads the plugin and starts it (native only; a dynamic import keeps it out of the web bundle). */
export async function startCapacitorPurchases(
  options: Omit<InAppSetup, 'store' | 'subscriptionType' | 'platform'> & { platform: 'ios' | 'android' },
): Promise<InAppStore> {
  const plugin = await import('capacitor-plugin-cdv-purchase');
  const platform = options.platform === 'ios' ? plugin.Platform.APPLE_APPSTORE : plugin.Platform.GOOGLE_PLAY;
  const store = plugin.store as unknown as InAppStore;
  await startInAppPurchases({
    ...options,
    store,
    platform: platform as InAppSetup['platform'],
    subscriptionType: plugin.ProductType.PAID_SUBSCRIPTION,
  });
  return store;
}
