import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { PENDING_PAGES } from './pending-pages.ts';

describe('pending pages', () => {
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
});
