/**
 * What the three drill result pages (drillresults, drillprogress, drillresults-team) share: the
 * loading block and the table of attempts by their field values.
 */
import { Skeleton, Stack } from '@mantine/core';
import type { DrillResponse, DrillResultResponse } from '@holeout/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { DataTable } from '../../../components/charts/chart-figure.tsx';
import { formatResultValue } from '../lib/drill-values.ts';

/** Placeholders while the page loads; `label` names what is loading for screen readers. */
export function DrillPageLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label} data-testid="drill-page-loading">
      <Skeleton height={44} />
      <Skeleton height={220} />
      <Skeleton height={120} />
    </Stack>
  );
}

/** Every attempt with the value of each of the drill's fields, oldest first ('-' where a value is missing). */
export function ResultValuesTable({
  drill,
  results,
  caption,
  withPlayer,
}: {
  drill: DrillResponse;
  results: readonly DrillResultResponse[];
  caption: string;
  withPlayer?: (uid: number) => string;
}) {
  return (
    <DataTable
      caption={caption}
      table={{
        newestLast: true,
        columns: ['Date', ...(withPlayer ? ['Player'] : []), ...drill.fields.map((field) => field.label)],
        rows: results.map((result) => [
          formatDateTime(result.time),
          ...(withPlayer ? [withPlayer(result.uid)] : []),
          ...drill.fields.map((field) => formatResultValue(field, result.values[field.key] ?? null)),
        ]),
      }}
    />
  );
}
