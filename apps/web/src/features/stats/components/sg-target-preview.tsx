import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CustomSgSettings } from '@holeout/contracts';
import { formatDate, roundTo, type PlayerRound } from '@holeout/golf';
import { useMemo } from 'react';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { SgBarChart } from './sg-charts.tsx';
import { previewRounds } from '../lib/custom-sg-preview.ts';
import { targetScoreOf } from '../lib/custom-sg-form.ts';
import { formatSg } from '../lib/format.ts';

const TITLE = 'Your last rounds against this target';

function PreviewNotice({ children }: { children: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sg-preview-heading" data-testid="sg-preview">
      <Stack gap="xs">
        <Title order={2} size="h4" id="sg-preview-heading">
          {TITLE}
        </Title>
        <Text size="sm" role="status">
          {children}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * How the latest rounds read against the draft target and distances: strokes gained per round
 * (per 18 holes) by part of the game, computed in the browser as the user types.
 */
export function SgTargetPreview({
  rounds,
  settings,
  loading,
  failed,
}: {
  rounds: readonly PlayerRound[];
  settings: CustomSgSettings | null;
  loading: boolean;
  failed: boolean;
}) {
  const rows = useMemo(() => (settings ? previewRounds(rounds, settings) : []), [rounds, settings]);
  if (loading) {
    return (
      <Card withBorder radius="md" padding="md" aria-busy="true" aria-label="Loading your last rounds">
        <Stack gap="sm">
          <Skeleton height={22} width="60%" />
          <Skeleton height={200} />
        </Stack>
      </Card>
    );
  }
  if (failed) {
    return (
      <Alert color="gray" title="The preview is not available">
        Your last rounds could not be loaded. You can still save your settings.
      </Alert>
    );
  }
  if (rounds.length === 0)
    return (
      <PreviewNotice>The preview appears here once you have rounds: it shows how your last rounds read against your target.</PreviewNotice>
    );
  if (!settings) return <PreviewNotice>Enter a valid target and distances to see how your last rounds read against them.</PreviewNotice>;
  if (rows.length === 0) return <PreviewNotice>Your last rounds could not be scored.</PreviewNotice>;

  const target = roundTo(targetScoreOf(settings), 1);
  return (
    <div data-testid="sg-preview">
      <ChartFigure
        title={TITLE}
        definition="Strokes gained per 18 holes against your target, with the distances above, for each of your last rounds (newest first). Above 0 is better than your target."
        note={`Against a target of ${target}, per 18 holes. Updates as you type; nothing is saved until you press Save.`}
        chart={
          <SgBarChart
            rows={rows.map((row) => ({ key: String(row.event_id), label: formatDate(row.start), value: row.sg.overall }))}
            height={220}
            labelWidth={72}
          />
        }
        table={{
          columns: ['Date', 'Score', 'Overall', 'Off the tee', 'Approach', 'Short game', 'Putting'],
          rows: rows.map((row) => [
            formatDate(row.start),
            row.holes === 18 ? row.score : `${row.score} (${row.holes} holes)`,
            formatSg(row.sg.overall),
            formatSg(row.sg.tee),
            formatSg(row.sg.approach),
            formatSg(row.sg.chip),
            formatSg(row.sg.putt),
          ]),
        }}
      />
    </div>
  );
}
