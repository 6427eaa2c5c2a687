import { describe, expect, it } from 'vitest';
import { leastSquares } from './least-squares.ts';

describe('leastSquares', () => {
  it('fits three points worked by hand', () => {
    // Points (0, 1), (1, 3), (2, 2): means (1, 2); Sxx = 2, Sxy = 1, slope 0.5. Residuals -0.5, 1, -0.5:
    // SSE 1.5, standard error sqrt(1.5 / 1 / 2) = sqrt(0.75).
    const fit = leastSquares([0, 1, 2], [1, 3, 2]);
    expect(fit).not.toBeNull();
    expect(fit!.slope).toBeCloseTo(0.5, 12);
    expect(fit!.standardError).toBeCloseTo(Math.sqrt(0.75), 12);
    expect([fit!.meanX, fit!.meanY]).toEqual([1, 2]);
  });

  it('has a slope without a standard error through two points, and none through one point or one x', () => {
    expect(leastSquares([0, 4], [1, 3])).toEqual({ slope: 0.5, standardError: null, meanX: 2, meanY: 2 });
    expect(leastSquares([5], [1])).toBeNull();
    expect(leastSquares([], [])).toBeNull();
    expect(leastSquares([2, 2, 2], [1, 5, 9])).toBeNull();
  });

  it('has a zero standard error on a straight line, and refuses lists of different lengths', () => {
    expect(leastSquares([0, 1, 2, 3], [3, 1, -1, -3])).toEqual({ slope: -2, standardError: 0, meanX: 1.5, meanY: 0 });
    expect(() => leastSquares([0, 1], [1])).toThrow(RangeError);
  });
});
