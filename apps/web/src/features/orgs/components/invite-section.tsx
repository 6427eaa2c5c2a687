import { Badge, Button, Card, Group, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMailForward, IconSend, IconX } from '@tabler/icons-react';
import { inviteBody, type OrgInvite, type OrgRole } from '@holeout/contracts';
import { formatDate } from '@holeout/golf';
import { useId, useState, type FormEvent } from 'react';
import { mantineToaster } from '../../../lib/notify.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useCancelInvite } from '../api/cancel-invite.ts';
import { useOrgInvites } from '../api/org-invites.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { useSendInvite } from '../api/send-invite.ts';
import { inviterName, ROLE_LABELS } from './org-labels.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';

/** Invite by e-mail as a player or a coach (POST /orgs/invite?org_id=). */
export function InviteForm({ orgId }: { orgId: number }) {
  const send = useSendInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('player');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSentTo('');
    const parsed = inviteBody.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setError(undefined);
    send.mutate(
      { orgId, body: parsed.data },
      {
        onSuccess: (invite) => {
          setEmail('');
          setSentTo(`Invitation sent to ${invite.email} as a ${ROLE_LABELS[invite.role].toLowerCase()}.`);
        },
        onError: (cause) => setError(cause.message),
      },
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby="invite-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="invite-heading">
            Invite
          </Title>
          <Text size="sm" c="dimmed">
            The invitation goes by e-mail, and to Notifications when the address has an account. It is open for 14 days.
          </Text>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
          />
          <Radio.Group label="Role" value={role} onChange={(value) => setRole(value as OrgRole)}>
            <Group mt="xs" gap="lg">
              <Radio value="player" label="Player" size="md" />
              <Radio value="coach" label="Coach" size="md" />
            </Group>
          </Radio.Group>
          <Text size="sm" role="status" mih={20}>
            {sentTo}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" h={44} leftSection={<IconSend size={18} aria-hidden />} loading={send.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function InviteCard({ invite }: { invite: OrgInvite }) {
  const resend = useResendInvite();
  const cancel = useCancelInvite();
  const emailId = useId();

  function confirmCancel() {
    modals.openConfirmModal({
      title: 'Cancel invitation',
      children: <Text size="sm">Cancel the invitation to {invite.email}? The link in the e-mail will no longer work.</Text>,
      labels: { confirm: 'Cancel invitation', cancel: 'Keep it' },
      confirmProps: { color: DANGER },
      onConfirm: () =>
        cancel.mutate(invite, { onSuccess: () => mantineToaster.show(`Invitation to ${invite.email} cancelled`, 'success') }),
    });
  }

  return (
    <Card withBorder padding="sm" component="li" data-testid="invite-card">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} id={emailId} style={{ overflowWrap: 'anywhere' }}>
            {invite.email}
          </Text>
          <Badge variant="light" color="gray">
            {ROLE_LABELS[invite.role]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Invited by {inviterName(invite)} on {formatDate(invite.created_at)} · open until {formatDate(invite.expires_at)}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button
            variant="default"
            h={44}
            leftSection={<IconMailForward size={18} aria-hidden />}
            aria-describedby={emailId}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(invite, { onSuccess: () => mantineToaster.show(`Invitation sent again to ${invite.email}`, 'success') })
            }
          >
            Resend
          </Button>
          <Button
            variant="outline"
            color={DANGER}
            h={44}
            leftSection={<IconX size={18} aria-hidden />}
            aria-describedby={emailId}
            loading={cancel.isPending}
            onClick={confirmCancel}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The organisation's invitations still waiting for an answer (GET /orgs/invites?org_id=). */
export function OpenInvites({ orgId }: { orgId: number }) {
  const invites = useOrgInvites(orgId);
  const list = invites.data ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="open-invites-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="open-invites-heading">
          Open invitations
        </Title>
        {invites.isPending && <Skeleton height={88} aria-hidden data-testid="invites-loading" />}
        {invites.isError && <LoadFailed title="The invitations could not be loaded" onRetry={() => invites.refetch()} />}
        {invites.isSuccess && list.length === 0 && (
          <Text size="sm">No invitations are waiting for an answer. Invitations you send appear here until they are answered.</Text>
        )}
        {list.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Open invitations">
            {list.map((invite) => (
              <InviteCard key={invite.invite_id} invite={invite} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
