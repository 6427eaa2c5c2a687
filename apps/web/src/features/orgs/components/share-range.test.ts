import { describe, expect, it } from 'vitest';
import { shareOfferOf, sharedMessage, sinceFor } from './share-range.ts';

describe('sinceFor', () => {
  const now = new Date('2026-11-25T18:00:00.000Z');
  it('answers the instant 30, 90 or 365 days back, or null for all rounds', () => {
    expect(sinceFor('DAYS_30', now)).toBe('2026-10-26T18:00:00.000Z');
    expect(sinceFor('DAYS_90', now)).toBe('2026-08-27T18:00:00.000Z');
    expect(sinceFor('YEAR', now)).toBe('2025-11-25T18:00:00.000Z');
    expect(sinceFor('ALL', now)).toBeNull();
  });
});

describe('sharedMessage', () => {
  it('says how many rounds the coaches now see and how many stay as they were', () => {
    expect(sharedMessage({ shared: 12, kept_private: 0 }, 'Pine Valley')).toBe("Pine Valley's coaches now see 12 rounds of yours.");
    expect(sharedMessage({ shared: 1, kept_private: 1 }, 'Pine Valley')).toBe(
      "Pine Valley's coaches now see 1 round of yours. 1 round you keep private or share by link stays as it is.",
    );
    expect(sharedMessage({ shared: 0, kept_private: 2 }, 'Pine Valley')).toBe(
      "You have no rounds in that time to share with Pine Valley's coaches. 2 rounds you keep private or share by link stay as they are.",
    );
  });
});

describe('shareOfferOf', () => {
  it('reads a well-formed offer from a location state and nothing else', () => {
    expect(shareOfferOf({ message: 'x', shareOffer: { orgId: 12, orgName: 'Pine Valley' } })).toEqual({
      orgId: 12,
      orgName: 'Pine Valley',
    });
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { shareOffer: null },
      { shareOffer: { orgId: '12', orgName: 'P' } },
      { shareOffer: { orgId: 0, orgName: 'P' } },
      { shareOffer: { orgId: 12 } },
    ]) {
      expect(shareOfferOf(state), JSON.stringify(state)).toBeNull();
    }
  });
});
