import { Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserMinus } from '@tabler/icons-react';
import type { Org, OrgMember, SeatLevel } from '@holeout/contracts';
import { useId, useState } from 'react';
import { mantineToaster } from '../../../lib/notify.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useOrgMembers } from '../api/org-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useSetSeat } from '../api/set-seat.ts';
import { personName } from '../../../lib/people.ts';
import { ROLE_LABELS, sortMembers } from './org-labels.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';

/** The seat control's value for "no seat" (a SegmentedControl value is a string). */
const NO_SEAT = 'NONE';

function seatOptions(member: OrgMember) {
  const options = [
    { value: NO_SEAT, label: 'None' },
    { value: 'PREMIUM', label: 'Premium' },
  ];
  // A coach seat is for coaches only.
  return member.role === 'coach' ? [...options, { value: 'COACH', label: 'Coach' }] : options;
}

function MemberCard({ org, member, canSeat }: { org: Org; member: OrgMember; canSeat: boolean }) {
  const setSeat = useSetSeat();
  const remove = useRemoveMember();
  const [seatError, setSeatError] = useState<string | null>(null);
  const nameId = useId();
  const name = personName(member);
  // While the change is on its way the control shows it; on a refusal it is back to the seat held.
  const seat = setSeat.isPending ? (setSeat.variables.body.seat ?? NO_SEAT) : (member.seat ?? NO_SEAT);

  function changeSeat(value: string) {
    if (value === (member.seat ?? NO_SEAT)) return;
    setSeatError(null);
    setSeat.mutate(
      { orgId: org.org_id, body: { uid: member.uid, seat: value === NO_SEAT ? null : (value as SeatLevel) } },
      { onError: (cause) => setSeatError(cause.message) },
    );
  }

  function confirmRemove() {
    modals.openConfirmModal({
      title: 'Remove member',
      children: (
        <Text size="sm">
          Remove {name} from {org.name}? They lose any seat they hold, and the organisation&apos;s coaches no longer see what they shared
          with it.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () =>
        remove.mutate({ orgId: org.org_id, uid: member.uid }, { onSuccess: () => mantineToaster.show(`${name} removed`, 'success') }),
    });
  }

  return (
    <Card withBorder padding="sm" component="li" data-testid="member-card">
      <Stack gap="xs">
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} id={nameId}>
              {name}
            </Text>
            <Badge variant="light" color="gray">
              {ROLE_LABELS[member.role]}
            </Badge>
            {member.is_purchaser && (
              <Badge variant="outline" color="dark">
                Purchaser
              </Badge>
            )}
          </Group>
          {member.email && name !== member.email && (
            <Text size="sm" c="dimmed">
              {member.email}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} aria-hidden>
            Seat
          </Text>
          <SegmentedControl
            aria-label={`Seat for ${name}`}
            data={seatOptions(member)}
            value={seat}
            onChange={changeSeat}
            disabled={!canSeat || setSeat.isPending}
            fullWidth
            size="md"
          />
          {seatError && (
            <Text size="sm" c={DANGER} role="alert">
              {seatError}
            </Text>
          )}
        </Stack>
        {!member.is_purchaser && (
          <Group justify="flex-end">
            <Button
              variant="outline"
              color={DANGER}
              h={44}
              leftSection={<IconUserMinus size={18} aria-hidden />}
              aria-describedby={nameId}
              loading={remove.isPending}
              onClick={confirmRemove}
            >
              Remove
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Every member with their role and seat; the purchaser gives seats and removes members (GET /orgs/members). */
export function MembersSection({ org, canSeat }: { org: Org; canSeat: boolean }) {
  const members = useOrgMembers(org.org_id);
  const list = sortMembers(members.data ?? []);
  return (
    <Card withBorder component="section" aria-labelledby="members-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="members-heading">
          Members
        </Title>
        {!canSeat && members.isSuccess && (
          <Text size="sm" c="dimmed">
            Seats can be given while the organisation has an active subscription.
          </Text>
        )}
        {members.isPending && (
          <Stack gap="xs" aria-hidden data-testid="members-loading">
            <Skeleton height={96} />
            <Skeleton height={96} />
          </Stack>
        )}
        {members.isError && <LoadFailed title="The members could not be loaded" onRetry={() => members.refetch()} />}
        {members.isSuccess && list.length <= 1 && (
          <Text size="sm">No one else has joined yet. Invite coaches and players below; they join when they accept.</Text>
        )}
        {list.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Members of ${org.name}`}>
            {list.map((member) => (
              <MemberCard key={member.uid} org={org} member={member} canSeat={canSeat} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
