import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatToPar, subscriptionTierLabel } from './format.ts';

describe('format', () => {
  it('names the plan, Free without an active subscription', () => {
    expect(subscriptionTierLabel(null)).toBe('Free');
    expect(subscriptionTierLabel({ level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'EXPIRED' })).toBe('Free');
    expect(subscriptionTierLabel({ level: SUBSCRIPTION_LEVELS.PREMIUM, status: 'ACTIVE_GRACE' })).toBe('Premium');
    expect(subscriptionTierLabel({ level: SUBSCRIPTION_LEVELS.ACADEMY, status: 'ACTIVE' })).toBe('Academy');
  });

  it('writes a score against par as golfers do: E, +N, -N', () => {
    expect(formatToPar(0)).toBe('E');
    expect(formatToPar(-2)).toBe('-2');
    expect(formatToPar(5)).toBe('+5');
    expect(formatToPar(7)).toBe('+7');
    expect(formatToPar(3)).toBe('+3');
  });

  it('formats date and time as MM/d/yy h:mm', () => {
    expect(formatDateTime(new Date(2026, 2, 7, 14, 5))).toBe('03/7/26 2:05');
  });
});
