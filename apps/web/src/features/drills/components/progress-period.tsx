/**
 * The period of the drill progress page: the last 3 months, the last year or everything, asked of
 * the API as `from` (the first day, YYYY-MM-DD in local time).
 */
import { SegmentedControl } from '@mantine/core';
import dayjs from 'dayjs';
import { TOUCH_SEGMENTS } from '../../../lib/theme.ts';

export type ProgressPeriod = '3m' | '1y' | 'all';

export const PROGRESS_PERIODS: ReadonlyArray<{ value: ProgressPeriod; label: string; words: string }> = [
  { value: '3m', label: '3 months', words: 'in the last 3 months' },
  { value: '1y', label: '1 year', words: 'in the last year' },
  { value: 'all', label: 'All', words: 'so far' },
];

/** The period named in the address (?period=3m), all when missing or unknown. */
export function asPeriod(value: string | null): ProgressPeriod {
  return value === '3m' || value === '1y' ? value : 'all';
}

/** How a period reads after "Results": "in the last 3 months", "so far". */
export function periodWords(period: ProgressPeriod): string {
  return PROGRESS_PERIODS.find((candidate) => candidate.value === period)!.words;
}

/** The first day (YYYY-MM-DD, local) the period covers, undefined for all. */
export function periodStart(period: ProgressPeriod, today: Date = new Date()): string | undefined {
  if (period === 'all') return undefined;
  return dayjs(today)
    .subtract(period === '3m' ? 3 : 12, 'month')
    .format('YYYY-MM-DD');
}

export function PeriodSwitch({ period, onChange }: { period: ProgressPeriod; onChange: (period: ProgressPeriod) => void }) {
  return (
    <SegmentedControl
      aria-label="Period"
      fullWidth
      value={period}
      onChange={(value) => onChange(asPeriod(value))}
      data={PROGRESS_PERIODS.map((option) => ({ value: option.value, label: option.label }))}
      styles={TOUCH_SEGMENTS}
      maw={480}
    />
  );
}
