/**
 * The ordinary least-squares line through points (x, y), the one fit behind every trend the product
 * names (a player's strokes gained per round, a drill's scores): slope b = Sxy / Sxx through the
 * means, and the slope's standard error sqrt(SSE / (n - 2) / Sxx), where SSE is the sum of squared
 * residuals around the line.
 */
export interface LeastSquaresLine {
  /** Change of y per unit of x. */
  slope: number;
  /** The slope's standard error; null with fewer than three points (no residual left to measure). */
  standardError: number | null;
  /** The line passes through (meanX, meanY). */
  meanX: number;
  meanY: number;
}

/** The line through the points; null when its slope is undefined (fewer than two points, or every x the same). */
export function leastSquares(xs: readonly number[], ys: readonly number[]): LeastSquaresLine | null {
  const n = xs.length;
  if (n !== ys.length) throw new RangeError('leastSquares: xs and ys differ in length');
  if (n < 2) return null;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - meanX) ** 2;
    sxy += (xs[i]! - meanX) * (ys[i]! - meanY);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  if (n < 3) return { slope, standardError: null, meanX, meanY };
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ys[i]! - meanY - slope * (xs[i]! - meanX)) ** 2;
  return { slope, standardError: Math.sqrt(sse / (n - 2) / sxx), meanX, meanY };
}
