import type { EventBody, EventResponse } from '@holeout/contracts';
import type { Permission } from '@holeout/golf';
import type { Database } from '../../db/client.ts';
import type { AppContext, App } from '../../platform/app-context.ts';
import type { Access } from '../../platform/access/access.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { Caller } from '../auth/auth.module.ts';
import { EventsRepository } from './events.repository.ts';
import { eventsRoutes } from './events.routes.ts';
import { EventsService, type DrillPlacement, type EventsServiceDeps, type NewEvent } from './events.service.ts';

export type { DrillPlacement, NewEvent } from './events.service.ts';

/** What other modules may ask of events: the caller's permission on some, and their answers. */
export interface EventsReader {
  /** The caller's permission on each of these events (NONE for one that does not exist), with its owner. */
  permissionsOn(caller: Caller, eventIds: readonly number[]): Promise<Map<number, { permission: Permission; owner: number }>>;
  /** These events as the API answers them, those the caller may see, in the order given. */
  answersFor(caller: Caller, eventIds: readonly number[]): Promise<EventResponse[]>;
}

/**
 * Creating events inside another module's transaction (the AI coach's plan writes its practices,
 * their drills and its library drills in one): the checks of POST /events first, then the writes.
 */
export interface EventsWriter {
  /** The checks and decisions of POST /events before its transaction (round, drills, shares). */
  prepareNew(caller: Caller, body: EventBody): Promise<NewEvent>;
  /** Writes a prepared event of the caller inside `tx`, with drills the caller owns or was found to see, and answers it. */
  insertNew(
    tx: Database,
    caller: Caller,
    prepared: NewEvent,
    options?: { drillIds?: readonly number[]; notify?: boolean },
  ): Promise<EventResponse>;
}

export interface EventsUses {
  access: Access;
  idempotency: Idempotency;
  /** Placing drills in a practice: which drills the caller may use, and premium access. */
  drills: DrillPlacement;
  defaultShares: EventsServiceDeps['defaultShares'];
}

/** Events (rounds, practices, lessons, workouts, notes) with their shares: GET/POST/DELETE /events and batch sharing. */
export async function registerEventsModule(v4: App, ctx: AppContext, uses: EventsUses): Promise<EventsReader & EventsWriter> {
  const events = new EventsService({ repository: new EventsRepository(ctx.db, ctx.clock), ...uses });
  await v4.register(eventsRoutes, { events, requireUser: ctx.requireUser });
  return events;
}
