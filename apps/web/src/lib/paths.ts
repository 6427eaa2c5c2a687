/**
 * Every route of the app. Links and redirects use these, never string literals.
 */
export const paths = {
  root: '/',
  missStats: '/miss-stats',
  login: '/login',
  scanner: '/scanner',
  registration: '/registration',
  verifyUser: '/verify-user',
  account: '/account',
  orgManagement: '/org-management',
  invite: '/invite',
  event: '/event',
  drill: '/drill',
  drills: '/drills',
  calendar: '/calendar',
  teamScoring: '/team-scoring',
  teamPutting: '/team-putting',
  teamShortgame: '/team-shortgame',
  teamApproach: '/team-approach',
  teamDrives: '/team-drives',
  noStats: '/no-stats',
  orgInfo: '/org-info',
  home: '/home',
  playerScoring: '/player-scoring',
  playerPutting: '/player-putting',
  playerShortgame: '/player-shortgame',
  playerApproach: '/player-approach',
  playerDrives: '/player-drives',
  howTo: '/how-to',
  subscriptions: '/subscriptions',
  notifications: '/notifications',
  notificationSettings: '/notification-settings',
  passwordReset: '/password-reset',
  drillresults: '/drillresults',
  drillresultsTeam: '/drillresults-team',
  drillprogress: '/drillprogress',
  aiCoach: '/ai-coach',
  aiCoachDiagnosis: '/ai-coach/diagnosis',
  customSgSettings: '/custom-sg-settings',
  events: '/events',
  tagManager: '/tag-manager',
  group: '/group',
  setup: '/setup',
} as const;

export type PathName = keyof typeof paths;
export type AppPath = (typeof paths)[PathName];

/** Reachable without signing in; everything else sends a signed-out visitor to the login page. */
export const PUBLIC_PATHS: readonly AppPath[] = [
  paths.login,
  paths.registration,
  paths.verifyUser,
  paths.passwordReset,
  paths.howTo,
  paths.invite,
];

/** Where an opened notification goes when it names no target: the notifications page. */
export const DEFAULT_NOTIFICATION_TARGET: AppPath = paths.notifications;

/**
 * Pages where the edge swipe must not open the menu, as they use horizontal gestures themselves:
 * Add Round (the scanner route, where a round is entered), a drill, an event, an invitation and
 * the notification settings.
 */
export const SWIPE_DISABLED_PAGES: readonly AppPath[] = [paths.scanner, paths.drill, paths.event, paths.invite, paths.notificationSettings];

/** Whether the left-edge swipe may open the menu on this page (pathname as the router sees it). */
export function isSwipeEnabled(pathname: string): boolean {
  const page = `/${pathname.replace(/^\/+/, '').split(/[/?#]/)[0] ?? ''}`;
  return !(SWIPE_DISABLED_PAGES as readonly string[]).includes(page);
}

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
}
