import { describe, expect, it, vi } from 'vitest';
import { isTrackingEnabled, setAnalyticsAdapter, trackEvent, consoleAnalyticsAdapter } from './analytics.ts';

describe('analytics tracking rule', () => {
  it.each([
    [null, true],
    ['', true],
    ['1', true],
    ['0.5', true],
    ['yes', true],
    ['0', false],
    ['-1', false],
    [' 0 ', false],
  ])('stored tracking %j -> %s', (stored, expected) => {
    expect(isTrackingEnabled(stored)).toBe(expected);
  });

  it('sends events to the adapter only while tracking is on', () => {
    const track = vi.fn();
    setAnalyticsAdapter({ track });
    trackEvent('login', { method: 'email' });
    expect(track).toHaveBeenCalledWith('login', { method: 'email' });

    localStorage.setItem('tracking', '0');
    trackEvent('login');
    expect(track).toHaveBeenCalledTimes(1);
    setAnalyticsAdapter(consoleAnalyticsAdapter);
  });
});
