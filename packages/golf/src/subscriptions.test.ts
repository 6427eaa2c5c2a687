import { describe, expect, it } from 'vitest';
import {
  activeLevel,
  canManageOrganisation,
  hasCoachLevel,
  hasPremiumAccess,
  isActiveStatus,
  isFreeTier,
  PLAN_CATALOGUE,
  levelTitle,
  planByKey,
  planKey,
  planTitle,
  planSeats,
  yearlySaving,
  SUBSCRIPTION_LEVELS as L,
  SUBSCRIPTION_STATUSES,
} from './subscriptions.ts';
import { THEMES, themeAt } from './themes.ts';

describe('subscription status', () => {
  it('counts ACTIVE, ACTIVE_EXPIRING and ACTIVE_GRACE as active, and nothing else', () => {
    expect(SUBSCRIPTION_STATUSES.filter(isActiveStatus)).toEqual(['ACTIVE', 'ACTIVE_EXPIRING', 'ACTIVE_GRACE']);
  });
});

describe('access rules', () => {
  const sub = (level: (typeof L)[keyof typeof L], status: 'ACTIVE' | 'EXPIRED' | 'ON_HOLD' = 'ACTIVE') => ({ level, status, purchaser: 7 });
  it('is free with no subscription or an inactive one', () => {
    expect(isFreeTier(null)).toBe(true);
    expect(isFreeTier(sub(L.PREMIUM, 'EXPIRED'))).toBe(true);
    expect(isFreeTier(sub(L.PREMIUM, 'ON_HOLD'))).toBe(true);
    expect(isFreeTier(sub(L.BASIC))).toBe(false);
    expect(activeLevel(sub(L.TEAM, 'EXPIRED'))).toBe(L.NONE);
  });
  it('gives premium access at or above PREMIUM, coach level at or above COACH', () => {
    expect(hasPremiumAccess(sub(L.BASIC))).toBe(false);
    expect(hasPremiumAccess(sub(L.PREMIUM))).toBe(true);
    expect(hasPremiumAccess(sub(L.ACADEMY))).toBe(true);
    expect(hasCoachLevel(sub(L.PREMIUM))).toBe(false);
    expect(hasCoachLevel(sub(L.COACH))).toBe(true);
  });
  it('lets only a coach who purchased an active coach-level subscription manage the organisation', () => {
    expect(canManageOrganisation({ uid: 7, is_coach: true }, sub(L.TEAM))).toBe(true);
    expect(canManageOrganisation({ uid: 8, is_coach: true }, sub(L.TEAM))).toBe(false);
    expect(canManageOrganisation({ uid: 7, is_coach: false }, sub(L.TEAM))).toBe(false);
    expect(canManageOrganisation({ uid: 7, is_coach: true }, sub(L.TEAM, 'EXPIRED'))).toBe(false);
    expect(canManageOrganisation({ uid: 7, is_coach: true }, sub(L.PREMIUM))).toBe(false);
    expect(canManageOrganisation({ uid: 7, is_coach: true }, null)).toBe(false);
  });
});

describe('plan catalogue', () => {
  it('holds the catalogue prices and seats', () => {
    const prices = PLAN_CATALOGUE.map((p) => p.price);
    expect(prices).toEqual([11.99, 99.99, 19.99, 199.99, 74.99, 699.99, 1199.99, 1999.99, 2999.99]);
    expect(PLAN_CATALOGUE.filter((p) => p.mobile_id).map((p) => p.mobile_id)).toEqual([
      'basic',
      'basic_yearly',
      'premium',
      'premium_yearly',
      'coach_yearly',
    ]);
    const team = PLAN_CATALOGUE.filter((p) => p.level === L.TEAM);
    expect(team.map((p) => [p.num_coach, p.num_premium, p.has_branding])).toEqual([
      [2, 10, false],
      [2, 10, true],
    ]);
    const academy = PLAN_CATALOGUE.filter((p) => p.level === L.ACADEMY);
    expect(academy.map((p) => [p.num_coach, p.num_premium, p.has_branding])).toEqual([
      [5, 50, false],
      [5, 50, true],
    ]);
    expect(PLAN_CATALOGUE.find((p) => p.mobile_id === 'coach_yearly')).toMatchObject({ num_coach: 1, period: 12, is_coach: true });
  });

  it('names the levels and plans as users see them', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(levelTitle)).toEqual(['Free', 'Basic', 'Premium', 'Coach', 'Team', 'Academy', 'Free']);
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

  it('names every plan once, the mobile ids first', () => {
    const keys = PLAN_CATALOGUE.map(planKey);
    expect(keys).toEqual([
      'basic',
      'basic_yearly',
      'premium',
      'premium_yearly',
      'coach_yearly',
      'team_yearly',
      'academy_yearly',
      'team_branding_yearly',
      'academy_branding_yearly',
    ]);
    for (const plan of PLAN_CATALOGUE) expect(planByKey(planKey(plan))).toBe(plan);
    expect(planByKey('platinum')).toBeUndefined();
  });

  it('works out the yearly saving against twelve monthly payments, by hand', () => {
    // basic: 12 x 11.99 = 143.88; 99.99 / 143.88 = 0.69495...; saving 0.30505
    expect(yearlySaving(PLAN_CATALOGUE[1]!)).toBeCloseTo(0.30505, 4);
    // premium: 12 x 19.99 = 239.88; 199.99 / 239.88 = 0.83371...; saving 0.16629
    expect(yearlySaving(PLAN_CATALOGUE[3]!)).toBeCloseTo(0.16629, 4);
    // Monthly plans, and yearly ones with no monthly twin (coach, team, academy), have none.
    expect(yearlySaving(PLAN_CATALOGUE[0]!)).toBeNull();
    expect(PLAN_CATALOGUE.slice(4).map(yearlySaving)).toEqual([null, null, null, null, null]);
  });
});

describe('themes', () => {
  it('has the five themes with their fixed primaries, default index 0', () => {
    expect(THEMES.map((t) => `${t.name} ${t.primary}`)).toEqual([
      'blue #447ec9',
      'red #a32525',
      'green #2c8b23',
      'orange #eb7f27',
      'purple #8327eb',
    ]);
    expect(themeAt(9).name).toBe('blue');
    expect(themeAt(4).name).toBe('purple');
  });
});

describe('planSeats', () => {
  it('gives each organisation plan the seats of the catalogue, with or without branding', () => {
    expect(planSeats(L.COACH, false)).toEqual({ num_coach: 1, num_premium: 0 });
    expect(planSeats(L.TEAM, false)).toEqual({ num_coach: 2, num_premium: 10 });
    expect(planSeats(L.TEAM, true)).toEqual({ num_coach: 2, num_premium: 10 });
    expect(planSeats(L.ACADEMY, true)).toEqual({ num_coach: 5, num_premium: 50 });
    expect(planSeats(L.PREMIUM, false)).toEqual({ num_coach: 0, num_premium: 0 });
    expect(planSeats(L.NONE, false)).toEqual({ num_coach: 0, num_premium: 0 });
  });
});
