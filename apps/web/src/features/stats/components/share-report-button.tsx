import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// The dialog (its form, the report calls) loads on the first tap: the statistics pages open without it.
const ShareReportDialog = lazy(() => import('./share-report-dialog.tsx').then((module) => ({ default: module.ShareReportDialog })));

/**
 * "Share report" in a statistics header: opens the report dialog. `team`: the players of a team
 * view, one of whom the coach picks; without it, the page's player.
 */
export function ShareReportButton({ team }: { team?: readonly number[] }) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="light"
        h={44}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        Share report
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ShareReportDialog opened={opened} onClose={() => setOpened(false)} team={team} />
        </Suspense>
      )}
    </>
  );
}
