import { describe, expect, it } from 'vitest';
import { studentTUpperQuantile, studentTUpperTail } from './student-t.ts';

describe("Student's t", () => {
  it.each([
    // Closed forms: 1 degree of freedom is Cauchy, P(T > t) = 1/2 - atan(t) / pi; 2 degrees: (1 - t / sqrt(t^2 + 2)) / 2.
    [1, 1, 0.25],
    [3, 1, 0.5 - Math.atan(3) / Math.PI],
    [2, 2, (1 - 2 / Math.sqrt(6)) / 2],
    [16.14, 2, (1 - 16.14 / Math.sqrt(16.14 ** 2 + 2)) / 2],
    [0, 7, 0.5],
    [-1, 1, 0.75],
  ])('P(T > %f) with %i degrees of freedom = %f', (t, df, p) => {
    expect(studentTUpperTail(t, df)).toBeCloseTo(p, 12);
  });

  it.each([
    // Printed t tables.
    [0.025, 10, 2.228],
    [0.005, 2, 9.925],
    [0.05, 19, 1.729],
    [0.001, 30, 3.385],
  ])('the upper %f point with %i degrees of freedom is %f', (p, df, t) => {
    expect(studentTUpperQuantile(p, df)).toBeCloseTo(t, 3);
  });

  it('tends to the normal with many degrees of freedom', () => {
    expect(studentTUpperQuantile(0.025, 1e7)).toBeCloseTo(1.96, 3);
    expect(studentTUpperTail(1.96, 1e7)).toBeCloseTo(0.025, 4);
  });

  it('refuses degrees of freedom and probabilities out of range', () => {
    expect(() => studentTUpperTail(1, 0)).toThrow(RangeError);
    expect(() => studentTUpperTail(Number.NaN, 3)).toThrow(RangeError);
    expect(() => studentTUpperQuantile(0, 3)).toThrow(RangeError);
    expect(() => studentTUpperQuantile(1, 3)).toThrow(RangeError);
  });
});
