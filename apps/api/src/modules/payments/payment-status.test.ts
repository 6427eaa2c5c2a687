import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@holeout/golf';
import { iapticProductId, iapticSource, iapticStatus, stripeRenews, stripeStatus, type IapticPurchase } from './payment-status.ts';

/** Some time in 2030 (seconds): a cancel_at that is set. */
const CANCEL_AT = 1_900_000_000;

/**
 * The columns of the Stripe table below, in order: [cancel_at_period_end, cancel_at, refunded].
 * Each row of STRIPE_TABLE lists, by hand, the status we expect in each column.
 */
const COLUMNS: Array<[boolean, number | null, boolean]> = [
  [false, null, false],
  [true, null, false],
  [false, CANCEL_AT, false],
  [true, CANCEL_AT, false],
  [false, null, true],
  [true, null, true],
  [false, CANCEL_AT, true],
  [true, CANCEL_AT, true],
];

// prettier-ignore
const STRIPE_TABLE: Record<string, SubscriptionStatus[]> = {
  //                    renews          cape=true            cancel_at            both                 refunded ...
  active:             ['ACTIVE',       'ACTIVE_EXPIRING',   'ACTIVE_EXPIRING',   'ACTIVE_EXPIRING',   'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  trialing:           ['ACTIVE',       'ACTIVE_EXPIRING',   'ACTIVE_EXPIRING',   'ACTIVE_EXPIRING',   'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  past_due:           ['ACTIVE_GRACE', 'ACTIVE_GRACE',      'ACTIVE_GRACE',      'ACTIVE_GRACE',      'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  unpaid:             ['ON_HOLD',      'ON_HOLD',           'ON_HOLD',           'ON_HOLD',           'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  paused:             ['ON_HOLD',      'ON_HOLD',           'ON_HOLD',           'ON_HOLD',           'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  canceled:           ['EXPIRED',      'EXPIRED',           'EXPIRED',           'EXPIRED',           'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  incomplete:         ['INVALID',      'INVALID',           'INVALID',           'INVALID',           'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  incomplete_expired: ['INVALID',      'INVALID',           'INVALID',           'INVALID',           'INVALID', 'INVALID', 'INVALID', 'INVALID'],
  some_new_status:    ['INVALID',      'INVALID',           'INVALID',           'INVALID',           'INVALID', 'INVALID', 'INVALID', 'INVALID'],
};

const stripeCases = Object.entries(STRIPE_TABLE).flatMap(([status, expected]) =>
  COLUMNS.map(([cancel_at_period_end, cancel_at, refunded], i) => ({
    status,
    cancel_at_period_end,
    cancel_at,
    refunded,
    expected: expected[i]!,
  })),
);

describe('stripeStatus', () => {
  it('the table covers 9 statuses x 8 columns', () => {
    expect(stripeCases).toHaveLength(72);
    for (const row of Object.values(STRIPE_TABLE)) expect(row).toHaveLength(COLUMNS.length);
  });

  it.each(stripeCases)(
    '$status, cancel_at_period_end=$cancel_at_period_end, cancel_at=$cancel_at, refunded=$refunded -> $expected',
    ({ status, cancel_at_period_end, cancel_at, refunded, expected }) => {
      expect(stripeStatus({ status, cancel_at_period_end, cancel_at }, refunded)).toBe(expected);
    },
  );

  it('a cancel_at of 0 (the epoch) is still a set cancel_at: the subscription is ending', () => {
    expect(stripeStatus({ status: 'active', cancel_at_period_end: false, cancel_at: 0 }, false)).toBe('ACTIVE_EXPIRING');
  });

  it('statuses are matched exactly: "Active" or " active" is not active', () => {
    expect(stripeStatus({ status: 'Active', cancel_at_period_end: false, cancel_at: null }, false)).toBe('INVALID');
    expect(stripeStatus({ status: ' active', cancel_at_period_end: false, cancel_at: null }, false)).toBe('INVALID');
    expect(stripeStatus({ status: '', cancel_at_period_end: false, cancel_at: null }, false)).toBe('INVALID');
  });
});

// [status, cancel_at_period_end, cancel_at, renews]: written out by hand.
// prettier-ignore
const RENEWS_TABLE: Array<[string, boolean, number | null, boolean]> = [
  ['active', false, null, true],             ['active', true, null, false],             ['active', false, CANCEL_AT, false],             ['active', true, CANCEL_AT, false],
  ['trialing', false, null, true],           ['trialing', true, null, false],           ['trialing', false, CANCEL_AT, false],           ['trialing', true, CANCEL_AT, false],
  ['past_due', false, null, true],           ['past_due', true, null, false],           ['past_due', false, CANCEL_AT, false],           ['past_due', true, CANCEL_AT, false],
  ['unpaid', false, null, true],             ['unpaid', true, null, false],             ['unpaid', false, CANCEL_AT, false],             ['unpaid', true, CANCEL_AT, false],
  ['paused', false, null, true],             ['paused', true, null, false],             ['paused', false, CANCEL_AT, false],             ['paused', true, CANCEL_AT, false],
  ['canceled', false, null, false],          ['canceled', true, null, false],           ['canceled', false, CANCEL_AT, false],           ['canceled', true, CANCEL_AT, false],
  ['incomplete', false, null, false],        ['incomplete', true, null, false],         ['incomplete', false, CANCEL_AT, false],         ['incomplete', true, CANCEL_AT, false],
  ['incomplete_expired', false, null, false], ['incomplete_expired', true, null, false], ['incomplete_expired', false, CANCEL_AT, false], ['incomplete_expired', true, CANCEL_AT, false],
  ['some_new_status', false, null, false],   ['some_new_status', true, null, false],    ['some_new_status', false, CANCEL_AT, false],    ['some_new_status', true, CANCEL_AT, false],
];

describe('stripeRenews', () => {
  it.each(RENEWS_TABLE)('%s, cancel_at_period_end=%s, cancel_at=%s -> %s', (status, cancel_at_period_end, cancel_at, renews) => {
    expect(stripeRenews({ status, cancel_at_period_end, cancel_at })).toBe(renews);
  });
});

/** The moment the iaptic cases are judged at. */
const NOW = new Date('2026-03-15T12:00:00.000Z');
const FUTURE = '2026-04-15T12:00:00.000Z';
const PAST = '2026-03-01T12:00:00.000Z';
const purchase = (over: Partial<IapticPurchase>): IapticPurchase => ({
  purchaseId: 'apple:1000000123',
  productId: 'apple:premium_yearly',
  platform: 'apple',
  ...over,
});

// [what, the purchase's fields, expected]: written out by hand.
// prettier-ignore
const IAPTIC_TABLE: Array<[string, Partial<IapticPurchase>, SubscriptionStatus]> = [
  ['Renew, in its period',                                    { renewalIntent: 'Renew', expirationDate: FUTURE, isExpired: false }, 'ACTIVE'],
  ['no renewal intent, in its period',                        { expirationDate: FUTURE }, 'ACTIVE'],
  ['an unknown renewal intent, in its period',                { renewalIntent: 'Whatever', expirationDate: FUTURE }, 'ACTIVE'],
  ['Lapse, in its period',                                    { renewalIntent: 'Lapse', expirationDate: FUTURE, isExpired: false }, 'ACTIVE_EXPIRING'],
  ['Lapse, cancelled by the customer (not revoked)',          { renewalIntent: 'Lapse', expirationDate: FUTURE, cancelationReason: 'Customer' }, 'ACTIVE_EXPIRING'],
  ['Lapse, a customer price-increase cancel',                 { renewalIntent: 'Lapse', expirationDate: FUTURE, cancelationReason: 'Customer.PriceIncrease' }, 'ACTIVE_EXPIRING'],
  ['Renew, past its period',                                  { renewalIntent: 'Renew', expirationDate: PAST }, 'EXPIRED'],
  ['Lapse, past its period',                                  { renewalIntent: 'Lapse', expirationDate: PAST }, 'EXPIRED'],
  ['Renew, in its period but the store says expired',         { renewalIntent: 'Renew', expirationDate: FUTURE, isExpired: true }, 'EXPIRED'],
  ['Lapse, past its period and expired',                      { renewalIntent: 'Lapse', expirationDate: PAST, isExpired: true }, 'EXPIRED'],
  ['expiring exactly now (the end is not in the period)',     { renewalIntent: 'Renew', expirationDate: NOW.toISOString() }, 'EXPIRED'],
  ['expiring one millisecond from now',                       { renewalIntent: 'Renew', expirationDate: '2026-03-15T12:00:00.001Z' }, 'ACTIVE'],
  ['ended a millisecond ago',                                 { renewalIntent: 'Renew', expirationDate: '2026-03-15T11:59:59.999Z' }, 'EXPIRED'],
  ['replaced by another product (System.Replaced), ended',    { renewalIntent: 'Lapse', expirationDate: PAST, cancelationReason: 'System.Replaced' }, 'EXPIRED'],
  ['a billing error ended it (System.BillingError)',          { expirationDate: PAST, cancelationReason: 'System.BillingError', isExpired: true }, 'EXPIRED'],
  ['billing retry within the period (grace)',                 { renewalIntent: 'Renew', expirationDate: FUTURE, isBillingRetryPeriod: true }, 'ACTIVE_GRACE'],
  ['billing retry past the period (on hold)',                 { renewalIntent: 'Renew', expirationDate: PAST, isBillingRetryPeriod: true }, 'ON_HOLD'],
  ['billing retry past the period, marked expired',           { renewalIntent: 'Renew', expirationDate: PAST, isBillingRetryPeriod: true, isExpired: true }, 'ON_HOLD'],
  ['billing retry with no expiration date',                   { isBillingRetryPeriod: true }, 'ON_HOLD'],
  ['billing retry ending exactly now',                        { expirationDate: NOW.toISOString(), isBillingRetryPeriod: true }, 'ON_HOLD'],
  ['revoked by the developer, in its period',                 { renewalIntent: 'Renew', expirationDate: FUTURE, cancelationReason: 'Developer' }, 'INVALID'],
  ['revoked by the developer, past its period',               { expirationDate: PAST, cancelationReason: 'Developer', isExpired: true }, 'INVALID'],
  ['deleted by the store (System.Deleted), in its period',    { renewalIntent: 'Renew', expirationDate: FUTURE, cancelationReason: 'System.Deleted' }, 'INVALID'],
  ['deleted by the store during a billing retry',             { expirationDate: FUTURE, cancelationReason: 'System.Deleted', isBillingRetryPeriod: true }, 'INVALID'],
  ['refunded, in its period',                                 { renewalIntent: 'Renew', expirationDate: FUTURE, isRefunded: true }, 'INVALID'],
  ['refunded, past its period',                               { expirationDate: PAST, isRefunded: true, isExpired: true }, 'INVALID'],
  ['refunded during a billing retry',                         { expirationDate: FUTURE, isRefunded: true, isBillingRetryPeriod: true }, 'INVALID'],
  ['refunded with no expiration date',                        { isRefunded: true }, 'INVALID'],
  ['isRefunded false is not a refund',                        { renewalIntent: 'Renew', expirationDate: FUTURE, isRefunded: false }, 'ACTIVE'],
  ['no expiration date at all',                               { renewalIntent: 'Renew' }, 'EXPIRED'],
  ['no expiration date, Lapse',                               { renewalIntent: 'Lapse' }, 'EXPIRED'],
  ['an expiration date that is not a date',                   { renewalIntent: 'Renew', expirationDate: 'next year' }, 'EXPIRED'],
  ['an empty expiration date',                                { renewalIntent: 'Renew', expirationDate: '' }, 'EXPIRED'],
];

describe('iapticStatus', () => {
  it.each(IAPTIC_TABLE)('%s -> %s', (_what, fields, expected) => {
    expect(iapticStatus(purchase(fields), NOW)).toBe(expected);
  });

  it('judges the period at the time it is given, not the wall clock', () => {
    const p = purchase({ renewalIntent: 'Renew', expirationDate: FUTURE });
    expect(iapticStatus(p, NOW)).toBe('ACTIVE');
    expect(iapticStatus(p, new Date('2026-05-01T00:00:00Z'))).toBe('EXPIRED');
    const retry = purchase({ expirationDate: FUTURE, isBillingRetryPeriod: true });
    expect(iapticStatus(retry, NOW)).toBe('ACTIVE_GRACE');
    expect(iapticStatus(retry, new Date('2026-05-01T00:00:00Z'))).toBe('ON_HOLD');
  });
});

describe('iapticSource', () => {
  it.each<[Pick<IapticPurchase, 'platform' | 'productId'>, 'IAPTIC_IOS' | 'IAPTIC_ANDROID']>([
    [{ platform: 'apple', productId: 'apple:premium' }, 'IAPTIC_IOS'],
    [{ platform: 'google', productId: 'google:premium' }, 'IAPTIC_ANDROID'],
    [{ productId: 'google:premium_yearly' }, 'IAPTIC_ANDROID'],
    [{ productId: 'apple:premium_yearly' }, 'IAPTIC_IOS'],
    [{ platform: undefined, productId: 'google:basic' }, 'IAPTIC_ANDROID'],
    // The platform wins over the product id's prefix.
    [{ platform: 'google', productId: 'apple:premium' }, 'IAPTIC_ANDROID'],
    [{ platform: 'apple', productId: 'google:premium' }, 'IAPTIC_IOS'],
    // Neither says Google: Apple.
    [{ productId: 'premium' }, 'IAPTIC_IOS'],
    [{ platform: 'Google', productId: 'premium' }, 'IAPTIC_IOS'],
  ])('%o -> %s', (p, expected) => {
    expect(iapticSource(p)).toBe(expected);
  });
});

describe('iapticProductId', () => {
  it.each([
    ['apple:premium_yearly', 'premium_yearly'],
    ['google:premium', 'premium'],
    ['apple:coach_yearly', 'coach_yearly'],
    ['premium_yearly', 'premium_yearly'],
    ['basic', 'basic'],
    // Only the first colon separates the platform.
    ['google:com.holeout:premium', 'com.holeout:premium'],
    [':premium', 'premium'],
    ['apple:', ''],
    ['', ''],
  ])('%j -> %j', (productId, expected) => {
    expect(iapticProductId(productId)).toBe(expected);
  });
});
