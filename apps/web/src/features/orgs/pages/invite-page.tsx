import { Alert, Anchor, Badge, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconBuildingCommunity } from '@tabler/icons-react';
import type { InviteStatus, OrgInvite, OrgRole } from '@holeout/contracts';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { mantineToaster } from '../../../lib/notify.ts';
import { LOGOUT_CONFIRM } from '../../../lib/session/confirm-logout.tsx';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useAcceptInvite, useDeclineInvite, useInvite, useMyInvites } from '../api/invites.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { personName } from '../../../lib/people.ts';
import { positiveId } from '../../../lib/route-params.ts';
import type { ShareOfferState } from '../components/share-range.ts';

const ROLE_TEXT: Record<OrgRole, { name: string; meaning: string }> = {
  coach: { name: 'Coach', meaning: "You coach the organisation's players and see what they share with its coaches." },
  player: { name: 'Player', meaning: "The organisation's coaches can follow the rounds and events you share with them." },
};

/** What an invitation that can no longer be answered says. */
const CLOSED_TEXT: Record<Exclude<InviteStatus, 'OPEN'>, string> = {
  ACCEPTED: 'This invitation has already been accepted.',
  DECLINED: 'This invitation has already been declined.',
  CANCELLED: 'This invitation was cancelled by the organisation.',
  EXPIRED: 'This invitation has expired. Ask the coach who sent it for a new one.',
};

const invitePath = (inviteId: number) => `${paths.invite}?invite_id=${inviteId}`;

/** invite_id as a positive whole number, or null when it is missing or not one. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function InviteSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" aria-busy="true">
      <Text size="sm" c="dimmed" role="status">
        {label}
      </Text>
      <Skeleton height={180} radius="md" aria-hidden />
    </Stack>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack maw={560} gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Signed out: say what this is and offer log in or sign up, each coming back here afterwards. */
function LoggedOutInvite({ here, email }: { here: string; email: string | null }) {
  const next = `next=${encodeURIComponent(here)}`;
  const emailParam = email ? `&email=${encodeURIComponent(email)}` : '';
  return (
    <Frame title="Invitation">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconBuildingCommunity size={32} aria-hidden />
            <Text fw={600}>You have been invited to join an organisation on Holeout.</Text>
          </Group>
          <Text size="sm">
            Log in with the e-mail address the invitation was sent to, or create an account with it, to see who invited you and to accept or
            decline. You come back to this invitation afterwards.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button component={Link} to={`${paths.login}?${next}${emailParam}`} h={48}>
              Log in
            </Button>
            <Button component={Link} to={`${paths.registration}?${next}${emailParam}`} variant="default" h={48}>
              Create account
            </Button>
          </SimpleGrid>
        </Stack>
      </Card>
    </Frame>
  );
}

