/**
 * A player's figures on one drill (drillProgress of packages/golf): attempts, best, average,
 * latest, recent form and the trend per 30 days, as small cards in a description list.
 */
import { Card, SimpleGrid, Text } from '@mantine/core';
import type { DrillField, DrillResponse } from '@holeout/contracts';
import { formatStat, RECENT_ATTEMPTS, type DrillProgress } from '@holeout/golf';
import type { ReactNode } from 'react';
import { TrendLabel } from './progress-trend.tsx';

/** The drill's score field when it is a NUMBER field of the drill, else null (progress needs one). */
export function scoreFieldOf(drill: Pick<DrillResponse, 'fields' | 'score_field'>): Extract<DrillField, { type: 'NUMBER' }> | null {
  const field = drill.fields.find((candidate) => candidate.key === drill.score_field);
  return field && field.type === 'NUMBER' ? field : null;
}

/** What the score is called: the field's label, with its unit when it has one ("Putts made of 10", "Distance (ft)"). */
export function scoreLabelOf(field: Extract<DrillField, { type: 'NUMBER' }>): string {
  return field.unit ? `${field.label} (${field.unit})` : field.label;
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm" component="div">
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {term}
      </Text>
      <Text component="dd" m={0} size="lg" fw={700}>
        {children}
      </Text>
    </Card>
  );
}

export function ProgressFigures({ progress, higherIsBetter }: { progress: DrillProgress; higherIsBetter: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" m={0} renderRoot={(props) => <dl {...props} />} data-testid="progress-figures">
      <Figure term="Attempts">{progress.attempts}</Figure>
      <Figure term={higherIsBetter ? 'Best (highest)' : 'Best (lowest)'}>{formatStat(progress.best)}</Figure>
      <Figure term="Average">{formatStat(progress.average)}</Figure>
      <Figure term="Latest">{formatStat(progress.latest)}</Figure>
      <Figure term={`Recent form (last ${RECENT_ATTEMPTS})`}>{formatStat(progress.recentAverage)}</Figure>
      <Figure term="Trend">
        <TrendLabel progress={progress} size="sm" />
      </Figure>
    </SimpleGrid>
  );
}
