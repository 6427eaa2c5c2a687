import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { OrgInvite } from '@holeout/contracts';
import { formatDate } from '@holeout/golf';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useOrgs } from '../api/list-orgs.ts';
import { useMyInvites } from '../api/invites.ts';
import { OrgLogo } from '../components/org-logo.tsx';
import { OrgMembershipCard } from '../components/org-membership-card.tsx';
import { inviterName, ROLE_LABELS } from '../components/org-labels.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { ShareRoundsOffer } from '../components/share-rounds-offer.tsx';
import { shareOfferOf } from '../components/share-range.ts';

function MyInviteCard({ invite }: { invite: OrgInvite }) {
  return (
    <Card withBorder padding="sm" component="li" data-testid="my-invite">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <OrgLogo name={invite.org_name} logoUrl={invite.org_logo_url} size={40} />
        <Stack gap={4} miw={0}>
          <Anchor component={Link} to={`${paths.invite}?invite_id=${invite.invite_id}`} fw={600}>
            {invite.org_name}
          </Anchor>
          <Group gap="xs">
            <Badge variant="light" color="gray">
              As {ROLE_LABELS[invite.role].toLowerCase()}
            </Badge>
            <Text size="sm" c="dimmed">
              From {inviterName(invite)} · open until {formatDate(invite.expires_at)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** The caller's open invitations (GET /orgs/invites), each leading to the invitation page. */
function MyInvites({ alwaysShow }: { alwaysShow: boolean }) {
  const invites = useMyInvites(true);
  const list = invites.data ?? [];
  if (!alwaysShow && list.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="my-invites-heading">
      <Title order={2} size="h3" id="my-invites-heading">
        Open invitations
      </Title>
      {invites.isPending && <Skeleton height={72} aria-hidden data-testid="my-invites-loading" />}
      {invites.isError && <Text size="sm">Your invitations could not be loaded.</Text>}
      {invites.isSuccess && list.length === 0 && <Text size="sm">You have no open invitations.</Text>}
      {list.length > 0 && (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="my-invites-heading">
          {list.map((invite) => (
            <MyInviteCard key={invite.invite_id} invite={invite} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Organisation (route org-info): the organisations the user belongs to, their coaches and the user's seat, with Leave. */
export default function OrgInfoPage() {
  const orgs = useOrgs();
  const list = orgs.data ?? [];
  const location = useLocation();
  const navigate = useNavigate();
  // Right after joining as a player (the invitation page's state): the offer to share earlier rounds,
  // for an organisation the user is in. Done or Not now drops the state, so a reload does not offer it again.
  const offer = shareOfferOf(location.state);
  const offered = offer && list.some((org) => org.org_id === offer.orgId) ? offer : null;
  const dismissOffer = () => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Organisation
      </Title>
      {offered && <ShareRoundsOffer orgId={offered.orgId} orgName={offered.orgName} onDone={dismissOffer} />}
      {orgs.isPending && (
        <Stack aria-hidden data-testid="orgs-loading">
          <Skeleton height={200} />
        </Stack>
      )}
      {orgs.isError && <LoadFailed title="Your organisations could not be loaded" onRetry={() => orgs.refetch()} />}
      {orgs.isSuccess && list.length === 0 && (
        <Card withBorder padding="lg" data-testid="orgs-empty">
          <Stack gap="sm">
            <Title order={2} size="h3">
              You are not in an organisation
            </Title>
            <Text size="sm">
              Coaches invite players and other coaches to their organisation. Invitations arrive by e-mail and in{' '}
              <Anchor component={Link} to={paths.notifications}>
                Notifications
              </Anchor>
              ; open ones are listed below too. Once you join, your coaches and your seat show here.
            </Text>
          </Stack>
        </Card>
      )}
      {list.length > 0 && (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your organisations">
          {list.map((org) => (
            <OrgMembershipCard key={org.org_id} org={org} />
          ))}
        </Stack>
      )}
      {orgs.isSuccess && <MyInvites alwaysShow={list.length === 0} />}
    </Stack>
  );
}
