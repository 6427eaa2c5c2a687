import type { PaymentsSetup, PlanBody, PlansResponse } from '@holeout/contracts';
import { PLAN_CATALOGUE, planKey, SUBSCRIPTION_LEVELS, type Subscription, type SubscriptionStatus } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import SubscriptionsPage from './subscriptions-page.tsx';

/** The catalogue as GET /plans serves it; every plan sold on the web unless `notWeb` names it. */
function plansBody(payments: Partial<PaymentsSetup> = {}, notWeb: number[] = []): PlansResponse {
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
    web: !notWeb.includes(plan.index),
  }));
  return { plans, payments: { stripe: true, demo: false, iaptic: null, ...payments } };
}

function api(routes: Routes = {}, body: PlansResponse = plansBody()) {
  const fetchMock = createFetchMock({ 'GET /v4/plans': { json: body }, ...routes });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn({ isCoach = false, subscription = null }: { isCoach?: boolean; subscription?: Subscription | null } = {}) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser({ is_coach: isCoach }),
    subscription,
    subscriptionLoaded: true,
  });
}

/** Where the in-memory router is, so a test can see the demo query leave the address. */
function AddressProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="address">{`${pathname}${search}`}</div>;
}

function renderPage(route = '/subscriptions') {
  return renderWithProviders(
    <>
      <SubscriptionsPage />
      <AddressProbe />
    </>,
    { route },
  );
}

/** window.location.assign, watched: the page leaves the app for Stripe through it. */
function watchAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

const card = (name: string) => screen.getByRole('region', { name });
const prices = () => screen.getAllByTestId('price').map((price) => price.textContent);
const subscribeButtons = () => screen.getAllByRole('button', { name: /^Subscribe (to|monthly to|yearly to) / });

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

const PERIOD_END = '2026-12-25T12:00:00Z';

