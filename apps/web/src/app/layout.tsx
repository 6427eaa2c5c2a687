import { AppShell, Burger, Center, Group, Loader, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { session } from '../lib/session/session.ts';
import { useSession } from '../lib/session/use-session.ts';
import { useEdgeSwipe } from '../lib/use-edge-swipe.ts';
import { isSwipeEnabled, paths } from './paths.ts';
import { SideMenu, useBrandName } from './side-menu.tsx';

/** The app frame: header with burger, and the side menu, which is disabled while logged out. */
export function AppLayout() {
  const loggedIn = useSession((s) => s.status === 'loggedIn');
  const brand = useBrandName();
  const { pathname } = useLocation();
  const [opened, { toggle, open, close }] = useDisclosure(false);
  const openMenu = useCallback(() => open(), [open]);

  useEdgeSwipe(openMenu, loggedIn && isSwipeEnabled(pathname));
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (!loggedIn) close();
  }, [loggedIn, close]);
  // The unread badge follows the user back to the app.
  useEffect(() => {
    if (!loggedIn) return undefined;
    const onFocus = () => void session.refreshUnreadCount();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [loggedIn]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !loggedIn } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          {loggedIn && <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" aria-expanded={opened} />}
          <Title order={3} c="brand.7">
            {brand}
          </Title>
        </Group>
      </AppShell.Header>
      {loggedIn && (
        <AppShell.Navbar p="xs">
          <SideMenu onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** Pages behind sign-in: wait for a stored session to load, else go to the login page. */
export function RequireAuth() {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'loading') {
    return (
      <Center mih={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (status !== 'loggedIn') return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

export function RouteLoading() {
  return (
    <Center mih={200}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
