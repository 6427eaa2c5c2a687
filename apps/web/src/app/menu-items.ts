import { canManageOrganisation, hasPremiumAccess, isFreeTier, type Subscription } from '@holeout/golf';
import type { User } from '@holeout/contracts';
import { paths } from '../lib/paths.ts';

export type MenuItemId =
  | 'statistics'
  | 'calendar'
  | 'drills'
  | 'aiCoach'
  | 'events'
  | 'addRound'
  | 'notifications'
  | 'statCard'
  | 'howTo'
  | 'myProfile'
  | 'orgManagement'
  | 'subscribe'
  | 'logOut';

export interface MenuItem {
  id: MenuItemId;
  label: string;
  section: 'main' | 'settings';
  /** In-app route; absent for StatCard (external) and Log Out (an action). */
  to?: string;
}

export interface MenuInput {
  user: Pick<User, 'uid' | 'is_coach'>;
  subscription: Pick<Subscription, 'level' | 'status' | 'purchaser'> | null;
  selectedRounds: number;
}

/** Access a page needs beyond signing in: premium access, or being the purchasing coach of an organisation. */
export type PageAccess = 'premium' | 'orgManager';

/** The menu's own rules, for a page opened by URL: premium (Calendar, Drills, AI Coach) or Org. Management. */
export function pageAccess(access: PageAccess, { user, subscription }: Pick<MenuInput, 'user' | 'subscription'>): boolean {
  return access === 'premium' ? hasPremiumAccess(subscription) : canManageOrganisation(user, subscription);
}

/** Statistics shows the number of selected rounds in brackets when any are selected. */
export function statisticsLabel(selectedRounds: number): string {
  return selectedRounds > 0 ? `Statistics (${selectedRounds})` : 'Statistics';
}

/** The side menu in order, each item shown by its rule (premium access, not a coach, the free tier, the purchasing coach). */
export function visibleMenuItems({ user, subscription, selectedRounds }: MenuInput): MenuItem[] {
  const premium = pageAccess('premium', { user, subscription });
  const items: (MenuItem | false)[] = [
    { id: 'statistics', label: statisticsLabel(selectedRounds), section: 'main', to: paths.home },
    premium && { id: 'calendar', label: 'Calendar', section: 'main', to: paths.calendar },
    premium && { id: 'drills', label: 'Drills', section: 'main', to: paths.drills },
    premium && { id: 'aiCoach', label: 'AI Coach', section: 'main', to: paths.aiCoach },
    { id: 'events', label: 'Events', section: 'main', to: paths.events },
    !user.is_coach && { id: 'addRound', label: 'Add Round', section: 'main', to: paths.scanner },
    { id: 'notifications', label: 'Notifications', section: 'main', to: paths.notifications },
    { id: 'statCard', label: 'StatCard', section: 'main' },
    { id: 'howTo', label: 'How-To', section: 'settings', to: paths.howTo },
    { id: 'myProfile', label: 'My Profile', section: 'settings', to: paths.account },
    pageAccess('orgManager', { user, subscription }) && {
      id: 'orgManagement',
      label: 'Org. Management',
      section: 'settings',
      to: paths.orgManagement,
    },
    isFreeTier(subscription) && { id: 'subscribe', label: 'Subscribe', section: 'settings', to: paths.subscriptions },
    { id: 'logOut', label: 'Log Out', section: 'settings' },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}