describe('Subscribe: the plans', () => {
  it("shows a player the players' plans with their savings, and the coaches' plans a tap away: all nine prices", async () => {
    api();
    const user = userEvent.setup();
    signIn();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Players' })).toBeChecked();

    const premium = await screen.findByRole('region', { name: 'Premium' });
    expect(prices()).toEqual(['$11.99', '$99.99', '$19.99', '$199.99']);
    expect(within(card('Basic')).getByText('Save 31%')).toBeInTheDocument();
    expect(within(premium).getByText('Save 17%')).toBeInTheDocument();
    expect(within(premium).getByText('per month')).toBeInTheDocument();
    expect(within(premium).getByText('per year')).toBeInTheDocument();
    // Each level lists only what it adds: Premium no longer repeats Basic, Basic none of what is free.
    const premiumAdds = within(premium).getByRole('list', { name: 'What Premium adds' });
    expect(premiumAdds).toHaveTextContent('AI Coach diagnosis of your weakest areas');
    expect(premiumAdds).not.toHaveTextContent('Everything in Basic');
    expect(within(premium).getByText('Everything in Basic, and:')).toBeInTheDocument();
    const basicAdds = within(card('Basic')).getByRole('list', { name: 'What Basic adds' });
    expect(
      within(basicAdds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['PDF reports of your statistics, downloaded or sent by e-mail', 'The history of your handicap index, with its chart']);
    expect(within(card('Basic')).getByText('On top of Free:')).toBeInTheDocument();
    const free = screen.getByRole('region', { name: 'Free' });
    expect(within(free).getByRole('list', { name: 'What every account has' })).toHaveTextContent('Strokes gained against six benchmarks');
    expect(within(free).getByRole('list', { name: 'What every account has' })).toHaveTextContent('Your handicap index');
    expect(within(premium).getByRole('button', { name: 'Subscribe monthly to Premium' })).toHaveTextContent('Subscribe monthly');
    expect(within(premium).getByRole('button', { name: 'Subscribe yearly to Premium' })).toHaveTextContent('Subscribe yearly');
    // Headings in order: the page, then one per card.
    expect(screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`)).toEqual([
      'H1 Subscribe',
      'H2 Free',
      'H2 Basic',
      'H2 Premium',
    ]);

    await user.click(screen.getByRole('radio', { name: 'Coaches and organisations' }));
    expect(prices()).toEqual(['$74.99', '$699.99', '$1,999.99', '$1,199.99', '$2,999.99']);
    const team = card('Team');
    expect(within(team).getByText('2 coach seats and 10 Premium player seats')).toBeInTheDocument();
    expect(within(team).getByText('Team with branding')).toBeInTheDocument();
    expect(within(team).getByText('Everything in Coach, and:')).toBeInTheDocument();
    expect(within(team).getByRole('list', { name: 'What Team adds' })).toHaveTextContent(
      "Branding puts your organisation's name, logo and colour in the app",
    );
    expect(within(card('Academy')).getByText('5 coach seats and 50 Premium player seats')).toBeInTheDocument();
    expect(within(card('Coach')).getByText('1 coach seat')).toBeInTheDocument();
    expect(subscribeButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Subscribe to Coach yearly',
      'Subscribe to Team yearly',
      'Subscribe to Team with branding yearly',
      'Subscribe to Academy yearly',
      'Subscribe to Academy with branding yearly',
    ]);
    for (const button of subscribeButtons()) expect(button).toBeEnabled();
    expect(screen.queryByText(/Demo payments/)).toBeNull();
  });

  it("opens on the coaches' plans for a coach", async () => {
    api();
    signIn({ isCoach: true });
    renderPage();
    expect(screen.getByRole('radio', { name: 'Coaches and organisations' })).toBeChecked();
    expect(await screen.findByRole('region', { name: 'Academy' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Premium' })).toBeNull();
  });

  it('posts the plan to Stripe checkout, shows the button loading meanwhile, and sends the browser to the answered address', async () => {
    let answer: (() => void) | null = null;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchMock = api({ 'POST /v4/payments/stripe/checkout': { json: { url: 'https://checkout.stripe.com/c/pay/cs_test_a1' } } });
    const held = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/payments/stripe/checkout')) await answered;
      return fetchMock(input, init);
    });
    vi.stubGlobal('fetch', held);
    const assign = watchAssign();
    const user = userEvent.setup();
    signIn();
    renderPage();
    const yearly = await screen.findByRole('button', { name: 'Subscribe yearly to Premium' });
    await user.click(yearly);

    await waitFor(() => expect(yearly).toHaveAttribute('data-loading'));
    expect(screen.getByRole('button', { name: 'Subscribe monthly to Premium' })).not.toHaveAttribute('data-loading');
    expect(assign).not.toHaveBeenCalled();
    answer!();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_a1'));
    const calls = callsTo(fetchMock, 'POST /v4/payments/stripe/checkout');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ plan: 3 });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('shows the reason for a refused checkout beside the buttons of that plan', async () => {
    api({
      'POST /v4/payments/stripe/checkout': {
        status: 409,
        json: { error: 'You already have a subscription. Use Manage subscription to change it.', code: 'CONFLICT' },
      },
    });
    const assign = watchAssign();
    const user = userEvent.setup();
    signIn();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Subscribe monthly to Basic' }));
    const alert = await within(card('Basic')).findByRole('alert');
    expect(alert).toHaveTextContent('The checkout could not be opened');
    expect(alert).toHaveTextContent('You already have a subscription. Use Manage subscription to change it.');
    expect(within(card('Premium')).queryByRole('alert')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says payments are not configured when the API answers PAYMENTS_NOT_CONFIGURED', async () => {
    api({ 'POST /v4/payments/stripe/checkout': { status: 503, json: { error: 'Service unavailable', code: 'PAYMENTS_NOT_CONFIGURED' } } });
    const user = userEvent.setup();
    signIn();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Subscribe yearly to Premium' }));
    expect(await within(card('Premium')).findByRole('alert')).toHaveTextContent('Payments are not configured on this server.');
  });

  it('shows the prices with the buttons off when the server takes no payments, and points app users to the app', async () => {
    api({}, plansBody({ stripe: false, demo: false, iaptic: { app_name: 'holeout', public_key: null } }));
    const user = userEvent.setup();
    signIn();
    renderPage();
    const note = await screen.findByRole('note', { name: 'Payments are not configured on this server.' });
    expect(note).toHaveTextContent('You can subscribe in the app.');
    expect(prices()).toEqual(['$11.99', '$99.99', '$19.99', '$199.99']);
    for (const button of subscribeButtons()) expect(button).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Coaches and organisations' }));
    expect(subscribeButtons()).toHaveLength(5);
    for (const button of subscribeButtons()) expect(button).toBeDisabled();
  });

  it('does not mention the app when in-app purchases are not configured either', async () => {
    api({}, plansBody({ stripe: false, demo: false, iaptic: null }));
    signIn();
    renderPage();
    const note = await screen.findByRole('note', { name: 'Payments are not configured on this server.' });
    expect(note).not.toHaveTextContent('in the app');
  });

  it('turns off only the plans this server does not sell on the web', async () => {
    api({}, plansBody({ stripe: true }, [2, 3]));
    signIn();
    renderPage();
    const premium = await screen.findByRole('region', { name: 'Premium' });
    expect(within(premium).getByRole('note', { name: 'Payments for this plan are not configured on this server.' })).toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Subscribe monthly to Premium' })).toBeDisabled();
    expect(within(premium).getByRole('button', { name: 'Subscribe yearly to Premium' })).toBeDisabled();
    expect(within(card('Basic')).getByRole('button', { name: 'Subscribe yearly to Basic' })).toBeEnabled();
    expect(within(card('Basic')).queryByRole('note')).toBeNull();
    expect(screen.queryByRole('note', { name: 'Payments are not configured on this server.' })).toBeNull();
  });

  it('says when the plans could not be loaded', async () => {
    api({ 'GET /v4/plans': { status: 500, json: { error: 'Internal error', code: 'INTERNAL' } } });
    signIn();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('The plans could not be loaded')).toBeInTheDocument();
  });
});

describe('Subscribe: the demo checkout and portal', () => {
  it('labels demo payments as simulated', async () => {
    api({}, plansBody({ stripe: false, demo: true }));
    signIn();
    renderPage();
    expect(await screen.findByText('Demo payments: checkout is simulated on this server; no card is charged.')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Payments are not configured on this server.' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Subscribe yearly to Premium' })).toBeEnabled();
  });

  it('pays the demo checkout named in the address, reloads access, clears the address and says what the user is on now', async () => {
    const paid = buildSubscription({ sub_id: 61, level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'ACTIVE', source: 'STRIPE', purchaser: 7 });
    const fetchMock = api({ 'POST /v4/payments/demo/checkout': { json: paid } }, plansBody({ stripe: false, demo: true }));
    const reloadAccess = vi.spyOn(session, 'reloadAccess').mockResolvedValue();
    const user = userEvent.setup();
    signIn();
    renderPage('/subscriptions?demo_checkout=cs_demo_abc123def&plan=3');

    const panel = screen.getByRole('region', { name: 'Demo checkout' });
    expect(panel).toHaveTextContent('No card and no money');
    expect(within(panel).getByTestId('demo-plan')).toHaveTextContent('Premium, yearly: $199.99 per year');
    await user.click(within(panel).getByRole('button', { name: 'Pay $199.99 (demo)' }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('You are now on Premium');
    expect(confirmation).toHaveFocus();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/payments/demo/checkout')[0]!.init.body))).toEqual({
      session: 'cs_demo_abc123def',
    });
    expect(reloadAccess).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/subscriptions$/));
    expect(screen.queryByRole('region', { name: 'Demo checkout' })).toBeNull();
    // The answer is the user's subscription at once, before the reload lands.
    expect(session.store.get().subscription).toEqual(paid);
    expect(within(card('Your subscription')).getByTestId('current-plan')).toHaveTextContent('Plan: Premium');
  });

  it('keeps the demo checkout open with the reason when the payment is refused', async () => {
    api(
      { 'POST /v4/payments/demo/checkout': { status: 404, json: { error: 'That demo checkout has expired.', code: 'NOT_FOUND' } } },
      plansBody({ demo: true }),
    );
    const reloadAccess = vi.spyOn(session, 'reloadAccess').mockResolvedValue();
    const user = userEvent.setup();
    signIn();
    renderPage('/subscriptions?demo_checkout=cs_demo_abc123def&plan=0');
    const panel = screen.getByRole('region', { name: 'Demo checkout' });
    await user.click(await within(panel).findByRole('button', { name: 'Pay $11.99 (demo)' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('That demo checkout has expired.');
    expect(reloadAccess).not.toHaveBeenCalled();
    expect(screen.getByTestId('address')).toHaveTextContent('demo_checkout=cs_demo_abc123def');
  });

  it('cancels the demo checkout by clearing the address', async () => {
    const fetchMock = api({}, plansBody({ demo: true }));
    const user = userEvent.setup();
    signIn();
    renderPage('/subscriptions?demo_checkout=cs_demo_abc123def&plan=7');
    const panel = screen.getByRole('region', { name: 'Demo checkout' });
    expect(within(panel).getByTestId('demo-plan')).toHaveTextContent('Team with branding, yearly: $1,999.99 per year');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Demo checkout' })).toBeNull());
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/subscriptions$/);
    expect(callsTo(fetchMock, 'POST /v4/payments/demo/checkout')).toHaveLength(0);
  });

  it('refuses a demo address that does not name a demo session', async () => {
    const fetchMock = api({}, plansBody({ demo: true }));
    signIn();
    renderPage('/subscriptions?demo_checkout=cs_live_nope&plan=3');
    expect(screen.getByText('This demo address is not valid. Start again from the plans below.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(callsTo(fetchMock, 'POST /v4/payments/demo/checkout')).toHaveLength(0);
  });

  it('runs the demo portal actions, reloading access after each', async () => {
    let status: SubscriptionStatus = 'ACTIVE';
    const fetchMock = api(
      {
        'POST /v4/payments/demo/portal': ({ init }) => {
          const { action } = JSON.parse(String(init.body)) as { action: string };
          status = action === 'cancel_at_period_end' ? 'ACTIVE_EXPIRING' : action === 'renew' ? 'ACTIVE' : 'EXPIRED';
          return { json: buildSubscription({ status, expires_at: PERIOD_END, renews: action !== 'cancel_at_period_end' }) };
        },
      },
      plansBody({ demo: true }),
    );
    const reloadAccess = vi.spyOn(session, 'reloadAccess').mockResolvedValue();
    const user = userEvent.setup();
    signIn({ subscription: buildSubscription({ expires_at: PERIOD_END }) });
    renderPage('/subscriptions?demo_portal=bps_demo_xyz12345');
    const panel = screen.getByRole('region', { name: 'Demo subscription settings' });
    expect(within(card('Your subscription')).getByTestId('current-period')).toHaveTextContent('Renews on 12/25/26');
    // While it renews there is nothing to resume.
    expect(within(panel).queryByRole('button', { name: 'Resume renewal' })).toBeNull();

    // The button says when the subscription would end.
    await user.click(within(panel).getByRole('button', { name: 'Cancel at period end (12/25/26)' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Your subscription will not renew');
    expect(within(card('Your subscription')).getByTestId('current-status')).toHaveTextContent('Status: Active; will not renew');
    expect(within(card('Your subscription')).getByTestId('current-period')).toHaveTextContent('Ends on 12/25/26');
    // Done once, it cannot be pressed twice: Resume renewal takes its place.
    expect(within(panel).queryByRole('button', { name: /^Cancel at period end/ })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Resume renewal' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Your subscription renews again'));

    // End now asks first; Keep it sends nothing.
    await user.click(within(panel).getByRole('button', { name: 'End now' }));
    expect(within(panel).getByText('End your subscription now?')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Keep it' }));
    expect(within(panel).queryByText('End your subscription now?')).toBeNull();
    expect(callsTo(fetchMock, 'POST /v4/payments/demo/portal')).toHaveLength(2);
    await user.click(within(panel).getByRole('button', { name: 'End now' }));
    await user.click(within(panel).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Your subscription has ended.'));
    expect(within(card('Your subscription')).getByTestId('current-status')).toHaveTextContent('Status: Ended');

    expect(callsTo(fetchMock, 'POST /v4/payments/demo/portal').map(({ init }) => JSON.parse(String(init.body)))).toEqual([
      { session: 'bps_demo_xyz12345', action: 'cancel_at_period_end' },
      { session: 'bps_demo_xyz12345', action: 'renew' },
      { session: 'bps_demo_xyz12345', action: 'cancel_now' },
    ]);
    expect(reloadAccess).toHaveBeenCalledTimes(3);

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Demo subscription settings' })).toBeNull());
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/subscriptions$/);
  });
});

describe('Subscribe: your plan', () => {
  it('marks the plan the subscription was bought as and does not offer it again; the other plans stay on offer', async () => {
    api({}, plansBody({ demo: true }));
    const premiumYearly = PLAN_CATALOGUE.find((plan) => plan.level === SUBSCRIPTION_LEVELS.PREMIUM && plan.period === 12)!;
    signIn({ subscription: buildSubscription({ plan_index: premiumYearly.index, expires_at: PERIOD_END }) });
    renderPage('/subscriptions');
    const premium = await screen.findByRole('region', { name: 'Premium' });
    expect(within(premium).getByText('Your plan')).toBeInTheDocument();
    expect(within(premium).getByTestId('current-plan-note')).toHaveTextContent('You are on Premium yearly');
    expect(within(premium).queryByRole('button', { name: 'Subscribe yearly to Premium' })).toBeNull();
    expect(within(premium).getByRole('button', { name: 'Subscribe monthly to Premium' })).toBeInTheDocument();
  });
});

describe('Subscribe: your subscription', () => {
  it('is not shown without a subscription', async () => {
    api();
    signIn();
    renderPage();
    await screen.findByRole('region', { name: 'Premium' });
    expect(screen.queryByRole('region', { name: 'Your subscription' })).toBeNull();
  });

  it.each<[SubscriptionStatus, string]>([
    ['ACTIVE', 'Active'],
    ['ACTIVE_EXPIRING', 'Active; will not renew'],
    ['ACTIVE_GRACE', 'Payment failed: still active while the payment is retried'],
    ['ON_HOLD', 'On hold: payment failed, access paused'],
    ['EXPIRED', 'Ended'],
    ['INVALID', 'Not valid (refunded or revoked)'],
  ])('says %s in words', async (status, words) => {
    api();
    signIn({ subscription: buildSubscription({ status, level: SUBSCRIPTION_LEVELS.BASIC }) });
    renderPage();
    const current = card('Your subscription');
    expect(within(current).getByTestId('current-status')).toHaveTextContent(`Status: ${words}`);
    expect(within(current).getByTestId('current-status').textContent).toBe(`Status: ${words}`);
    expect(within(current).getByTestId('current-plan')).toHaveTextContent('Plan: Basic');
    expect(within(current).getByTestId('current-origin')).toHaveTextContent('Bought on the web');
    expect(within(current).getByRole('button', { name: 'Manage subscription' })).toBeInTheDocument();
  });

  it('opens the Stripe portal from Manage subscription', async () => {
    const fetchMock = api({ 'POST /v4/payments/stripe/portal': { json: { url: 'https://billing.stripe.com/p/session/test_1' } } });
    const assign = watchAssign();
    const user = userEvent.setup();
    signIn({ subscription: buildSubscription() });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
    expect(callsTo(fetchMock, 'POST /v4/payments/stripe/portal')[0]!.init.body).toBeUndefined();
  });

  it('shows why the portal could not be opened', async () => {
    api({
      'POST /v4/payments/stripe/portal': {
        status: 404,
        json: { error: 'No subscription bought on the web was found.', code: 'NOT_FOUND' },
      },
    });
    const assign = watchAssign();
    const user = userEvent.setup();
    signIn({ subscription: buildSubscription() });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    expect(await within(card('Your subscription')).findByRole('alert')).toHaveTextContent('No subscription bought on the web was found.');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each<[Partial<Subscription>, string, string]>([
    [{ source: 'IAPTIC_IOS' }, 'Bought in the App Store', 'Manage it in the App Store'],
    [{ source: 'IAPTIC_ANDROID' }, 'Bought on Google Play', 'Manage it in Google Play'],
    [
      { source: 'OTHER', purchaser: 12 },
      "From your organisation's plan",
      "Your seat comes with the organisation's subscription; its purchaser manages it.",
    ],
    [{ source: 'STRIPE', purchaser: 12 }, "From your organisation's plan", 'its purchaser manages it'],
    [{ source: 'OTHER', purchaser: 7 }, 'Given to you by Holeout', 'There is nothing to pay or manage.'],
  ])('sends a subscription from %o where it is managed', async (fields, origin, how) => {
    api();
    signIn({ subscription: buildSubscription(fields) });
    renderPage();
    const current = card('Your subscription');
    expect(within(current).getByTestId('current-origin')).toHaveTextContent(origin);
    expect(current).toHaveTextContent(how);
    expect(within(current).queryByRole('button', { name: 'Manage subscription' })).toBeNull();
  });

  it('links to the store that sold it', async () => {
    api();
    signIn({ subscription: buildSubscription({ source: 'IAPTIC_IOS' }) });
    renderPage();
    expect(screen.getByRole('link', { name: /App Store subscriptions/ })).toHaveAttribute(
      'href',
      'https://apps.apple.com/account/subscriptions',
    );
  });
});

describe('back from Stripe Checkout', () => {
  it('?checkout=success says the payment was received, reads access again and clears the address', async () => {
    api();
    signIn();
    const reloadAccess = vi.spyOn(session, 'reloadAccess').mockResolvedValue();
    renderPage('/subscriptions?checkout=success');
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/subscriptions$/));
    expect(reloadAccess).toHaveBeenCalled();
  });

  it('?checkout=cancelled says nothing was charged and reads nothing again', async () => {
    api();
    signIn();
    const reloadAccess = vi.spyOn(session, 'reloadAccess').mockResolvedValue();
    renderPage('/subscriptions?checkout=cancelled');
    expect(await screen.findByText('Nothing was charged.')).toBeInTheDocument();
    expect(reloadAccess).not.toHaveBeenCalled();
  });
});
