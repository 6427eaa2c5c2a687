import { PLAN_CATALOGUE, SUBSCRIPTION_LEVELS, SUBSCRIPTION_STATUSES } from '@holeout/golf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addsLead,
  FREE_INCLUDES,
  formatPrice,
  LEVEL_ADDS,
  planTitle,
  savingLabel,
  seatsLine,
  subscriptionOrigin,
  subscriptionStatusText,
} from './plan-copy.ts';

const plan = (index: number) => PLAN_CATALOGUE[index]!;

afterEach(() => vi.unstubAllGlobals());

describe('formatPrice', () => {
  it('writes US dollars the way US English does', () => {
    expect(formatPrice(19.99, 'en-US')).toBe('$19.99');
    expect(formatPrice(1999.99, 'en-US')).toBe('$1,999.99');
  });

  it('writes them the way the locale does: a decimal comma in German', () => {
    const german = formatPrice(19.99, 'de-DE');
    expect(german).toContain('19,99');
    expect(german).toContain('$');
    expect(formatPrice(1999.99, 'de-DE')).toContain('1.999,99');
  });

  it("follows the browser's language, and US English without one", () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'de-DE' });
    expect(formatPrice(11.99)).toContain('11,99');
    vi.stubGlobal('navigator', { ...navigator, language: '' });
    expect(formatPrice(11.99)).toBe('$11.99');
  });

  it('falls back to US English for a language tag Intl does not take', () => {
    expect(formatPrice(74.99, 'not a locale!')).toBe('$74.99');
  });
});

describe('savingLabel', () => {
  it('rounds what the yearly plan saves against twelve monthly payments', () => {
    // Basic: 1 - 99.99 / (12 x 11.99) = 30.5 %; premium: 1 - 199.99 / (12 x 19.99) = 16.6 %.
    expect(savingLabel(plan(1))).toBe('Save 31%');
    expect(savingLabel(plan(3))).toBe('Save 17%');
  });

  it('says nothing for a monthly plan or a yearly one without a monthly sibling', () => {
    expect(savingLabel(plan(0))).toBeNull();
    expect(savingLabel(plan(2))).toBeNull();
    for (const index of [4, 5, 6, 7, 8]) expect(savingLabel(plan(index))).toBeNull();
  });
});

describe('plan names and seats', () => {
  it('names every plan of the catalogue by its level and branding', () => {
    expect(PLAN_CATALOGUE.map(planTitle)).toEqual([
      'Basic',
      'Basic',
      'Premium',
      'Premium',
      'Coach',
      'Team',
      'Academy',
      'Team with branding',
      'Academy with branding',
    ]);
  });

  it('counts the seats of the coach-level plans', () => {
    expect(seatsLine(plan(4))).toBe('1 coach seat');
    expect(seatsLine(plan(5))).toBe('2 coach seats and 10 Premium player seats');
    expect(seatsLine(plan(8))).toBe('5 coach seats and 50 Premium player seats');
    expect(seatsLine(plan(1))).toBeNull();
    // A player's own premium plan counts one premium seat: the buyer's own, not one to give.
    expect(seatsLine(plan(3))).toBeNull();
  });
});

describe('a subscription in words', () => {
  it('has words for every status', () => {
    expect(SUBSCRIPTION_STATUSES.map(subscriptionStatusText)).toEqual([
      'Active',
      'Active; will not renew',
      'Payment failed: still active while the payment is retried',
      'On hold: payment failed, access paused',
      'Ended',
      'Not valid (refunded or revoked)',
    ]);
  });

  it('is managed where it was bought; a seat comes from the organisation whatever the source', () => {
    expect(subscriptionOrigin({ source: 'STRIPE', purchaser: 7 }, 7)).toBe('web');
    expect(subscriptionOrigin({ source: 'IAPTIC_IOS', purchaser: 7 }, 7)).toBe('appStore');
    expect(subscriptionOrigin({ source: 'IOS', purchaser: 7 }, 7)).toBe('appStore');
    expect(subscriptionOrigin({ source: 'IAPTIC_ANDROID', purchaser: 7 }, 7)).toBe('googlePlay');
    expect(subscriptionOrigin({ source: 'OTHER', purchaser: 7 }, 7)).toBe('granted');
    expect(subscriptionOrigin({ source: 'OTHER', purchaser: 12 }, 7)).toBe('organisation');
    expect(subscriptionOrigin({ source: 'STRIPE', purchaser: 12 }, 7)).toBe('organisation');
  });
});

describe('what each level adds', () => {
  it('builds each level on the one below it', () => {
    expect(addsLead(SUBSCRIPTION_LEVELS.BASIC)).toBe('On top of Free:');
    expect(addsLead(SUBSCRIPTION_LEVELS.PREMIUM)).toBe('Everything in Basic, and:');
    expect(addsLead(SUBSCRIPTION_LEVELS.COACH)).toBe('Everything in Premium, and:');
    expect(addsLead(SUBSCRIPTION_LEVELS.TEAM)).toBe('Everything in Coach, and:');
    expect(addsLead(SUBSCRIPTION_LEVELS.ACADEMY)).toBe('Everything in Coach, and:');
  });

  it('lists under Basic only the reports and the handicap history: the rest is free', () => {
    expect(LEVEL_ADDS[SUBSCRIPTION_LEVELS.BASIC]).toEqual([
      'PDF reports of your statistics, downloaded or sent by e-mail',
      'The history of your handicap index, with its chart',
    ]);
    expect(FREE_INCLUDES).toContain('Strokes gained against six benchmarks');
    expect(FREE_INCLUDES).toContain('Your handicap index');
    expect(FREE_INCLUDES).toContain('Download all your data');
  });

  it('never repeats a line of a level below it', () => {
    const levels = [SUBSCRIPTION_LEVELS.BASIC, SUBSCRIPTION_LEVELS.PREMIUM, SUBSCRIPTION_LEVELS.COACH, SUBSCRIPTION_LEVELS.TEAM];
    const seen = new Set<string>(FREE_INCLUDES);
    for (const level of levels) {
      for (const line of LEVEL_ADDS[level] ?? []) {
        expect(seen.has(line), line).toBe(false);
        expect(line).not.toMatch(/^Everything in/);
      }
      for (const line of LEVEL_ADDS[level] ?? []) seen.add(line);
    }
  });
});
