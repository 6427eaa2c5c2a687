import { Alert, Anchor, Button, Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconSettings } from '@tabler/icons-react';
import type { Subscription } from '@holeout/golf';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { DANGER } from '../../../lib/theme.ts';
import { paymentErrorMessage, useOpenPortal } from '../api/checkout.ts';
import {
  ORIGIN_TEXT,
  periodEndText,
  planTitle,
  subscriptionOrigin,
  subscriptionStatusText,
  type SubscriptionOrigin,
} from '../lib/plan-copy.ts';

/** Where the stores let a subscriber manage what they bought there. */
const STORE_PAGES = {
  appStore: {
    how: 'Manage it in the App Store: on your iPhone or iPad, open Settings, tap your name, then Subscriptions.',
    link: 'https://apps.apple.com/account/subscriptions',
    linkText: 'App Store subscriptions',
  },
  googlePlay: {
    how: 'Manage it in Google Play: in the Play Store, tap your profile picture, then Payments and subscriptions.',
    link: 'https://play.google.com/store/account/subscriptions',
    linkText: 'Google Play subscriptions',
  },
} as const;

function ManagePortal() {
  const portal = useOpenPortal();
  return (
    <Stack gap="xs">
      <Text size="sm">Change plan, update your card or cancel in the subscription settings.</Text>
      {portal.error && (
        <Alert color={DANGER} variant="light" title="The subscription settings could not be opened">
          {paymentErrorMessage(portal.error)}
        </Alert>
      )}
      <Button
        size="md"
        h={48}
        fullWidth
        leftSection={<IconSettings size={18} aria-hidden />}
        loading={portal.isPending}
        onClick={() => portal.mutate()}
      >
        Manage subscription
      </Button>
    </Stack>
  );
}

function ManageAction({ origin }: { origin: SubscriptionOrigin }) {
  switch (origin) {
    case 'web':
      return <ManagePortal />;
    case 'appStore':
    case 'googlePlay': {
      const store = STORE_PAGES[origin];
      return (
        <Stack gap={4}>
          <Text size="sm">{store.how}</Text>
          <Anchor href={store.link} target="_blank" rel="noopener noreferrer" size="sm" py="xs">
            {store.linkText} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
            <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
          </Anchor>
        </Stack>
      );
    }
    case 'organisation':
      return (
        <Stack gap={4}>
          <Text size="sm">Your seat comes with the organisation's subscription; its purchaser manages it.</Text>
          <Anchor component={Link} to={paths.orgInfo} size="sm" py="xs">
            Your organisation
          </Anchor>
        </Stack>
      );
    case 'granted':
      return <Text size="sm">There is nothing to pay or manage.</Text>;
  }
}

/** "Your subscription": its level, its status in words, where it was bought, and where to manage it. */
export function CurrentSubscriptionCard({ subscription, uid }: { subscription: Subscription; uid: number }) {
  const headingId = useId();
  const origin = subscriptionOrigin(subscription, uid);
  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="current-subscription">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Your subscription
        </Title>
        <Stack gap={2}>
          <Text size="sm" data-testid="current-plan">
            Plan: <b>{planTitle(subscription)}</b>
          </Text>
          <Text size="sm" data-testid="current-status">
            Status: <b>{subscriptionStatusText(subscription.status)}</b>
          </Text>
          {periodEndText(subscription) && (
            <Text size="sm" data-testid="current-period">
              {periodEndText(subscription)}
            </Text>
          )}
          <Text size="sm" data-testid="current-origin">
            {ORIGIN_TEXT[origin]}
          </Text>
        </Stack>
        <ManageAction origin={origin} />
      </Stack>
    </Card>
  );
}
