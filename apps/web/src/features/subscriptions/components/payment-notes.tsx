import { Alert, Text } from '@mantine/core';
import { IconCreditCardOff, IconFlask } from '@tabler/icons-react';
import type { PaymentsSetup } from '@holeout/contracts';

export const NOT_CONFIGURED = 'Payments are not configured on this server.';
export const NOT_CONFIGURED_FOR_PLAN = 'Payments for this plan are not configured on this server.';
export const DEMO_NOTE = 'Demo payments: checkout is simulated on this server; no card is charged.';

/**
 * Why the Subscribe buttons are off: no payments on this server at all, or none for this plan. A
 * gray alert with an icon (a yellow one's title falls below 4.5:1); the mobile app still sells the
 * plans when in-app purchases are configured.
 */
export function NotConfiguredAlert({ payments, forPlan = false }: { payments: PaymentsSetup; forPlan?: boolean }) {
  return (
    <Alert
      color="gray"
      variant="light"
      role="note"
      icon={<IconCreditCardOff size={18} aria-hidden />}
      title={forPlan ? NOT_CONFIGURED_FOR_PLAN : NOT_CONFIGURED}
    >
      {payments.iaptic ? (
        <Text size="sm">Using the Holeout app on your phone? You can subscribe in the app.</Text>
      ) : (
        <Text size="sm">The prices are shown; subscribing is not possible here for now.</Text>
      )}
    </Alert>
  );
}

/** The demo checkout stands in for Stripe: say so before anyone thinks they paid. */
export function DemoPaymentsNote() {
  return (
    <Alert color="gray" variant="light" role="note" icon={<IconFlask size={18} aria-hidden />} p="xs">
      <Text size="sm">{DEMO_NOTE}</Text>
    </Alert>
  );
}
