import { describe, expect, it } from 'vitest';
import { axisTickLabel, categoryAxisProps, scaleTicks } from './stat-charts.tsx';

describe('axis ticks', () => {
  it('whole numbers carry no decimals, others at most two with no trailing zeros, and 0 is "0"', () => {
    expect([-22, -7, 0, 8, 100].map(axisTickLabel)).toEqual(['-22', '-7', '0', '8', '100']);
    expect([0.5, -1.5, 1.25, 0.1 + 0.2, 2.005].map(axisTickLabel)).toEqual(['0.5', '-1.5', '1.25', '0.3', '2.01']);
    expect([-0, -0.001, Number.NaN, Number.POSITIVE_INFINITY].map(axisTickLabel)).toEqual(['0', '0', '', '']);
  });
});

describe('scale ticks', () => {
  it('steps at round numbers and always includes 0', () => {
    expect(scaleTicks(-1.3, 0.4)).toEqual([-1.5, -1, -0.5, 0, 0.5]);
    expect(scaleTicks(2, 9)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(scaleTicks(-0.07, -0.01)).toEqual([-0.08, -0.06, -0.04, -0.02, 0]);
    expect(scaleTicks(0, 0)).toEqual([0]);
    expect(scaleTicks(0.1, 0.2, 3)).toEqual([0, 0.1, 0.2]);
  });
});

describe('category axis', () => {
  it('draws every category label, tilting them on a phone when there are more than four', () => {
    expect(categoryAxisProps(8, false)).toEqual({ interval: 0 });
    expect(categoryAxisProps(4, true)).toEqual({ interval: 0 });
    expect(categoryAxisProps(8, true)).toMatchObject({ interval: 0, angle: -40, textAnchor: 'end' });
  });
});
