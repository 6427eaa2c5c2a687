import type { Settings } from '@holeout/contracts';
import type { AppContext, App } from '../../platform/app-context.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { EventsReader, EventsWriter } from '../events/events.module.ts';
import { PortabilityRepository } from './portability.repository.ts';
import { portabilityRoutes } from './portability.routes.ts';
import { PortabilityService } from './portability.service.ts';

export interface PortabilityUses {
  /** Events answered as the API answers them (the export), and written as POST /events writes them (the import). */
  events: EventsReader & EventsWriter;
  /** The caller's settings, as GET /account/settings answers them. */
  settingsOf: (caller: Caller) => Promise<Settings>;
}

/** A golfer's own data: GET /account/export (the zip) and POST /rounds/import (rounds.csv back into rounds). */
export async function registerPortabilityModule(v4: App, ctx: AppContext, uses: PortabilityUses): Promise<void> {
  const portability = new PortabilityService({ repository: new PortabilityRepository(ctx.db), clock: ctx.clock, ...uses });
  await v4.register(portabilityRoutes, { portability, requireUser: ctx.requireUser });
}
