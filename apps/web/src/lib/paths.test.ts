import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_TARGET, isPublicPath, isSwipeEnabled, paths, SWIPE_DISABLED_PAGES } from './paths.ts';

const SPEC_ROUTES = [
  '',
  'miss-stats',
  'login',
  'scanner',
  'registration',
  'verify-user',
  'account',
  'org-management',
  'invite',
  'event',
  'drill',
  'drills',
  'calendar',
  'team-scoring',
  'team-putting',
  'team-shortgame',
  'team-approach',
  'team-drives',
  'no-stats',
  'org-info',
  'home',
  'player-scoring',
  'player-putting',
  'player-shortgame',
  'player-approach',
  'player-drives',
  'how-to',
  'subscriptions',
  'notifications',
  'notification-settings',
  'password-reset',
  'drillresults',
  'drillresults-team',
  'drillprogress',
  'ai-coach',
  'ai-coach/diagnosis',
  'custom-sg-settings',
  'events',
  'tag-manager',
  'group',
  'setup',
];

describe('paths', () => {
  it('holds every route of the product and nothing else', () => {
    expect(
      Object.values(paths)
        .map((p) => p.slice(1))
        .sort(),
    ).toEqual([...SPEC_ROUTES].sort());
  });

  it('public routes are login, registration, verify-user, password-reset, how-to and invite (an invitation link works signed out)', () => {
    expect(['/login', '/registration', '/verify-user', '/password-reset', '/how-to', '/invite'].every(isPublicPath)).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/account')).toBe(false);
  });

  it('the edge swipe is disabled on Add Round (scanner), drill, event, invite and notification-settings, each a real page', () => {
    const pages: readonly string[] = Object.values(paths);
    for (const page of SWIPE_DISABLED_PAGES) expect(pages, `${page} is not a page`).toContain(page);
    expect([...SWIPE_DISABLED_PAGES].sort()).toEqual(['/drill', '/event', '/invite', '/notification-settings', '/scanner']);
    for (const page of [
      '/scanner',
      '/drill',
      '/event',
      '/invite',
      '/notification-settings',
      '/event?event_id=4',
      '/scanner?event_id=4',
      '/drill/12',
    ]) {
      expect(isSwipeEnabled(page), page).toBe(false);
    }
    for (const page of ['/', '/home', '/drills', '/events', '/notifications', '/account']) {
      expect(isSwipeEnabled(page), page).toBe(true);
    }
  });

  it('notifications are the default target of an opened notification', () => {
    expect(DEFAULT_NOTIFICATION_TARGET).toBe('/notifications');
  });
});
