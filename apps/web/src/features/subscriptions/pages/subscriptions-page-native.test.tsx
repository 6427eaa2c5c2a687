import type { PlanBody, PlansResponse } from '@holeout/contracts';
import { PLAN_CATALOGUE, planKey } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';

// The mobile app on iOS, with the store plugin replaced by a fake that records the orders.
vi.mock('@capacitor/core', async (original) => ({
  ...(await original<object>()),
  Capacitor: { isNativePlatform: () => true, getPlatform: () => 'ios' },
}));
const ordered: string[] = [];
const started: Array<{ platform: string; productIds: readonly string[]; iaptic: unknown }> = [];
vi.mock('../native/store-purchases.ts', () => ({
  startCapacitorPurchases: vi.fn(async (options: { platform: string; productIds: readonly string[]; iaptic: unknown }) => {
    started.push(options);
    return {};
  }),
  orderMobilePlan: vi.fn(async (_store: unknown, productId: string) => {
    ordered.push(productId);
    return productId === 'basic' ? 'Cancelled by the user' : null;
  }),
}));

const { default: SubscriptionsPage } = await import('./subscriptions-page.tsx');

function plansBody(): PlansResponse {
  const plans: PlanBody[] = PLAN_CATALOGUE.map((plan) => ({
    index: plan.index,
    key: planKey(plan),
    mobile_id: plan.mobile_id ?? null,
    level: plan.level,
    is_coach: plan.is_coach,
    period: plan.period,
    price: plan.price,
    num_coach: plan.num_coach,
    num_basic: plan.num_basic,
    num_premium: plan.num_premium,
    has_branding: plan.has_branding ?? false,
    web: true,
  }));
  return { plans, payments: { stripe: true, demo: false, iaptic: { app_name: 'com.holeout.app', public_key: 'pub-1' } } };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.store.set(LOGGED_OUT_STATE);
  ordered.length = 0;
});

describe('the Subscribe page in the mobile app', () => {
  it('buys store plans in the App Store, never through Stripe, and says why an order did not go through', async () => {
    const fetchMock = createFetchMock({ 'GET /v4/plans': { json: plansBody() } });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'tok-1');
    session.store.set({
      ...LOGGED_OUT_STATE,
      status: 'loggedIn',
      user: buildUser({ is_coach: true }),
      subscription: null,
      subscriptionLoaded: true,
    });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionsPage />, { route: '/subscriptions' });

    await user.click(await screen.findByRole('button', { name: 'Subscribe to Coach yearly' }));
    await waitFor(() => expect(ordered).toEqual(['coach_yearly']));
    expect(started[0]).toMatchObject({
      platform: 'ios',
      productIds: ['basic', 'basic_yearly', 'premium', 'premium_yearly', 'coach_yearly'],
      iaptic: { appName: 'com.holeout.app', publicKey: 'pub-1' },
    });
    expect(callsTo(fetchMock, 'POST /v4/payments/stripe/checkout')).toHaveLength(0);

    // Team and academy are not in the stores: their buttons are off, and the card says where to buy them.
    const team = screen.getByRole('region', { name: 'Team' });
    for (const button of within(team).getAllByRole('button')) expect(button).toBeDisabled();
    expect(within(team).getByText('Team and academy plans are bought on the web.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Players' }));
    await user.click(await screen.findByRole('button', { name: 'Subscribe monthly to Basic' }));
    expect(await screen.findByText('Cancelled by the user')).toBeInTheDocument();
    expect(ordered).toEqual(['coach_yearly', 'basic']);
  });
});
