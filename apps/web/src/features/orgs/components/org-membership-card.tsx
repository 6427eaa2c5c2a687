import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDoorExit } from '@tabler/icons-react';
import type { Org } from '@holeout/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { mantineToaster } from '../../../lib/notify.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useLeaveOrg } from '../api/leave-org.ts';
import { useOrgMembers } from '../api/org-members.ts';
import { OrgLogo } from './org-logo.tsx';
import { personName } from '../../../lib/people.ts';
import { ROLE_LABELS, seatDescription, sortMembers } from './org-labels.ts';

/** The leave confirmation's words (also what the tests look for). */
export const leaveMessage = (orgName: string) =>
  `Leave ${orgName}? Your coaches will no longer see rounds you shared with the organisation.`;

function Coaches({ org }: { org: Org }) {
  const members = useOrgMembers(org.org_id);
  // A coach of the org is answered every member; a player only the coaches.
  const coaches = sortMembers(members.data ?? []).filter((member) => member.role === 'coach');
  const headingId = useId();
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id={headingId}>
        Coaches
      </Text>
      {members.isPending && <Skeleton height={40} aria-hidden data-testid="coaches-loading" />}
      {members.isError && <Text size="sm">The coaches could not be loaded.</Text>}
      {members.isSuccess && coaches.length === 0 && <Text size="sm">No coaches yet.</Text>}
      {coaches.length > 0 && (
        <Stack component="ul" gap={2} m={0} pl="md" aria-labelledby={headingId}>
          {coaches.map((coach) => (
            <Text component="li" size="sm" key={coach.uid}>
              {personName(coach)}
              {coach.email && personName(coach) !== coach.email ? ` · ${coach.email}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One organisation the user belongs to: logo, name, role, seat, coaches, and Leave. */
export function OrgMembershipCard({ org }: { org: Org }) {
  const leave = useLeaveOrg();
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const headingId = useId();

  function confirmLeave() {
    setLeaveError(null);
    modals.openConfirmModal({
      title: 'Leave organisation',
      children: <Text size="sm">{leaveMessage(org.name)}</Text>,
      labels: { confirm: 'Leave', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () =>
        leave.mutate(org.org_id, {
          onSuccess: () => mantineToaster.show(`You left ${org.name}`, 'success'),
          onError: (cause) => setLeaveError(cause.message),
        }),
    });
  }

  return (
    <Card withBorder component="li" aria-labelledby={headingId} data-testid="org-card">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <OrgLogo name={org.name} logoUrl={org.logo_url} />
          <Stack gap={2} miw={0}>
            <Title order={2} size="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {org.name}
            </Title>
            <Group gap="xs">
              <Text size="sm">
                Your role: <b>{ROLE_LABELS[org.role]}</b>
              </Text>
              {org.is_purchaser && (
                <Badge variant="outline" color="dark">
                  Purchaser
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Text size="sm" data-testid="my-seat">
          {seatDescription(org.seat)}
        </Text>
        <Coaches org={org} />
        {leaveError && (
          <Alert color={DANGER} variant="light" role="alert" title="You are still a member">
            {leaveError}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {org.is_purchaser && (
            <Anchor component={Link} to={`${paths.orgManagement}?org_id=${org.org_id}`} size="sm" py="xs">
              Manage {org.name}
            </Anchor>
          )}
          <Button
            variant="outline"
            color={DANGER}
            h={44}
            leftSection={<IconDoorExit size={18} aria-hidden />}
            aria-describedby={headingId}
            loading={leave.isPending}
            onClick={confirmLeave}
          >
            Leave
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
