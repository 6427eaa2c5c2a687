import { describe, expect, it } from 'vitest';
import { axisTickLabel } from './stat-charts.tsx';

describe('axis ticks', () => {
  it('whole numbers carry no decimals, others at most two with no trailing zeros, and 0 is "0"', () => {
    expect([-22, -7, 0, 8, 100].map(axisTickLabel)).toEqual(['-22', '-7', '0', '8', '100']);
    expect([0.5, -1.5, 1.25, 0.1 + 0.2, 2.005].map(axisTickLabel)).toEqual(['0.5', '-1.5', '1.25', '0.3', '2.01']);
    expect([-0, -0.001, Number.NaN, Number.POSITIVE_INFINITY].map(axisTickLabel)).toEqual(['0', '0', '', '']);
  });
});
