import { Alert, Badge, Button, Card, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { PaymentsSetup, PlanBody } from '@holeout/contracts';
import { isActiveStatus, type Subscription } from '@holeout/golf';
import { useId } from 'react';
import { DANGER } from '../../../lib/theme.ts';
import { paymentErrorMessage, useStartCheckout } from '../api/checkout.ts';
import { storePlatform, useStoreCheckout } from '../api/store-checkout.ts';
import {
  addsLead,
  BRANDING_UNLOCK,
  formatPrice,
  LEVEL_ADDS,
  levelName,
  periodLabel,
  periodWord,
  perPeriod,
  planTitle,
  savingLabel,
  seatsLine,
} from '../lib/plan-copy.ts';
import { NotConfiguredAlert } from './payment-notes.tsx';

/** Payments are taken here at all: Stripe, or the demo checkout standing in for it. */
export const takesPayments = (payments: PaymentsSetup): boolean => payments.stripe || payments.demo;

/** The plan can be bought on this page now. */
export const canBuy = (plan: PlanBody, payments: PaymentsSetup): boolean => plan.web && takesPayments(payments);

/**
 * The button's accessible name names the plan and starts with the words the button shows (WCAG 2.5.3,
 * label in name): "Subscribe yearly to Premium" for "Subscribe yearly", "Subscribe to Team yearly" for "Subscribe to Team".
 */
export const subscribeName = (plan: PlanBody): string =>
  plan.is_coach
    ? `Subscribe to ${planTitle(plan)} ${periodWord(plan.period)}`
    : `Subscribe ${periodWord(plan.period)} to ${planTitle(plan)}`;

/** Team and Academy come with and without branding: their price boxes are named by plan, the others by period. */
function optionLabel(plan: PlanBody, withBranding: boolean): string {
  return withBranding ? planTitle(plan) : periodLabel(plan.period);
}

/** What the button says: the period for a player's plan; the plan's name beside its sibling with branding. */
function buttonText(plan: PlanBody): string {
  return plan.is_coach ? `Subscribe to ${planTitle(plan)}` : `Subscribe ${periodWord(plan.period)}`;
}

function PriceBox({ plan, label, current }: { plan: PlanBody; label: string; current: boolean }) {
  const saving = savingLabel(plan);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="price-box"
      style={current ? { borderWidth: 2, borderColor: 'var(--mantine-color-brand-text)' } : undefined}
    >
      <Stack gap={2}>
        {current && (
          <Badge variant="filled" size="md" style={{ alignSelf: 'flex-start' }}>
            Your plan
          </Badge>
        )}
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="xl" fw={700} data-testid="price">
          {formatPrice(plan.price)}
        </Text>
        <Text size="sm" c="dimmed">
          {perPeriod(plan.period)}
        </Text>
        {saving && (
          <Badge variant="light" size="lg" mt={4} style={{ alignSelf: 'flex-start' }}>
            {saving}
          </Badge>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The catalogue plan the user's running subscription was bought as, or null (none, a seat, a plan
 * given): that plan is marked and not offered again.
 */
export function currentPlanIndex(subscription: Subscription | null): number | null {
  return subscription && isActiveStatus(subscription.status) ? subscription.plan_index : null;
}

/**
 * One level of the catalogue: what it adds to the level below, its prices side by side (monthly and yearly, or
 * with and without branding), and a big Subscribe button per price at the bottom of the card.
 */
export function PlanCard({
  level,
  plans,
  payments,
  currentPlan = null,
}: {
  level: number;
  plans: readonly PlanBody[];
  payments: PaymentsSetup;
  /** The index of the plan the user is on (currentPlanIndex). */
  currentPlan?: number | null;
}) {
  const webCheckout = useStartCheckout();
  const storeCheckout = useStoreCheckout(payments.iaptic);
  // In the mobile app the stores sell the plans they carry (mobile ids); the rest are bought on the web.
  const inApp = storePlatform() !== null && payments.iaptic !== null;
  const buyable = (plan: PlanBody) => (inApp ? plan.mobile_id !== null : canBuy(plan, payments));
  const pendingPlan = webCheckout.isPending
    ? webCheckout.variables
    : storeCheckout.isPending
      ? plans.find((p) => p.mobile_id === storeCheckout.variables)?.index
      : undefined;
  const checkoutError = inApp ? storeCheckout.error : webCheckout.error;
  const headingId = useId();
  const withBranding = plans.some((plan) => plan.has_branding);
  const seats = plans[0] ? seatsLine(plans[0]) : null;
  const adds = [...(LEVEL_ADDS[level] ?? []), ...(withBranding ? [BRANDING_UNLOCK] : [])];
  // Payments as a whole being off is said once, above the cards; here only a plan this server does not sell.
  const notSoldHere = takesPayments(payments) && plans.some((plan) => !plan.web);

  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="plan-card">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {levelName(level)}
        </Title>
        {seats && (
          <Text size="sm" fw={500}>
            {seats}
          </Text>
        )}
        {/* Each level lists only what it adds to the one below it. */}
        <Text size="sm" fw={500}>
          {addsLead(level)}
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={16} aria-hidden />} aria-label={`What ${levelName(level)} adds`}>
          {adds.map((add) => (
            <List.Item key={add}>{add}</List.Item>
          ))}
        </List>
        <SimpleGrid cols={plans.length > 1 ? 2 : 1} spacing="sm">
          {plans.map((plan) => (
            <PriceBox key={plan.index} plan={plan} label={optionLabel(plan, withBranding)} current={plan.index === currentPlan} />
          ))}
        </SimpleGrid>
        {!inApp && notSoldHere && <NotConfiguredAlert payments={payments} forPlan />}
        {inApp && plans.some((plan) => plan.mobile_id === null) && (
          <Text size="sm" c="dimmed">
            Team and academy plans are bought on the web.
          </Text>
        )}
        {checkoutError && (
          <Alert color={DANGER} variant="light" title={inApp ? 'The purchase did not go through' : 'The checkout could not be opened'}>
            {paymentErrorMessage(checkoutError)}
          </Alert>
        )}
        <Stack gap="xs">
          {plans.map((plan) =>
            plan.index === currentPlan ? (
              <Text key={plan.index} size="sm" fw={600} ta="center" py="xs" data-testid="current-plan-note">
                You are on {planTitle(plan)} {periodWord(plan.period)}: manage it under Your subscription above.
              </Text>
            ) : (
              <Button
                key={plan.index}
                size="md"
                h={48}
                fullWidth
                aria-label={subscribeName(plan)}
                disabled={!buyable(plan) || (pendingPlan !== undefined && pendingPlan !== plan.index)}
                loading={pendingPlan === plan.index}
                onClick={() => (inApp && plan.mobile_id ? storeCheckout.mutate(plan.mobile_id) : webCheckout.mutate(plan.index))}
              >
                {buttonText(plan)}
              </Button>
            ),
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
