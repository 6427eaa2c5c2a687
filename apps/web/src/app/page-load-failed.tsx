import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { ChunkLoadError, importWithRetry } from './lazy-retry.ts';
import { RouteLoading } from './route-loading.tsx';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Pages loaded through "Try again", so a later visit to the same route renders them at once. */
const recoveredPages = new WeakMap<PageLoader, ComponentType>();

/** What the app shows in place of a page whose code could not be loaded. */
export function PageLoadNotice({ offline, retrying, onRetry }: { offline: boolean; retrying: boolean; onRetry: () => void }) {
  return (
    <Stack maw={560} data-testid="page-load-notice">
      <Title order={1} size="h2">
        {offline ? 'You are offline' : 'This page could not be loaded'}
      </Title>
      <Alert icon={<IconWifiOff size={18} aria-hidden />} color="gray" variant="light" title={offline ? 'No connection' : 'Loading failed'}>
        <Text size="sm">
          {offline
            ? 'This page has not been opened on this device yet, and there is no internet connection to fetch it. Check the connection, then try again.'
            : 'Something went wrong while fetching this page. Try again in a moment.'}
        </Text>
      </Alert>
      <div>
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </div>
    </Stack>
  );
}

function FailedPage({ load, offline: offlineAtFailure }: { load: PageLoader; offline: boolean }) {
  const [Loaded, setLoaded] = useState<ComponentType | null>(() => recoveredPages.get(load) ?? null);
  // Back online since the failure (a later visit): fetch at once instead of showing the notice.
  const [retrying, setRetrying] = useState(() => !recoveredPages.has(load) && navigator.onLine !== false && offlineAtFailure);
  const [offline, setOffline] = useState(offlineAtFailure);

  const retry = useCallback(async () => {
    setRetrying(true);
    try {
      const module = await importWithRetry(load);
      recoveredPages.set(load, module.default);
      setLoaded(() => module.default);
    } catch (cause) {
      setOffline(cause instanceof ChunkLoadError ? cause.offline : false);
    } finally {
      setRetrying(false);
    }
  }, [load]);

  const [retryOnMount] = useState(retrying);
  useEffect(() => {
    if (retryOnMount) void retry();
  }, [retryOnMount, retry]);

  if (Loaded) return <Loaded />;
  if (retryOnMount && retrying) return <RouteLoading />;
  return <PageLoadNotice offline={offline} retrying={retrying} onRetry={() => void retry()} />;
}

/** The route component that stands in for a page whose chunk failed to load. */
export function failedPage(load: PageLoader, failure: unknown): ComponentType {
  const offline = failure instanceof ChunkLoadError && failure.offline;
  return function PageLoadFailed() {
    return <FailedPage load={load} offline={offline} />;
  };
}
