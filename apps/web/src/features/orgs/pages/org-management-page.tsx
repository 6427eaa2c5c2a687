import { Select, Skeleton, Stack, Title } from '@mantine/core';
import type { Org } from '@holeout/contracts';
import { isActiveStatus } from '@holeout/golf';
import { useSearchParams } from 'react-router';
import { useOrgs } from '../api/list-orgs.ts';
import { useOrgSubscription } from '../api/org-subscription.ts';
import { InviteForm, OpenInvites } from '../components/invite-section.tsx';
import { MembersSection } from '../components/members-section.tsx';
import { OrgDetailsForm } from '../components/org-details-form.tsx';
import { SeatsSummary } from '../components/seats-summary.tsx';
import { LoadFailed } from '../../../lib/load-failed.tsx';

function OrgSections({ org }: { org: Org }) {
  const subscription = useOrgSubscription(org.org_id);
  const canSeat = subscription.data ? isActiveStatus(subscription.data.status) : false;
  return (
    <>
      <OrgDetailsForm org={org} brandingIncluded={subscription.data ? subscription.data.has_branding : null} />
      <SeatsSummary query={subscription} />
      <MembersSection org={org} canSeat={canSeat} />
      <InviteForm orgId={org.org_id} />
      <OpenInvites orgId={org.org_id} />
    </>
  );
}

/**
 * Org. Management (route org-management, ?org_id= optional): for the coach who bought an
 * organisation's subscription (the router guards it). Name, colour and logo; seats; members with
 * their seats; invitations. With several organisations bought, a select picks one.
 */
export default function OrgManagementPage() {
  const orgs = useOrgs();
  const [searchParams, setSearchParams] = useSearchParams();
  const owned = (orgs.data ?? []).filter((org) => org.is_purchaser);
  const requested = Number(searchParams.get('org_id'));
  const org = owned.find((candidate) => candidate.org_id === requested) ?? owned[0] ?? null;
  const pick = (orgId: number) => setSearchParams({ org_id: String(orgId) }, { replace: true });

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Org. Management
      </Title>
      {orgs.isPending && (
        <Stack aria-hidden data-testid="org-loading">
          <Skeleton height={280} />
          <Skeleton height={140} />
        </Stack>
      )}
      {orgs.isError && <LoadFailed title="Your organisations could not be loaded" onRetry={() => orgs.refetch()} />}
      {/* A coach-level plan bought before its organisation was named: name it here. */}
      {orgs.isSuccess && owned.length === 0 && (
        <OrgDetailsForm org={null} brandingIncluded={null} onSaved={(created) => pick(created.org_id)} />
      )}
      {owned.length > 1 && org && (
        <Select
          label="Organisation"
          description="You bought the subscription of each of these"
          data={owned.map((candidate) => ({ value: String(candidate.org_id), label: candidate.name }))}
          value={String(org.org_id)}
          onChange={(value) => value && pick(Number(value))}
          allowDeselect={false}
          size="md"
        />
      )}
      {/* Keyed by organisation so its forms start from its own saved values. */}
      {org && <OrgSections key={org.org_id} org={org} />}
    </Stack>
  );
}
