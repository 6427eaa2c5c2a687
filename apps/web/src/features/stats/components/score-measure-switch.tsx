import { SegmentedControl } from '@mantine/core';
import { TOUCH_SEGMENTS } from '../../../lib/theme.ts';

/** What the scores chart draws: the score, or the score to par (never both on two axes of one plot). */
export type ScoreMeasure = 'score' | 'toPar';

const SCORE_MEASURES: ReadonlyArray<{ value: ScoreMeasure; label: string }> = [
  { value: 'score', label: 'Score' },
  { value: 'toPar', label: 'To par' },
];

/** Score or To par: a radio group (arrow keys move), 44 px tall. Loaded lazily with the scores chart's controls. */
export function ScoreMeasureSwitch({ value, onChange }: { value: ScoreMeasure; onChange: (measure: ScoreMeasure) => void }) {
  return (
    <SegmentedControl
      aria-label="Score or to par"
      value={value}
      onChange={(chosen) => onChange(chosen === 'toPar' ? 'toPar' : 'score')}
      data={[...SCORE_MEASURES]}
      styles={TOUCH_SEGMENTS}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
