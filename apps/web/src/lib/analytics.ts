import { readStored } from './storage.ts';

/** Where analytics events go. The default writes to the debug console; a real sink plugs in here. */
export interface AnalyticsAdapter {
  track(event: string, properties?: Record<string, unknown>): void;
}

export const consoleAnalyticsAdapter: AnalyticsAdapter = {
  track(event, properties) {
    console.debug('[analytics]', event, properties ?? {});
  },
};

let adapter: AnalyticsAdapter = consoleAnalyticsAdapter;

export function setAnalyticsAdapter(next: AnalyticsAdapter): void {
  adapter = next;
}

/**
 * Tracking is on unless the stored `tracking` value is a number of 0 or less.
 * Anything that is not a number (missing, 'yes', '') leaves tracking on.
 */
export function isTrackingEnabled(stored: string | null = readStored('tracking')): boolean {
  if (stored === null || stored.trim() === '') return true;
  const value = Number(stored);
  if (Number.isNaN(value)) return true;
  return value > 0;
}

export function trackEvent(event: string, properties?: Record<string, unknown>): void {
  if (!isTrackingEnabled()) return;
  adapter.track(event, properties);
}
