import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { describe, expect, it } from 'vitest';
import { buildSubscription } from '../test/factories.ts';
import { visibleMenuItems, type MenuInput } from './menu-items.ts';

const labels = (input: MenuInput) => visibleMenuItems(input).map((item) => item.label);
const player = { uid: 7, is_coach: false };
const coach = { uid: 7, is_coach: true };

describe('side menu visibility matrix', () => {
  it('free tier player: no premium items, Add Round and Subscribe shown', () => {
    expect(labels({ user: player, subscription: null, selectedRounds: 0 })).toEqual([
      'Statistics',
      'Events',
      'Add Round',
      'Notifications',
      'StatCard',
      'How-To',
      'My Profile',
      'Subscribe',
      'Log Out',
    ]);
  });

  it('an expired premium subscription counts as free tier', () => {
    const items = labels({ user: player, subscription: buildSubscription({ status: 'EXPIRED' }), selectedRounds: 0 });
    expect(items).toContain('Subscribe');
    expect(items).not.toContain('Calendar');
  });

  it('basic subscriber: neither premium items nor Subscribe', () => {
    const items = labels({ user: player, subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.BASIC }), selectedRounds: 0 });
    expect(items).not.toContain('Calendar');
    expect(items).not.toContain('Subscribe');
  });

  it('premium player: Calendar, Drills and AI Coach in order, no Subscribe', () => {
    expect(labels({ user: player, subscription: buildSubscription(), selectedRounds: 0 })).toEqual([
      'Statistics',
      'Calendar',
      'Drills',
      'AI Coach',
      'Events',
      'Add Round',
      'Notifications',
      'StatCard',
      'How-To',
      'My Profile',
      'Log Out',
    ]);
  });

  it('coach without purchasing: no Add Round, no Org. Management', () => {
    const items = labels({
      user: coach,
      subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.COACH, purchaser: 99 }),
      selectedRounds: 0,
    });
    expect(items).not.toContain('Add Round');
    expect(items).not.toContain('Org. Management');
    expect(items).toContain('AI Coach');
  });

  it('coach who purchased an active organisation subscription: Org. Management', () => {
    const items = labels({
      user: coach,
      subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM, purchaser: 7 }),
      selectedRounds: 0,
    });
    expect(items.slice(-3)).toEqual(['My Profile', 'Org. Management', 'Log Out']);
  });

  it('purchaser whose subscription lapsed (ON_HOLD): no Org. Management, Subscribe instead', () => {
    const items = labels({
      user: coach,
      subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM, purchaser: 7, status: 'ON_HOLD' }),
      selectedRounds: 0,
    });
    expect(items).not.toContain('Org. Management');
    expect(items).toContain('Subscribe');
  });

  it('a player purchaser of a coach-level plan is not shown Org. Management', () => {
    const items = labels({
      user: player,
      subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM, purchaser: 7 }),
      selectedRounds: 0,
    });
    expect(items).not.toContain('Org. Management');
  });

  it('shows the number of selected rounds in brackets', () => {
    expect(labels({ user: player, subscription: null, selectedRounds: 3 })[0]).toBe('Statistics (3)');
  });

  it('puts How-To onward in the Settings section', () => {
    const sections = visibleMenuItems({ user: player, subscription: null, selectedRounds: 0 }).map((i) => `${i.section}:${i.id}`);
    expect(sections.indexOf('settings:howTo')).toBe(sections.findIndex((s) => s.startsWith('settings')));
  });
});
