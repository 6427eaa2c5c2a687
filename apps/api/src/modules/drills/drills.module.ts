import type { SubscriptionBody } from '@holeout/contracts';
import type { AppContext, App } from '../../platform/app-context.ts';
import type { Access } from '../../platform/access/access.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { EventsReader } from '../events/events.module.ts';
import { DrillLibrary } from './drill-library.ts';
import { DrillsRepository } from './drills.repository.ts';
import { drillsRoutes } from './drills.routes.ts';
import { DrillsService } from './drills.service.ts';

/** What events need of drills to place them in a practice: see DrillLibrary. */
export type DrillPlacementAccess = Pick<DrillLibrary, 'visibleDrillIds' | 'requirePremium'>;

/**
 * What the AI coach needs of drills: the library a plan draws on, adding its starter drills to a
 * player's library (in the plan's transaction), and the results of the plan's drills.
 */
export type CoachDrillAccess = Pick<DrillLibrary, 'visibleDrillIds' | 'libraryOf' | 'summariesOf' | 'addDrill' | 'resultsOf'>;
export type { DrillSummary } from './drill-library.ts';
export type { DrillWrite } from './drills.repository.ts';

/**
 * Drills come in two steps because events and drills use each other: the library (which drills a
 * caller may use, premium access) needs nothing of events and is made first, for events to place
 * drills; the routes, which read events, are registered after events.
 */
export interface DrillsModule {
  library: DrillPlacementAccess;
  coach: CoachDrillAccess;
  register(v4: App, uses: { events: EventsReader; access: Access }): Promise<void>;
}

export function createDrillsModule(
  ctx: AppContext,
  uses: { subscriptionOf: (caller: Caller) => Promise<SubscriptionBody | null> },
): DrillsModule {
  const repository = new DrillsRepository(ctx.db, ctx.clock);
  const library = new DrillLibrary(repository, uses.subscriptionOf);
  return {
    library,
    coach: library,
    async register(v4, { events, access }) {
      const drills = new DrillsService({ repository, library, events, access, log: ctx.log, clock: ctx.clock });
      await v4.register(drillsRoutes, { drills, requireUser: ctx.requireUser });
    },
  };
}
