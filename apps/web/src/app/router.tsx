import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { importWithRetry } from './lazy-retry.ts';
import { AppLayout, RequireAuth, RequireGuest } from './layout.tsx';
import { failedPage, type PageLoader } from './page-load-failed.tsx';
import { paths, type AppPath } from '../lib/paths.ts';
import { RequireOrgManager, RequirePremium } from './require-access.tsx';
import { RouteError } from './route-error.tsx';
import { RouteLoading } from './route-loading.tsx';
import type { RouteMeta } from './route-meta.ts';

/**
 * A route.lazy loader for a page module, retried (lazy-retry.ts). A page that cannot be loaded
 * (offline) becomes a notice with "Try again" inside the app, never the browser's error page.
 */
export function lazyPage(load: PageLoader): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const module = await importWithRetry(load);
      return { Component: module.default };
    } catch (failure) {
      return { Component: failedPage(load, failure) };
    }
  };
}

const relative = (path: AppPath) => path.replace(/^\//, '');
const meta = (title: string): RouteMeta => ({ title });

/** Pages the menu shows only with premium access: the calendar, drills and their results, AI Coach. */
export const PREMIUM_PATHS: readonly AppPath[] = [
  paths.calendar,
  paths.drills,
  paths.drill,
  paths.drillresults,
  paths.drillprogress,
  paths.aiCoach,
  paths.aiCoachDiagnosis,
];
/** Only for a coach who bought an active organisation subscription. */
export const ORG_MANAGER_PATHS: readonly AppPath[] = [paths.orgManagement];

/** Every route of the app (lib/paths.ts), each lazy-loaded; an unknown path goes to the root. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: AppLayout,
      HydrateFallback: RouteLoading,
      ErrorBoundary: RouteError,
      children: [
        { path: relative(paths.login), handle: meta('Log in'), lazy: lazyPage(() => import('../features/account/pages/login-page.tsx')) },
        { path: relative(paths.howTo), handle: meta('How-To'), lazy: lazyPage(() => import('../features/help/pages/how-to-page.tsx')) },
        // An invitation link works signed out too: the page offers log in or registration and comes back.
        {
          path: relative(paths.invite),
          handle: meta('Invitation'),
          lazy: lazyPage(() => import('../features/orgs/pages/invite-page.tsx')),
        },
        {
          Component: RequireGuest,
          children: [
            {
              path: relative(paths.registration),
              handle: meta('Create account'),
              lazy: lazyPage(() => import('../features/account/pages/registration-page.tsx')),
            },
            {
              path: relative(paths.verifyUser),
              handle: meta('Verify your e-mail'),
              lazy: lazyPage(() => import('../features/account/pages/verify-user-page.tsx')),
            },
            {
              path: relative(paths.passwordReset),
              handle: meta('Reset password'),
              lazy: lazyPage(() => import('../features/account/pages/password-reset-page.tsx')),
            },
          ],
        },
        {
          Component: RequireAuth,
          children: [
            { index: true, handle: meta('Welcome'), lazy: lazyPage(() => import('../features/welcome/pages/root-page.tsx')) },
            {
              path: relative(paths.subscriptions),
              handle: meta('Subscribe'),
              lazy: lazyPage(() => import('../features/subscriptions/pages/subscriptions-page.tsx')),
            },
            {
              path: relative(paths.setup),
              handle: meta('Set up'),
              lazy: lazyPage(() => import('../features/account/pages/setup-page.tsx')),
            },
            {
              path: relative(paths.account),
              handle: meta('My Profile'),
              lazy: lazyPage(() => import('../features/account/pages/account-page.tsx')),
            },
            {
              path: relative(paths.scanner),
              handle: meta('Add Round'),
              lazy: lazyPage(() => import('../features/rounds/pages/add-round-page.tsx')),
            },
            {
              path: relative(paths.events),
              handle: meta('Events'),
              lazy: lazyPage(() => import('../features/events/pages/events-page.tsx')),
            },
            { path: relative(paths.event), handle: meta('Event'), lazy: lazyPage(() => import('../features/events/pages/event-page.tsx')) },
            {
              path: relative(paths.home),
              handle: meta('Statistics'),
              lazy: lazyPage(() => import('../features/stats/pages/home-page.tsx')),
            },
            {
              path: relative(paths.noStats),
              handle: meta('No statistics yet'),
              lazy: lazyPage(() => import('../features/stats/pages/no-stats-page.tsx')),
            },
            {
              path: relative(paths.customSgSettings),
              handle: meta('Strokes gained settings'),
              lazy: lazyPage(() => import('../features/stats/pages/custom-sg-settings-page.tsx')),
            },
            {
              path: relative(paths.playerScoring),
              handle: meta('Scoring'),
              lazy: lazyPage(() => import('../features/stats/pages/player-scoring-page.tsx')),
            },
            {
              path: relative(paths.playerPutting),
              handle: meta('Putting'),
              lazy: lazyPage(() => import('../features/stats/pages/player-putting-page.tsx')),
            },
            {
              path: relative(paths.playerShortgame),
              handle: meta('Short game'),
              lazy: lazyPage(() => import('../features/stats/pages/player-shortgame-page.tsx')),
            },
            {
              path: relative(paths.playerApproach),
              handle: meta('Approach'),
              lazy: lazyPage(() => import('../features/stats/pages/player-approach-page.tsx')),
            },
            {
              path: relative(paths.playerDrives),
              handle: meta('Driving'),
              lazy: lazyPage(() => import('../features/stats/pages/player-drives-page.tsx')),
            },
            {
              path: relative(paths.missStats),
              handle: meta('Miss statistics'),
              lazy: lazyPage(() => import('../features/stats/pages/miss-stats-page.tsx')),
            },
            {
              path: relative(paths.notifications),
              handle: meta('Notifications'),
              lazy: lazyPage(() => import('../features/notifications/pages/notifications-page.tsx')),
            },
            {
              path: relative(paths.notificationSettings),
              handle: meta('Notification settings'),
              lazy: lazyPage(() => import('../features/notifications/pages/notification-settings-page.tsx')),
            },
            {
              path: relative(paths.orgInfo),
              handle: meta('Organisation'),
              lazy: lazyPage(() => import('../features/orgs/pages/org-info-page.tsx')),
            },
            {
              path: relative(paths.group),
              handle: meta('Team players'),
              lazy: lazyPage(() => import('../features/stats/pages/group-page.tsx')),
            },
            {
              path: relative(paths.teamScoring),
              handle: meta('Team scoring'),
              lazy: lazyPage(() => import('../features/stats/pages/team-scoring-page.tsx')),
            },
            {
              path: relative(paths.teamPutting),
              handle: meta('Team putting'),
              lazy: lazyPage(() => import('../features/stats/pages/team-putting-page.tsx')),
            },
            {
              path: relative(paths.teamShortgame),
              handle: meta('Team short game'),
              lazy: lazyPage(() => import('../features/stats/pages/team-shortgame-page.tsx')),
            },
            {
              path: relative(paths.teamApproach),
              handle: meta('Team approach'),
              lazy: lazyPage(() => import('../features/stats/pages/team-approach-page.tsx')),
            },
            {
              path: relative(paths.teamDrives),
              handle: meta('Team driving'),
              lazy: lazyPage(() => import('../features/stats/pages/team-drives-page.tsx')),
            },
            {
              path: relative(paths.drillresultsTeam),
              handle: meta('Team drill results'),
              lazy: lazyPage(() => import('../features/drills/pages/drillresults-team-page.tsx')),
            },
            {
              path: relative(paths.tagManager),
              handle: meta('Tags'),
              lazy: lazyPage(() => import('../features/tags/pages/tag-manager-page.tsx')),
            },
            {
              Component: RequirePremium,
              children: [
                {
                  path: relative(paths.calendar),
                  handle: meta('Calendar'),
                  lazy: lazyPage(() => import('../features/calendar/pages/calendar-page.tsx')),
                },
                {
                  path: relative(paths.drills),
                  handle: meta('Drills'),
                  lazy: lazyPage(() => import('../features/drills/pages/drills-page.tsx')),
                },
                {
                  path: relative(paths.drill),
                  handle: meta('Drill'),
                  lazy: lazyPage(() => import('../features/drills/pages/drill-page.tsx')),
                },
                {
                  path: relative(paths.drillresults),
                  handle: meta('Drill results'),
                  lazy: lazyPage(() => import('../features/drills/pages/drillresults-page.tsx')),
                },
                {
                  path: relative(paths.drillprogress),
                  handle: meta('Drill progress'),
                  lazy: lazyPage(() => import('../features/drills/pages/drillprogress-page.tsx')),
                },
                {
                  path: relative(paths.aiCoach),
                  handle: meta('AI Coach'),
                  lazy: lazyPage(() => import('../features/ai-coach/pages/ai-coach-page.tsx')),
                },
                {
                  path: relative(paths.aiCoachDiagnosis),
                  handle: meta('Diagnosis'),
                  lazy: lazyPage(() => import('../features/ai-coach/pages/diagnosis-page.tsx')),
                },
              ],
            },
            {
              Component: RequireOrgManager,
              children: [
                {
                  path: relative(paths.orgManagement),
                  handle: meta('Org. Management'),
                  lazy: lazyPage(() => import('../features/orgs/pages/org-management-page.tsx')),
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.root} replace /> },
      ],
    },
  ];
}
