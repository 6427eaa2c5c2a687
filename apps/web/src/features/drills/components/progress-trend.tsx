/**
 * How a drill's trend reads: the change per 30 days with an arrow for its direction AND words for
 * what it means for this drill (improving or getting worse), never colour alone.
 */
import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { formatStat, roundTo, type DrillProgress } from '@holeout/golf';

export type TrendDirection = 'up' | 'down' | 'flat';

export interface TrendReading {
  /** The score's direction, null without a trend (fewer than two attempts at different times). */
  direction: TrendDirection | null;
  /** "+0.8 per 30 days, improving" (a word only beyond the noise), "Steady", or '-' without a trend. */
  words: string;
}

/** What the trend per 30 days says, rounded for display (2 decimals; '-' when there is none). */
export function readTrend(progress: Pick<DrillProgress, 'trendPer30Days' | 'improving'>): TrendReading {
  const trend = progress.trendPer30Days;
  if (trend === null || !Number.isFinite(trend)) return { direction: null, words: '-' };
  const shown = roundTo(trend, 2);
  if (shown === 0) return { direction: 'flat', words: 'Steady' };
  // A word for what the trend means only when it is larger than its noise (improving is null otherwise).
  const meaning = progress.improving === null ? '' : progress.improving ? ', improving' : ', getting worse';
  return { direction: shown > 0 ? 'up' : 'down', words: `${shown > 0 ? '+' : ''}${formatStat(trend)} per 30 days${meaning}` };
}

const ARROW_CHARACTERS: Record<TrendDirection, string> = { up: '↑', down: '↓', flat: '→' };

/** The trend as plain text for a table cell: "↑ +0.8 per 30 days, improving". */
export function trendText(progress: Pick<DrillProgress, 'trendPer30Days' | 'improving'>): string {
  const reading = readTrend(progress);
  return reading.direction === null ? reading.words : `${ARROW_CHARACTERS[reading.direction]} ${reading.words}`;
}

const ARROW_ICONS = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight } as const;

/** The trend with its arrow drawn (hidden from screen readers: the words carry it). */
export function TrendLabel({
  progress,
  size = 'sm',
}: {
  progress: Pick<DrillProgress, 'trendPer30Days' | 'improving'>;
  size?: 'sm' | 'md';
}) {
  const reading = readTrend(progress);
  if (reading.direction === null) return <Text size={size}>{reading.words}</Text>;
  const Arrow = ARROW_ICONS[reading.direction];
  return (
    <Group gap={4} wrap="nowrap" component="span" data-trend={reading.direction}>
      <Arrow size={18} aria-hidden="true" stroke={2.25} />
      <Text size={size} component="span">
        {reading.words}
      </Text>
    </Group>
  );
}
