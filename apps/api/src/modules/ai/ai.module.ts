import type { Diagnosis, SubscriptionBody } from '@holeout/contracts';
import type { AppContext, App } from '../../platform/app-context.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { CoachDrillAccess } from '../drills/drills.module.ts';
import type { EventsWriter } from '../events/events.module.ts';
import { AiRepository } from './ai.repository.ts';
import { aiRoutes } from './ai.routes.ts';
import { AiService } from './ai.service.ts';
import { createNarrativeWriter } from './narrative.ts';

export interface AiUses {
  /** The library a plan draws on, adding its starter drills, and their results. */
  drills: CoachDrillAccess;
  /** Writing a plan's practices in the plan's transaction. */
  events: EventsWriter;
  /** The caller's subscription, seat-aware (premium for oneself, coach level for others). */
  subscriptionOf: (caller: Caller) => Promise<SubscriptionBody | null>;
  idempotency: Idempotency;
}

/** What other modules (reports) read of the AI coach. */
export interface AiReader {
  /** The player's newest diagnosis (with its plan) the caller may read, or null. */
  latestDiagnosis(caller: Caller, player: number): Promise<Diagnosis | null>;
}

/** The AI coach: GET /ai/diagnose, GET /ai/diagnoses, POST /ai/plan and GET /ai/follow-up; reports read the latest diagnosis. */
export async function registerAiModule(v4: App, ctx: AppContext, uses: AiUses): Promise<AiReader> {
  const ai = new AiService({
    repository: new AiRepository(ctx.db),
    narrative: createNarrativeWriter(ctx.config.ai, ctx.log),
    clock: ctx.clock,
    log: ctx.log,
    ...uses,
  });
  await v4.register(aiRoutes, { ai, requireUser: ctx.requireUser });
  return ai;
}
