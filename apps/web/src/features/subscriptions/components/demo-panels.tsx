import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { demoCheckoutBody, type DemoPortalAction } from '@holeout/contracts';
import { formatDate, isActiveStatus, type Subscription } from '@holeout/golf';
import { useId, useRef, useState } from 'react';
import { DANGER } from '../../../lib/theme.ts';
import { paymentErrorMessage, useDemoPortalAction, usePayDemoCheckout } from '../api/checkout.ts';
import { formatPrice, periodEndText, perPeriod, periodWord, planTitle, subscriptionStatusText, type PricedPlan } from '../lib/plan-copy.ts';

/** A demo checkout or portal session id as the API names them (cs_demo_…, bps_demo_…): anything else is a broken link. */
const isDemoSession = (id: string): boolean => demoCheckoutBody.shape.session.safeParse(id).success;

/** The plan a demo checkout shows: name, period and price. */
export type DemoPlan = PricedPlan;

function DemoLabel({ children }: { children: string }) {
  return (
    <Alert color="gray" variant="light" role="note" icon={<IconFlask size={18} aria-hidden />} p="xs">
      <Text size="sm">{children}</Text>
    </Alert>
  );
}

function InvalidDemoLink({ headingId, title, onClose }: { headingId: string; title: string; onClose: () => void }) {
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        <Text size="sm">This demo address is not valid. Start again from the plans below.</Text>
        <Button variant="default" size="md" h={48} fullWidth onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The demo checkout (DEMO_PAYMENTS=true): a local stand-in for Stripe Checkout. No card, no money;
 * paying makes the API send itself the same signed webhook Stripe would.
 */
export function DemoCheckoutPanel({
  checkoutSession,
  plan,
  onPaid,
  onClose,
}: {
  checkoutSession: string;
  plan: DemoPlan | undefined;
  onPaid: (subscription: Subscription) => void;
  onClose: () => void;
}) {
  const pay = usePayDemoCheckout();
  const headingId = useId();
  if (!isDemoSession(checkoutSession)) {
    return <InvalidDemoLink headingId={headingId} title="Demo checkout" onClose={onClose} />;
  }
  const price = plan ? formatPrice(plan.price) : null;
  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="demo-checkout">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Demo checkout
        </Title>
        <DemoLabel>No card and no money: a local stand-in for Stripe Checkout that sends the same signed webhook Stripe would.</DemoLabel>
        {plan ? (
          <Text size="sm" data-testid="demo-plan">
            <b>
              {planTitle(plan)}, {periodWord(plan.period)}
            </b>
            : {price} {perPeriod(plan.period)}
          </Text>
        ) : (
          <Text size="sm">The plan is the one chosen on the previous page.</Text>
        )}
        {pay.error && (
          <Alert color={DANGER} variant="light" title="Not paid">
            {paymentErrorMessage(pay.error)}
          </Alert>
        )}
        <Stack gap="xs">
          <Button size="md" h={48} fullWidth loading={pay.isPending} onClick={() => pay.mutate(checkoutSession, { onSuccess: onPaid })}>
            {price ? `Pay ${price} (demo)` : 'Pay (demo)'}
          </Button>
          <Button variant="default" size="md" h={48} fullWidth disabled={pay.isPending} onClick={onClose}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

const PORTAL_ACTIONS: { action: DemoPortalAction; label: string; done: string }[] = [
  {
    action: 'cancel_at_period_end',
    label: 'Cancel at period end',
    done: 'Your subscription will not renew; it stays active until the end of the period paid for.',
  },
  { action: 'renew', label: 'Resume renewal', done: 'Your subscription renews again at the end of the period.' },
  { action: 'cancel_now', label: 'End now', done: 'Your subscription has ended.' },
];

/**
 * What the portal offers for the subscription as it is: cancelling at the period end only while it
 * renews (once pressed it is done, and Resume renewal takes its place), resuming only when it does not.
 */
function actionOffered(action: DemoPortalAction, subscription: Subscription | null): boolean {
  if (!subscription || !isActiveStatus(subscription.status)) return action !== 'renew';
  if (action === 'cancel_at_period_end') return subscription.renews;
  if (action === 'renew') return !subscription.renews;
  return true;
}

/** The demo customer portal (DEMO_PAYMENTS=true): what Stripe's portal would let the subscriber do. */
export function DemoPortalPanel({
  portalSession,
  subscription,
  onClose,
}: {
  portalSession: string;
  subscription: Subscription | null;
  onClose: () => void;
}) {
  const portal = useDemoPortalAction();
  const [done, setDone] = useState<string | null>(null);
  // Ending at once loses what the plan unlocks: asked once more before it is sent.
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  if (!isDemoSession(portalSession)) {
    return <InvalidDemoLink headingId={headingId} title="Demo subscription settings" onClose={onClose} />;
  }

  function run(action: DemoPortalAction, doneMessage: string) {
    if (action === 'cancel_now' && !confirmingEnd) {
      setConfirmingEnd(true);
      return;
    }
    setConfirmingEnd(false);
    setDone(null);
    // The pressed button is disabled while it loads and focus would fall to the page: it goes to the outcome instead.
    portal.mutate(
      { session: portalSession, action },
      { onSuccess: () => setDone(doneMessage), onSettled: () => requestAnimationFrame(() => statusRef.current?.focus()) },
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="demo-portal">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Demo subscription settings
        </Title>
        <DemoLabel>
          No card and no money: a local stand-in for Stripe's customer portal that sends the same signed webhook Stripe would.
        </DemoLabel>
        {subscription && (
          <Text size="sm">
            <b>{planTitle(subscription)}</b>: {subscriptionStatusText(subscription.status)}
            {periodEndText(subscription) && `. ${periodEndText(subscription)}`}
          </Text>
        )}
        {/* Mounted from the start, so screen readers announce what is put in it. */}
        <Text size="sm" role="status" ref={statusRef} tabIndex={-1}>
          {done ?? ''}
        </Text>
        {portal.error && (
          <Alert color={DANGER} variant="light" title="Nothing changed">
            {paymentErrorMessage(portal.error)}
          </Alert>
        )}
        <Stack gap="xs">
          {confirmingEnd && (
            <Alert color={DANGER} variant="outline" title="End your subscription now?">
              What it unlocks goes at once, and the rest of the period is not refunded here. Press End now again to end it, or Keep it.
            </Alert>
          )}
          {PORTAL_ACTIONS.filter(({ action }) => actionOffered(action, subscription)).map(({ action, label, done: doneMessage }) => (
            <Button
              key={action}
              variant={action === 'cancel_now' ? 'outline' : 'filled'}
              color={action === 'cancel_now' ? DANGER : undefined}
              size="md"
              h={48}
              fullWidth
              loading={portal.isPending && portal.variables.action === action}
              disabled={portal.isPending && portal.variables.action !== action}
              onClick={() => run(action, doneMessage)}
            >
              {action === 'cancel_at_period_end' && subscription?.expires_at ? `${label} (${formatDate(subscription.expires_at)})` : label}
            </Button>
          ))}
          {confirmingEnd && (
            <Button variant="default" size="md" h={48} fullWidth onClick={() => setConfirmingEnd(false)}>
              Keep it
            </Button>
          )}
          <Button variant="default" size="md" h={48} fullWidth disabled={portal.isPending} onClick={onClose}>
            Done
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
