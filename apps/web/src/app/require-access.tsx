import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { useSession } from '../lib/session/use-session.ts';
import { pageAccess, type PageAccess } from './menu-items.ts';
import { paths } from '../lib/paths.ts';
import { RouteLoading } from './route-loading.tsx';
import { pageTitleOf } from './route-meta.ts';

const NEEDS: Record<PageAccess, { heading: string; body: ReactNode }> = {
  premium: {
    heading: 'Premium needed',
    body: 'Calendar, Drills and AI Coach come with a premium subscription (or a coach, team or academy plan). Subscribe to open this page.',
  },
  orgManager: {
    heading: 'Organisation plan needed',
    body: 'Org. Management is for the coach who bought an active organisation subscription (coach, team or academy). Subscribe to one to manage your organisation here.',
  },
};

/** What a user without the access sees instead of the page: what is needed, and where to get it. */
export function AccessNeeded({ access, pageTitle }: { access: PageAccess; pageTitle?: string }) {
  const need = NEEDS[access];
  return (
    <Stack maw={640} data-testid="access-needed">
      <Title order={1} size="h2">
        {pageTitle ?? need.heading}
      </Title>
      <Alert icon={<IconLock size={18} aria-hidden />} color="gray" variant="light" title={need.heading}>
        <Text size="sm">{need.body}</Text>
      </Alert>
      <div>
        <Button component={Link} to={paths.subscriptions}>
          Subscribe
        </Button>
      </div>
    </Stack>
  );
}

/**
 * Routes the side menu only offers with some access (Calendar, Drills and AI Coach with premium
 * access; Org. Management to the coach who bought the organisation's subscription), guarded the same way
 * when opened by URL. Until the subscription has loaded the access is unknown: wait, so a premium
 * user never sees the notice flash.
 */
export function RequireAccess({ access }: { access: PageAccess }) {
  const allowed = useSession((s) => pageAccess(access, s));
  const known = useSession((s) => s.subscriptionLoaded || s.subscription !== null);
  const pageTitle = pageTitleOf(useMatches());
  if (allowed) return <Outlet />;
  if (!known) return <RouteLoading />;
  return <AccessNeeded access={access} pageTitle={pageTitle} />;
}

export const RequirePremium = () => <RequireAccess access="premium" />;
export const RequireOrgManager = () => <RequireAccess access="orgManager" />;
