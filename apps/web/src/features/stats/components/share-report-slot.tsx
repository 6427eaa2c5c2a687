import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The button itself loads after the page (its dialog on the first tap): the statistics routes stay within their size budget.
const ShareReportButton = lazy(() => import('./share-report-button.tsx').then((module) => ({ default: module.ShareReportButton })));

/** Where "Share report" sits in a statistics header; its box keeps the place while it loads. */
export function ShareReportSlot({ team }: { team?: readonly number[] }) {
  return (
    <Suspense fallback={<Box h={44} w={150} />}>
      <ShareReportButton team={team} />
    </Suspense>
  );
}
