import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody, DemoCheckoutBody, DemoPortalBody, RedirectResponse } from '@holeout/contracts';
import type { Subscription } from '@holeout/golf';
import { ApiError, apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/** The message a payment call's failure shows beside its button. */
export function paymentErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.code === 'PAYMENTS_NOT_CONFIGURED') return 'Payments are not configured on this server.';
  return error.message;
}

/** Leaves the app for Stripe (or the demo stand-in): a full page load, as Stripe Checkout needs. */
export function sendBrowserTo(url: string): void {
  window.location.assign(url);
}

/**
 * POST /payments/stripe/checkout: where to pay for the plan (Stripe Checkout, or this page's demo
 * checkout). 409 while the user has an active subscription bought on the web; 503 when payments are
 * not configured. Quiet: the plan's card shows the reason beside its buttons.
 */
export function startCheckout(plan: number): Promise<RedirectResponse> {
  const body: CheckoutBody = { plan };
  return apiClient.post<RedirectResponse>('/payments/stripe/checkout', body, {
    quiet: true,
    fallbackMessage: 'The checkout could not be opened. Please try again.',
  });
}

/** POST /payments/stripe/portal: Stripe's customer portal (change plan, cancel). 404 without a Stripe customer. Quiet. */
export function openPortal(): Promise<RedirectResponse> {
  return apiClient.post<RedirectResponse>('/payments/stripe/portal', undefined, {
    quiet: true,
    fallbackMessage: 'The subscription settings could not be opened. Please try again.',
  });
}

/** POST /payments/demo/checkout (DEMO_PAYMENTS=true): pays the demo checkout session; answers the new subscription. Quiet. */
export function payDemoCheckout(checkoutSession: string): Promise<Subscription> {
  const body: DemoCheckoutBody = { session: checkoutSession };
  return apiClient.post<Subscription>('/payments/demo/checkout', body, {
    quiet: true,
    fallbackMessage: 'The demo payment failed. Please try again.',
  });
}

/** POST /payments/demo/portal (DEMO_PAYMENTS=true): what Stripe's portal would do to the subscription; answers it. Quiet. */
export function runDemoPortalAction(body: DemoPortalBody): Promise<Subscription> {
  return apiClient.post<Subscription>('/payments/demo/portal', body, {
    quiet: true,
    fallbackMessage: 'The change could not be made. Please try again.',
  });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout, onSuccess: ({ url }) => sendBrowserTo(url) });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal, onSuccess: ({ url }) => sendBrowserTo(url) });
}

/**
 * A changed subscription changes the user's access everywhere (menu, premium pages, organisations):
 * show the answer at once, then read the user, subscription and branding again.
 */
function useApplySubscription() {
  const queryClient = useQueryClient();
  return async (subscription: Subscription) => {
    session.store.set((state) => ({ ...state, subscription, subscriptionLoaded: true }));
    await session.reloadAccess().catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: ['orgs'], refetchType: 'none' });
  };
}

export function usePayDemoCheckout() {
  const applySubscription = useApplySubscription();
  return useMutation({ mutationFn: payDemoCheckout, onSuccess: applySubscription });
}

export function useDemoPortalAction() {
  const applySubscription = useApplySubscription();
  return useMutation({ mutationFn: runDemoPortalAction, onSuccess: applySubscription });
}
