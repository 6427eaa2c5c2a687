import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBook,
  IconBuildingCommunity,
  IconChartBar,
  IconListDetails,
  IconLogout,
  IconTargetArrow,
  IconPlus,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { displayName, formatDate, isActiveStatus } from '@holeout/golf';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { subscriptionTierLabel } from '../../../lib/format.ts';
import { confirmLogout } from '../../../lib/session/confirm-logout.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { paths } from '../../../lib/paths.ts';

interface QuickLink {
  to: string;
  label: string;
  hint: string;
  icon: ReactNode;
}

/** The signed-in landing page: who you are, your plan, and the usual next steps. */
export default function RootPage() {
  const user = useSession((s) => s.user);
  const subscription = useSession((s) => s.subscription);
  const selectedRounds = useSession((s) => s.selectedRounds.length);
  const unreadCount = useSession((s) => s.unreadCount);
  const tier = subscriptionTierLabel(subscription);

  // Worded apart from the side menu's labels, so a menu label names the menu entry (Log Out excepted: one action, one name).
  const links: QuickLink[] = [
    {
      to: paths.home,
      label: 'View stats',
      hint: selectedRounds > 0 ? `${selectedRounds} rounds selected` : 'All your rounds',
      icon: <IconChartBar size={20} />,
    },
    {
      to: paths.events,
      label: 'Your rounds and practice',
      hint: 'Rounds, practice sessions and lessons',
      icon: <IconListDetails size={20} />,
    },
    ...(user.is_coach
      ? []
      : [{ to: paths.scanner, label: 'Record a round', hint: 'Shot by shot, hole by hole', icon: <IconPlus size={20} /> }]),
    // The side menu has no entry for the team views or the organisation: they are reached from here.
    ...(user.is_coach
      ? [
          { to: paths.teamScoring, label: 'Team statistics', hint: 'Your players side by side', icon: <IconUsersGroup size={20} /> },
          {
            to: paths.drillresultsTeam,
            label: 'Team drill results',
            hint: 'A drill across your players, ranked',
            icon: <IconTargetArrow size={20} />,
          },
        ]
      : []),
    { to: paths.orgInfo, label: 'Your organisation', hint: 'Coaches, your seat, invitations', icon: <IconBuildingCommunity size={20} /> },
    { to: paths.howTo, label: 'Help', hint: 'Recording rounds and strokes gained', icon: <IconBook size={20} /> },
    { to: paths.account, label: 'Edit profile', hint: 'Name, benchmark, units and theme', icon: <IconUser size={20} /> },
  ];

  return (
    <Stack maw={880}>
      {/* First name only: the full display name already sits under the menu header, once. */}
      <Title order={1} size="h2">
        Welcome, {user.first_name.trim() || displayName(user)}
      </Title>
      <Card withBorder>
        <Group justify="space-between">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Your plan
            </Text>
            <Group gap="xs">
              <Badge size="lg" variant="light" data-testid="subscription-tier">
                {tier}
              </Badge>
              {subscription && !isActiveStatus(subscription.status) && (
                <Text size="sm" c="dimmed">
                  ({subscription.status.toLowerCase().replace('_', ' ')})
                </Text>
              )}
            </Group>
          </Stack>
          {tier === 'Free' && (
            <Button component={Link} to={paths.subscriptions} variant="light">
              See plans
            </Button>
          )}
        </Group>
        {unreadCount > 0 && (
          <Text size="sm" mt="sm">
            You have {unreadCount} unread{' '}
            <Anchor component={Link} to={paths.notifications}>
              notification{unreadCount === 1 ? '' : 's'}
            </Anchor>
            .
          </Text>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {links.map((link) => (
          <Card key={link.to} component={Link} to={link.to} withBorder padding="md">
            <Group gap="sm" wrap="nowrap">
              {link.icon}
              <Stack gap={0}>
                <Text fw={600}>{link.label}</Text>
                <Text size="sm" c="dimmed">
                  {link.hint}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Today is {formatDate(new Date())}
        </Text>
        {/* Same name and confirmation as the menu's Log Out. */}
        <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={confirmLogout}>
          Log Out
        </Button>
      </Group>
    </Stack>
  );
}
