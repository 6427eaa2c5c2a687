import { Alert, Card, List, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck } from '@tabler/icons-react';
import type { PlanBody, PlansResponse } from '@holeout/contracts';
import { PLAN_CATALOGUE, SUBSCRIPTION_LEVELS, type Subscription } from '@holeout/golf';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { session } from '../../../lib/session/session.ts';
import { usePlans } from '../api/plans.ts';
import { CurrentSubscriptionCard } from '../components/current-subscription-card.tsx';
import { DemoCheckoutPanel, DemoPortalPanel, type DemoPlan } from '../components/demo-panels.tsx';
import { DemoPaymentsNote, NotConfiguredAlert } from '../components/payment-notes.tsx';
import { currentPlanIndex, PlanCard, takesPayments } from '../components/plan-card.tsx';
import { FREE_INCLUDES, planTitle } from '../lib/plan-copy.ts';

type PlanGroup = 'players' | 'coaches';

const GROUP_LEVELS: Record<PlanGroup, readonly number[]> = {
  players: [SUBSCRIPTION_LEVELS.BASIC, SUBSCRIPTION_LEVELS.PREMIUM],
  coaches: [SUBSCRIPTION_LEVELS.COACH, SUBSCRIPTION_LEVELS.TEAM, SUBSCRIPTION_LEVELS.ACADEMY],
};

/** The query the demo checkout and portal come back with (the API's stand-ins for Stripe's pages). */
const DEMO_PARAMS = ['demo_checkout', 'plan', 'demo_portal'] as const;

/** A level's plans in the order their prices are shown: monthly before yearly, without branding before with. */
function plansOfLevel(plans: readonly PlanBody[], level: number): PlanBody[] {
  return plans
    .filter((plan) => plan.level === level)
    .sort((a, b) => a.period - b.period || Number(a.has_branding) - Number(b.has_branding) || a.index - b.index);
}

/** The plan the demo checkout address names (?plan=index): as GET /plans serves it, or from the catalogue meanwhile. */
function demoPlan(index: string | null, plans: PlansResponse | undefined): DemoPlan | undefined {
  if (index === null || !/^\d+$/.test(index)) return undefined;
  const byIndex = (plan: { index: number }) => plan.index === Number(index);
  return plans?.plans.find(byIndex) ?? PLAN_CATALOGUE.find(byIndex);
}

/** What every account has without a plan: each plan below lists only what it adds. */
function FreeCard() {
  return (
    <Card withBorder component="section" aria-labelledby="free-plan-heading" data-testid="free-card">
      <Stack gap="xs">
        <Title order={2} size="h3" id="free-plan-heading">
          Free
        </Title>
        <List spacing={4} size="sm" icon={<IconCheck size={16} aria-hidden />} aria-label="What every account has">
          {FREE_INCLUDES.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

function PlanCards({ group, plans, currentPlan }: { group: PlanGroup; plans: PlansResponse; currentPlan: number | null }) {
  return (
    <>
      {group === 'players' && <FreeCard />}
      {GROUP_LEVELS[group].map((level) => {
        const ofLevel = plansOfLevel(plans.plans, level);
        return (
          ofLevel.length > 0 && <PlanCard key={level} level={level} plans={ofLevel} payments={plans.payments} currentPlan={currentPlan} />
        );
      })}
    </>
  );
}

/**
 * Subscribe (route subscriptions): the user's subscription and where to manage it, then the plans
 * of the catalogue for players or for coaches and organisations, each bought through Stripe
 * Checkout. With DEMO_PAYMENTS=true the checkout and portal are this page's demo panels.
 */
export default function SubscriptionsPage() {
  const plans = usePlans();
  const subscription = useSession((state) => state.subscription);
  const user = useSession((state) => state.user);
  const [searchParams, setSearchParams] = useSearchParams();
  const [group, setGroup] = useState<PlanGroup>(user.is_coach ? 'coaches' : 'players');
  const [paidFor, setPaidFor] = useState<string | null>(null);
  const paidRef = useRef<HTMLDivElement>(null);

  const demoCheckout = searchParams.get('demo_checkout');
  // Back from Stripe Checkout: the webhook may land a moment after the browser does.
  const [returned] = useState(() => searchParams.get('checkout'));
  useEffect(() => {
    if (returned === null) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
    if (returned !== 'success') return;
    void session.reloadAccess();
    const again = setTimeout(() => void session.reloadAccess(), 4_000);
    return () => clearTimeout(again);
  }, [returned, setSearchParams]);
  const demoPortal = searchParams.get('demo_portal');

  // The demo panel that had focus is gone once paid: the confirmation takes it.
  useEffect(() => {
    if (paidFor) paidRef.current?.focus();
  }, [paidFor]);

  function closeDemo() {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of DEMO_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  function confirmPaid(paid: Subscription) {
    setPaidFor(`You are now on ${planTitle(paid)}`);
    closeDemo();
  }

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Subscribe
      </Title>
      {paidFor && (
        <Alert
          ref={paidRef}
          tabIndex={-1}
          color="brand"
          variant="light"
          role="status"
          icon={<IconCircleCheck size={18} aria-hidden />}
          title={paidFor}
        >
          <Text size="sm">Thank you. Everything your plan unlocks is in the menu now.</Text>
        </Alert>
      )}
      {returned === 'success' && (
        <Alert color="brand" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />} title="Payment received">
          <Text size="sm">Thank you. Your plan shows here, and what it unlocks in the menu, as soon as Stripe confirms the payment.</Text>
        </Alert>
      )}
      {returned === 'cancelled' && (
        <Alert color="gray" variant="light" role="status" title="Checkout cancelled">
          <Text size="sm">Nothing was charged.</Text>
        </Alert>
      )}
      {demoCheckout !== null && (
        <DemoCheckoutPanel
          checkoutSession={demoCheckout}
          plan={demoPlan(searchParams.get('plan'), plans.data)}
          onPaid={confirmPaid}
          onClose={closeDemo}
        />
      )}
      {demoPortal !== null && <DemoPortalPanel portalSession={demoPortal} subscription={subscription} onClose={closeDemo} />}
      {subscription && <CurrentSubscriptionCard subscription={subscription} uid={user.uid} />}
      <SegmentedControl
        aria-label="Plans for"
        data={[
          { value: 'players', label: 'Players' },
          { value: 'coaches', label: 'Coaches and organisations' },
        ]}
        value={group}
        onChange={(value) => setGroup(value as PlanGroup)}
        fullWidth
        size="md"
        // "Coaches and organisations" wraps on a phone rather than being cut off.
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
      />
      {plans.isPending && (
        <Stack aria-hidden data-testid="plans-loading">
          <Skeleton height={320} />
          <Skeleton height={320} />
        </Stack>
      )}
      {plans.isError && <LoadFailed title="The plans could not be loaded" onRetry={() => plans.refetch()} />}
      {plans.data && (
        <>
          {!takesPayments(plans.data.payments) && <NotConfiguredAlert payments={plans.data.payments} />}
          {plans.data.payments.demo && <DemoPaymentsNote />}
          <PlanCards group={group} plans={plans.data} currentPlan={currentPlanIndex(subscription)} />
        </>
      )}
    </Stack>
  );
}
