import { describe, expect, it, vi } from 'vitest';
import { iapticValidatorUrl, orderMobilePlan, startInAppPurchases, type InAppStore } from './store-purchases.ts';

/** A store that records what it is told and lets the test play the store's part. */
function fakeStore(offers: Record<string, { message?: string } | undefined | 'missing'> = {}) {
  const approved: Array<(t: { verify(): Promise<unknown> }) => void> = [];
  const verified: Array<(r: { finish(): Promise<unknown> }) => void> = [];
  const store: InAppStore & { registered: unknown[]; platforms: string[] } = {
    validator: undefined,
    registered: [],
    platforms: [],
    register(products) {
      this.registered.push(...products);
    },
    async initialize(platforms) {
      this.platforms = platforms;
      return [];
    },
    when() {
      return { approved: (cb) => approved.push(cb), verified: (cb) => verified.push(cb) };
    },
    get(productId) {
      const answer = offers[productId];
      if (answer === 'missing') return undefined;
      return { getOffer: () => ({ order: async () => answer }) };
    },
    restorePurchases: async () => undefined,
  };
  return { store, approved, verified };
}

const setup = (store: InAppStore, uid: number | null, onVerified = vi.fn()) => ({
  store,
  platform: 'ios-appstore' as const,
  subscriptionType: 'paid subscription',
  productIds: ['basic', 'basic_yearly', 'premium', 'premium_yearly', 'coach_yearly'],
  iaptic: { appName: 'com.holeout.app', publicKey: 'pub-123' },
  uid: () => uid,
  onVerified,
});

describe('in-app purchases', () => {
  it('validates with iaptic by its public key', () => {
    expect(iapticValidatorUrl({ appName: 'com.holeout.app', publicKey: 'pub 1' })).toBe(
      'https://validator.iaptic.com/v1/validate?appName=com.holeout.app&apiKey=pub%201',
    );
  });

  it('registers the five mobile products as subscriptions, names the buyer by uid, and starts the platform', async () => {
    const { store } = fakeStore();
    await startInAppPurchases(setup(store, 42));
    expect(store.registered).toEqual(
      ['basic', 'basic_yearly', 'premium', 'premium_yearly', 'coach_yearly'].map((id) => ({
        id,
        type: 'paid subscription',
        platform: 'ios-appstore',
      })),
    );
    expect(store.platforms).toEqual(['ios-appstore']);
    expect(store.validator).toContain('apiKey=pub-123');
    expect((store.applicationUsername as () => string | undefined)()).toBe('42');
  });

  it('names nobody when signed out (uid -1 or none)', async () => {
    const { store } = fakeStore();
    await startInAppPurchases(setup(store, -1));
    expect((store.applicationUsername as () => string | undefined)()).toBeUndefined();
  });

  it('verifies approved transactions and, once verified, finishes them and reloads access', async () => {
    const { store, approved, verified } = fakeStore();
    const onVerified = vi.fn();
    await startInAppPurchases(setup(store, 42, onVerified));
    const verify = vi.fn(async () => undefined);
    approved[0]!({ verify });
    expect(verify).toHaveBeenCalledOnce();
    const finish = vi.fn(async () => undefined);
    verified[0]!({ finish });
    expect(finish).toHaveBeenCalledOnce();
    expect(onVerified).toHaveBeenCalledOnce();
  });

  it('orders a plan, and says why when it cannot', async () => {
    const { store } = fakeStore({ premium: undefined, basic: { message: 'Cancelled by the user' }, coach_yearly: 'missing' });
    expect(await orderMobilePlan(store, 'premium', 'ios-appstore')).toBeNull();
    expect(await orderMobilePlan(store, 'basic', 'ios-appstore')).toBe('Cancelled by the user');
    expect(await orderMobilePlan(store, 'coach_yearly', 'ios-appstore')).toBe('This plan is not available in the store right now.');
  });
});
