import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a page shows where something could not be loaded: what failed, why if known, and Try again (44 px tall). */
export function LoadFailed({ title, onRetry, children }: { title: string; onRetry: () => unknown; children?: ReactNode }) {
  return (
    <Alert color="gray" variant="light" title={title}>
      {children}
      <Button variant="default" size="sm" h={44} mt="xs" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}
