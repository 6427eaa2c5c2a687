import { AppShell, Burger, Group, Image, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { landingAfterSignIn, safeNextPath } from '../lib/next-path.ts';
import { session } from '../lib/session/session.ts';
import { useSession } from '../lib/session/use-session.ts';
import { useEdgeSwipe } from '../lib/use-edge-swipe.ts';
import { isSwipeEnabled, paths } from '../lib/paths.ts';
import { RouteLoading } from './route-loading.tsx';
import { useScrollOnNavigation } from './scroll-on-navigation.ts';
import { documentTitle, pageTitleOf } from './route-meta.ts';
import { useBrandName } from './brand-name.ts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

// The menu and the offline line are for signed-in pages only: they load with those, not with the
// first page (login).
const SideMenu = lazy(() => import('./side-menu.tsx').then((module) => ({ default: module.SideMenu })));
const OfflineNotice = lazy(() => import('./offline-notice.tsx').then((module) => ({ default: module.OfflineNotice })));

export { RouteLoading };

/** document.title names the page (WCAG 2.4.2): the deepest route's title, then the product. */
function useDocumentTitle(): void {
  const title = documentTitle(pageTitleOf(useMatches()));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The app frame: skip link, header with burger, and the side menu, which is disabled while logged out. */
export function AppLayout() {
  const loggedIn = useSession((s) => s.status === 'loggedIn');
  const brand = useBrandName();
  const logo = useSession((s) => s.branding?.logoUrl ?? null);
  const { pathname } = useLocation();
  const [opened, { toggle, open, close }] = useDisclosure(false);
  const openMenu = useCallback(() => open(), [open]);
  const burgerRef = useRef<HTMLButtonElement>(null);

  useDocumentTitle();
  useScrollOnNavigation();
  useEdgeSwipe(openMenu, loggedIn && isSwipeEnabled(pathname));
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (!loggedIn) close();
  }, [loggedIn, close]);
  // Escape closes the open menu (as it closes a dialog) and gives the focus back to the burger that opened it.
  useEffect(() => {
    if (!opened) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      burgerRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [opened, close]);
  // The unread badge follows the user back to the app, from page to page, and every minute while the app is in view.
  useEffect(() => {
    if (!loggedIn) return undefined;
    const onFocus = () => void session.refreshUnreadCount();
    window.addEventListener('focus', onFocus);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void session.refreshUnreadCount();
    }, 60_000);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.clearInterval(timer);
    };
  }, [loggedIn]);
  useEffect(() => {
    if (loggedIn) void session.refreshUnreadCount();
  }, [pathname, loggedIn]);

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !loggedIn } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap">
            {loggedIn && (
              <Burger
                ref={burgerRef}
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle menu"
                aria-expanded={opened}
              />
            )}
            {/* The organisation's logo beside its name when branding applies (decorative: the name follows). */}
            {logo && <Image src={logo} alt="" h={32} w={32} fit="contain" data-testid="header-logo" />}
            {/* The product (or organisation) name; each page's own name is its one h1. */}
            <Text component="p" fw={700} fz="xl" c="brand" truncate="end" data-testid="header-brand">
              {brand}
            </Text>
          </Group>
        </AppShell.Header>
        {loggedIn && (
          <AppShell.Navbar p="xs" aria-label="Main menu">
            <Suspense fallback={null}>
              <SideMenu onNavigate={close} />
            </Suspense>
          </AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ overflowWrap: 'anywhere', outline: 'none' }}>
          {loggedIn && (
            <Suspense fallback={null}>
              <OfflineNotice />
            </Suspense>
          )}
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}

/** Pages behind sign-in: wait for a stored session to load, else go to the login page. */
export function RequireAuth() {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <RouteLoading />;
  if (status !== 'loggedIn') return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/**
 * Pages for people without an account (registration, verify-user, password-reset): a signed-in
 * user has no business there and goes to the root.
 */
export function RequireGuest() {
  const status = useSession((s) => s.status);
  const setupPending = useSession((s) => s.user.setup_pending);
  const { search } = useLocation();
  if (status === 'loading') return <RouteLoading />;
  // Signed in already (or just now, by verifying the e-mail): where the link meant to lead (an
  // invitation's `next`), else the root page; the first-run Set up comes first while it is pending.
  if (status === 'loggedIn') {
    const target = safeNextPath(new URLSearchParams(search).get('next')) ?? paths.root;
    return <Navigate to={landingAfterSignIn(setupPending, target)} replace />;
  }
  return <Outlet />;
}