function NotForThisAccount() {
  const email = useSession((s) => s.user.email);
  function logOut() {
    modals.openConfirmModal({
      title: LOGOUT_CONFIRM.title,
      children: <Text size="sm">{LOGOUT_CONFIRM.message}</Text>,
      labels: { confirm: LOGOUT_CONFIRM.confirm, cancel: LOGOUT_CONFIRM.cancel },
      // This page stays: signed out, it offers to log in or create an account with the other address.
      onConfirm: () => void session.logout(),
    });
  }
  return (
    <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="This invitation is not for this account">
      <Stack gap="xs">
        <Text size="sm">
          You are logged in as <b>{email}</b>. The invitation was probably sent to another e-mail address: log out, then log in (or create
          an account) with the address it was sent to.
        </Text>
        <Group gap="xs">
          <Button variant="default" h={44} onClick={logOut}>
            Log out
          </Button>
          <Button component={Link} to={paths.invite} variant="subtle" h={44}>
            See your invitations
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function InviteFacts({ invite }: { invite: OrgInvite }) {
  const role = ROLE_TEXT[invite.role];
  const rows: [string, ReactNode][] = [
    ['Invited by', personName(invite.invited_by)],
    [
      'Role',
      <>
        <b>{role.name}</b>. {role.meaning}
      </>,
    ],
    ['Sent to', invite.email],
    ['Expires', <time dateTime={invite.expires_at}>{formatDateTime(invite.expires_at)}</time>],
  ];
  return (
    <Stack component="dl" gap={6} m={0}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {term}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

function InviteDetail({ inviteId }: { inviteId: number }) {
  const userEmail = useSession((s) => s.user.email);
  const navigate = useNavigate();
  const invite = useInvite(inviteId);
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const [answerError, setAnswerError] = useState<string | null>(null);
  const answering = accept.isPending || decline.isPending;

  if (invite.isPending) return <InviteSkeleton label="Loading the invitation" />;
  if (invite.isError) {
    const cause = invite.error;
    if (cause instanceof ApiError && cause.status === 404) return <NotForThisAccount />;
    if (cause instanceof ApiError && cause.status === 409) {
      return (
        <Alert color="gray" variant="light" title="This invitation cannot be answered">
          <Text size="sm">{cause.message}</Text>
        </Alert>
      );
    }
    return (
      <LoadFailed title="The invitation could not be loaded" onRetry={() => invite.refetch()}>
        <Text size="sm">{cause.message}</Text>
      </LoadFailed>
    );
  }

  const data = invite.data;
  const forMe = sameAddress(data.email, userEmail);
  const reportFailure = (cause: Error) => setAnswerError(cause.message);

  function onAccept() {
    setAnswerError(null);
    accept.mutate(inviteId, {
      onSuccess: (org) => {
        const message = `You have joined ${org.name}.`;
        mantineToaster.show(message, 'success');
        // A player is offered, once and right away, to share their earlier rounds with the coaches.
        const shareOffer: ShareOfferState | undefined = org.role === 'player' ? { orgId: org.org_id, orgName: org.name } : undefined;
        void navigate(`${paths.orgInfo}?org_id=${org.org_id}`, { state: { message, shareOffer } });
      },
      onError: reportFailure,
    });
  }

  function onDecline() {
    setAnswerError(null);
    modals.openConfirmModal({
      title: 'Decline the invitation?',
      children: <Text size="sm">{data.org_name} will be told that you declined. To join later you will need a new invitation.</Text>,
      labels: { confirm: 'Decline', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () =>
        decline.mutate(inviteId, {
          onSuccess: () => {
            mantineToaster.show(`You declined the invitation to ${data.org_name}.`, 'info');
            void navigate(paths.notifications);
          },
          onError: reportFailure,
        }),
    });
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="invite-org">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          {data.org_logo_url ? (
            // The name beside it says whose logo it is.
            <Image src={data.org_logo_url} alt="" w={64} h={64} fit="contain" radius="sm" />
          ) : (
            <IconBuildingCommunity size={40} aria-hidden />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              Invitation to join
            </Text>
            <Title order={2} size="h3" id="invite-org">
              {data.org_name}
            </Title>
          </Stack>
        </Group>
        <InviteFacts invite={data} />
        {data.status !== 'OPEN' ? (
          <Alert color="gray" variant="light" title="Closed">
            <Text size="sm">{CLOSED_TEXT[data.status]}</Text>
          </Alert>
        ) : !forMe ? (
          <Alert color="gray" variant="light" title="Sent to someone else">
            <Text size="sm">Only {data.email} can accept or decline this invitation.</Text>
          </Alert>
        ) : (
          <SimpleGrid cols={2} spacing="sm">
            <Button h={48} onClick={onAccept} loading={accept.isPending} disabled={answering && !accept.isPending}>
              Accept
            </Button>
            <Button h={48} variant="default" onClick={onDecline} loading={decline.isPending} disabled={answering && !decline.isPending}>
              Decline
            </Button>
          </SimpleGrid>
        )}
        {answerError && (
          <Alert color="red" variant="light" title="The invitation could not be answered" role="alert">
            <Text size="sm">{answerError}</Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function InviteListItem({ invite }: { invite: OrgInvite }) {
  return (
    <Card component="li" withBorder padding={0}>
      <UnstyledButton component={Link} to={invitePath(invite.invite_id)} p="sm" mih={56} w="100%" display="block">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} style={{ minWidth: 0 }}>
            {invite.org_name}
          </Text>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {ROLE_TEXT[invite.role].name}
          </Badge>
        </Group>
        <Text size="sm">Invited by {personName(invite.invited_by)}</Text>
        <Text size="xs" c="dimmed">
          Expires <time dateTime={invite.expires_at}>{formatDateTime(invite.expires_at)}</time>
        </Text>
      </UnstyledButton>
    </Card>
  );
}

/** Without an invitation named: the user's own open invitations. */
function MyInvites({ badLink }: { badLink: boolean }) {
  const invites = useMyInvites(true);
  return (
    <Frame title="Your invitations">
      {badLink && (
        <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="This invitation link is incomplete">
          <Text size="sm">Open the link from the e-mail again, or pick the invitation below.</Text>
        </Alert>
      )}
      {invites.isPending && <InviteSkeleton label="Loading your invitations" />}
      {invites.isError && <LoadFailed title="Your invitations could not be loaded" onRetry={() => invites.refetch()} />}
      {invites.isSuccess && invites.data.length === 0 && (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              No open invitations
            </Title>
            <Text size="sm">
              When a coach invites you to their organisation, the invitation appears here and in{' '}
              <Anchor component={Link} to={paths.notifications}>
                Notifications
              </Anchor>
              . Ask your coach to invite the e-mail address you log in with.
            </Text>
          </Stack>
        </Card>
      )}
      {invites.isSuccess && invites.data.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Open invitations">
          {invites.data.map((invite) => (
            <InviteListItem key={invite.invite_id} invite={invite} />
          ))}
        </Stack>
      )}
    </Frame>
  );
}

/** Invitation (route invite?invite_id=N): answer an invitation to an organisation; reachable signed out too. */
export default function InvitePage() {
  const status = useSession((s) => s.status);
  const [params] = useSearchParams();
  const inviteId = positiveId(params.get('invite_id'));

  if (status === 'loading') {
    return (
      <Frame title="Invitation">
        <InviteSkeleton label="Loading the invitation" />
      </Frame>
    );
  }
  if (status !== 'loggedIn') {
    return <LoggedOutInvite here={inviteId === null ? paths.invite : invitePath(inviteId)} email={params.get('email')} />;
  }
  if (inviteId === null) return <MyInvites badLink={params.has('invite_id')} />;
  return (
    <Frame title="Invitation">
      <InviteDetail inviteId={inviteId} key={inviteId} />
    </Frame>
  );
}
