import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { OrgShare, UserShare } from '@holeout/golf';
import type { CustomSgSettings, NotifyPreferences } from '@holeout/contracts';
import { users } from './users.ts';

/**
 * Saved settings. A missing row or a null column means "use the default": theme 0, units FEET_YARDS, and
 * as default shares OWNER for the user plus VIEW for each organisation they belong to.
 */
export const settings = pgTable('settings', {
  uid: integer('uid')
    .primaryKey()
    .references(() => users.uid),
  theme: integer('theme'),
  units: text('units'),
  usershares: jsonb('usershares').$type<UserShare[]>(),
  orgshares: jsonb('orgshares').$type<OrgShare[]>(),
  // custom-sg-settings: { target, boundaries } as @holeout/contracts' customSgSettings.
  custom_sg: jsonb('custom_sg').$type<CustomSgSettings>(),
  // notification-settings: { TYPE: { email, push } } for the types the user changed.
  notify: jsonb('notify').$type<NotifyPreferences>(),
  // The players of a coach's team views (group page), at most 15.
  team_group: jsonb('team_group').$type<number[]>(),
});
