import { Group, Image, NavLink, ScrollArea, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  IconAlertCircleFilled,
  IconBell,
  IconBook,
  IconCalendar,
  IconChartBar,
  IconCreditCard,
  IconExternalLink,
  IconId,
  IconListDetails,
  IconLogout,
  IconPlus,
  IconRobot,
  IconTarget,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { displayName } from '@holeout/golf';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { STATCARD_URL } from '../lib/config.ts';
import { headerColours } from '../lib/session/branding.ts';
import { confirmLogout } from '../lib/session/confirm-logout.tsx';
import { useSession } from '../lib/session/use-session.ts';
import { useBrandName } from './brand-name.ts';
import { visibleMenuItems, type MenuItem, type MenuItemId } from './menu-items.ts';

const ICON_SIZE = 18;
const icons: Record<MenuItemId, ReactNode> = {
  statistics: <IconChartBar size={ICON_SIZE} />,
  calendar: <IconCalendar size={ICON_SIZE} />,
  drills: <IconTarget size={ICON_SIZE} />,
  aiCoach: <IconRobot size={ICON_SIZE} />,
  events: <IconListDetails size={ICON_SIZE} />,
  addRound: <IconPlus size={ICON_SIZE} />,
  notifications: <IconBell size={ICON_SIZE} />,
  statCard: <IconId size={ICON_SIZE} />,
  howTo: <IconBook size={ICON_SIZE} />,
  myProfile: <IconUser size={ICON_SIZE} />,
  orgManagement: <IconUsersGroup size={ICON_SIZE} />,
  subscribe: <IconCreditCard size={ICON_SIZE} />,
  logOut: <IconLogout size={ICON_SIZE} />,
};

/** The brand over the menu: the organisation's name when its branding applies, else the product name. */
export function MenuHeader() {
  const brand = useBrandName();
  const logoUrl = useSession((s) => s.branding?.logoUrl ?? null);
  const colours = headerColours(useSession((s) => s.branding));
  const user = useSession((s) => s.user);
  return (
    <Stack
      gap={2}
      px="sm"
      pb="sm"
      pt={colours ? 'sm' : undefined}
      mb={colours ? 'xs' : undefined}
      data-testid="menu-header"
      // The organisation's colour with black or white text, whichever contrasts more (at least 4.5:1).
      style={colours ? { backgroundColor: colours.background, color: colours.text, borderRadius: 'var(--mantine-radius-md)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap">
        {logoUrl && <Image src={logoUrl} alt={brand} w={40} h={40} fit="contain" style={{ flexShrink: 0 }} data-testid="menu-logo" />}
        <Title
          order={2}
          size="h4"
          c={colours ? 'inherit' : undefined}
          miw={0}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="menu-brand"
        >
          {brand}
        </Title>
      </Group>
      {/* An e-mail used as the name has no spaces: let it break anywhere rather than widen the menu. */}
      <Text size="sm" c={colours ? 'inherit' : 'dimmed'} data-testid="menu-display-name" style={{ overflowWrap: 'anywhere' }}>
        {displayName(user)}
      </Text>
    </Stack>
  );
}

function MenuEntry({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const unread = useSession((s) => s.unreadCount > 0);
  const icon = icons[item.id];

  if (item.id === 'statCard') {
    return (
      <NavLink
        component="a"
        href={STATCARD_URL}
        target="_blank"
        rel="noopener noreferrer"
        label={item.label}
        leftSection={icon}
        rightSection={<IconExternalLink size={14} aria-hidden />}
      />
    );
  }
  if (item.id === 'logOut') {
    return (
      <NavLink
        component="button"
        type="button"
        label={item.label}
        leftSection={icon}
        onClick={() => {
          onNavigate();
          confirmLogout();
        }}
      />
    );
  }
  const showUnread = item.id === 'notifications' && unread;
  return (
    <NavLink
      component={Link}
      to={item.to ?? '/'}
      label={item.label}
      leftSection={icon}
      active={pathname === item.to}
      onClick={onNavigate}
      aria-describedby={showUnread ? 'unread-notifications' : undefined}
      rightSection={
        showUnread ? (
          <IconAlertCircleFilled size={16} color="var(--mantine-color-red-6)" aria-hidden data-testid="unread-alert" />
        ) : undefined
      }
    />
  );
}

/**
 * The side menu's two sections: the game (Statistics, Calendar, Drills, AI Coach, Events, Add Round,
 * Notifications, StatCard) and Settings (How-To, My Profile, Org. Management, Subscribe, Log Out).
 * The app frame puts it inside its navigation landmark (AppShell.Navbar, a <nav>), so it is no
 * landmark of its own.
 */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useSession((s) => s.user);
  const subscription = useSession((s) => s.subscription);
  const selectedRounds = useSession((s) => s.selectedRounds.length);
  const unread = useSession((s) => s.unreadCount > 0);
  const items = visibleMenuItems({ user, subscription, selectedRounds });

  return (
    <div data-testid="side-menu" style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <MenuHeader />
      {unread && <VisuallyHidden id="unread-notifications">You have unread notifications</VisuallyHidden>}
      <ScrollArea style={{ flex: 1 }}>
        {items
          .filter((item) => item.section === 'main')
          .map((item) => (
            <MenuEntry key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
          Settings
        </Text>
        {items
          .filter((item) => item.section === 'settings')
          .map((item) => (
            <MenuEntry key={item.id} item={item} onNavigate={onNavigate} />
          ))}
      </ScrollArea>
    </div>
  );
}
