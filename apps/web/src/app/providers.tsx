import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { themeAt } from '@holeout/golf';
import { useEffect, useMemo, type ReactNode } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { themeIndexOf } from '../lib/session/session.ts';
import { useSession } from '../lib/session/use-session.ts';
import { buildCssVariablesResolver, buildMantineTheme } from '../lib/theme.ts';

/** Mantine themed from the session's theme; the theme name is mirrored on <html data-theme>. */
function ThemedMantine({ children }: { children: ReactNode }) {
  const themeIndex = useSession(themeIndexOf);
  const theme = useMemo(() => buildMantineTheme(themeIndex), [themeIndex]);
  const cssVariablesResolver = useMemo(() => buildCssVariablesResolver(themeIndex), [themeIndex]);
  useEffect(() => {
    document.documentElement.dataset.theme = themeAt(themeIndex).name;
  }, [themeIndex]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ModalsProvider>
        <Notifications position="top-center" limit={3} />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}

export function AppProviders({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedMantine>{children}</ThemedMantine>
    </QueryClientProvider>
  );
}
