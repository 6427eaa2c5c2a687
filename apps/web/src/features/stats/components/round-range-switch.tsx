import { SegmentedControl } from '@mantine/core';
import { asRoundRange, ROUND_RANGES, useRoundRange } from '../lib/round-range.ts';
import { TOUCH_SEGMENTS } from '../../../lib/theme.ts';

/**
 * All / Last 5 / Last 10 / Season in one tap: a radio group (arrow keys move, each option is read
 * with the group's name), 44 px tall, the width of a phone.
 */
export function RoundRangeSwitch() {
  const [range, chooseRange] = useRoundRange();
  return (
    <SegmentedControl
      aria-label="Rounds counted"
      fullWidth
      value={range}
      onChange={(value) => chooseRange(asRoundRange(value))}
      data={ROUND_RANGES.map((option) => ({ value: option.value, label: option.label }))}
      styles={TOUCH_SEGMENTS}
      w={{ base: '100%', xs: 360 }}
    />
  );
}
