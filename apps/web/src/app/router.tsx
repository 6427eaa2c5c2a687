import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { importWithRetry } from './lazy-retry.ts';
import { AppLayout, RequireAuth, RouteLoading } from './layout.tsx';
import { PENDING_PAGES } from './pending-pages.ts';
import { paths, type AppPath } from './paths.ts';

type PageModule = { default: ComponentType };

/** A route.lazy loader for a page module, retried once and then by reload (lazy-retry.ts). */
function page(load: () => Promise<PageModule>): NonNullable<RouteObject['lazy']> {
  return async () => {
    const module = await importWithRetry(load);
    return { Component: module.default };
  };
}

const relative = (path: AppPath) => path.replace(/^\//, '');

const pendingPage = page(() => import('./pending-page.tsx'));

/** Every route of spec section 2, each lazy-loaded. */
export function buildRoutes(): RouteObject[] {
  const pendingRoutes: RouteObject[] = (Object.keys(PENDING_PAGES) as AppPath[]).map((path) => ({
    path: relative(path),
    lazy: pendingPage,
  }));

  return [
    {
      path: '/',
      Component: AppLayout,
      HydrateFallback: RouteLoading,
      children: [
        { path: relative(paths.login), lazy: page(() => import('../features/account/pages/login-page.tsx')) },
        { path: relative(paths.registration), lazy: page(() => import('../features/account/pages/registration-page.tsx')) },
        { path: relative(paths.verifyUser), lazy: page(() => import('../features/account/pages/verify-user-page.tsx')) },
        { path: relative(paths.passwordReset), lazy: page(() => import('../features/account/pages/password-reset-page.tsx')) },
        { path: relative(paths.howTo), lazy: page(() => import('../features/help/pages/how-to-page.tsx')) },
        {
          Component: RequireAuth,
          children: [
            { index: true, lazy: page(() => import('../features/home/pages/root-page.tsx')) },
            { path: relative(paths.account), lazy: page(() => import('../features/account/pages/account-page.tsx')) },
            ...pendingRoutes,
          ],
        },
        { path: '*', element: <Navigate to={paths.root} replace /> },
      ],
    },
  ];
}
