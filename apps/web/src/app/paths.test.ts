import { describe, expect, it } from 'vitest';
import { PENDING_PAGES } from './pending-pages.ts';
import { DEFAULT_NOTIFICATION_TARGET, isPublicPath, isSwipeEnabled, paths } from './paths.ts';

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
];

describe('paths', () => {
  it('holds every route of spec section 2 and nothing else', () => {
    expect(
      Object.values(paths)
        .map((p) => p.slice(1))
        .sort(),
    ).toEqual([...SPEC_ROUTES].sort());
  });

  it('every route not built yet has a pending page saying what it will hold', () => {
    const built = [
      paths.root,
      paths.login,
      paths.registration,
      paths.verifyUser,
      paths.passwordReset,
      paths.account,
      paths.howTo,
      paths.scanner,
      paths.events,
      paths.event,
      paths.home,
      paths.noStats,
      paths.customSgSettings,
      paths.playerScoring,
      paths.playerPutting,
      paths.playerShortgame,
      paths.playerApproach,
      paths.playerDrives,
      paths.missStats,
      paths.orgManagement,
      paths.orgInfo,
      paths.invite,
      paths.notifications,
      paths.notificationSettings,
      paths.group,
      paths.teamScoring,
      paths.teamPutting,
      paths.teamShortgame,
      paths.teamApproach,
      paths.teamDrives,
      paths.drill,
      paths.drills,
      paths.calendar,
      paths.drillresults,
      paths.drillresultsTeam,
      paths.drillprogress,
      paths.tagManager,
      paths.subscriptions,
    ];
    const pending = Object.values(paths).filter((p) => !(built as string[]).includes(p));
    for (const path of pending) expect(PENDING_PAGES[path]?.willHold, path).toBeTruthy();
  });

  it('public routes are login, registration, verify-user, password-reset, how-to and invite (an invitation link works signed out)', () => {
    expect(['/login', '/registration', '/verify-user', '/password-reset', '/how-to', '/invite'].every(isPublicPath)).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/account')).toBe(false);
  });

  it('the edge swipe is disabled on round, drill, event, invite and notification-settings', () => {
    for (const page of ['/round', '/drill', '/event', '/invite', '/notification-settings', '/event?event_id=4', '/drill/12']) {
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
