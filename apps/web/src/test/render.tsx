import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { buildRoutes } from '../app/router.tsx';
import { createAppQueryClient } from '../lib/query-client.ts';
import { buildMantineTheme } from '../lib/theme.ts';

/** Mantine, modals, query client and an in-memory router around one component. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createAppQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={buildMantineTheme(0)}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
  return render(ui, { wrapper });
}

/** The whole app (real routes, real providers) at one path. */
export function renderApp(route: string, queryClient: QueryClient = createAppQueryClient()) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [route] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
