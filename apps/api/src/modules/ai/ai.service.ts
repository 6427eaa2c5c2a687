import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  categorySg,
  DEFAULT_CATEGORY_BOUNDARIES,
  diagnose,
  getBaseline,
  planFor,
  roundTo,
  scoreRound,
  SG_PER_HOLES,
  starterDrill,
  starterDrillBody,
  type BenchmarkRef,
  type CategoryBoundaries,
  type CategoryEvidence,
  type PracticePlan,
  type StatCategory,
} from '@holeout/golf';
import {
  drillBody,
  type AiPlanBody,
  type DiagnoseQuery,
  type DiagnoseResponse,
  type Diagnosis,
  type DiagnosisEvidence,
  type EventBody,
  type EventResponse,
  type FollowUpResponse,
  type SubscriptionBody,
} from '@holeout/contracts';
import { ApiError, notFound } from '../../lib/api-error.ts';
import type { Idempotency } from '../../platform/idempotency/idempotency.ts';
import type { Caller } from '../auth/auth.module.ts';
import type { CoachDrillAccess, DrillWrite } from '../drills/drills.module.ts';
import type { EventsWriter, NewEvent } from '../events/events.module.ts';
import { resolveBenchmark } from '../stats/stats.module.ts';
import { AI_PLAN_OWNER_MESSAGE, requireDiagnosisReach, type DiagnosisReach } from './ai.policy.ts';
import { DIAGNOSIS_REUSE_MS, type AiRepository, type DiagnosisRow, type NewDiagnosisRow } from './ai.repository.ts';
import { followUpFigures } from './follow-up.ts';
import type { NarrativeFacts, NarrativeWriter } from './narrative.ts';
import { daysBetween, schedulePractices, utcDay } from './plan-schedule.ts';

/** A diagnosis reads the player's most recent 20 rounds that the caller may see. */
export const DIAGNOSIS_ROUNDS = 20;
/** The follow-up counts at most the 50 most recent rounds played since the diagnosis. */
export const FOLLOW_UP_ROUNDS = 50;
/** Most diagnoses one list answers, newest first. */
export const DIAGNOSES_LISTED = 100;
/** Most results of each plan drill the follow-up shows (the newest). */
const RESULTS_PER_DRILL = 200;
/** A plan may start from yesterday (the caller's day may still be yesterday in UTC) up to a year ahead. */
const PLAN_EARLIEST_DAYS = -1;
const PLAN_LATEST_DAYS = 366;

const NO_DIAGNOSIS = 'No such diagnosis';

export interface AiServiceDeps {
  repository: AiRepository;
  drills: CoachDrillAccess;
  events: EventsWriter;
  /** The caller's subscription as the account answers it (seat-aware). */
  subscriptionOf: (caller: Caller) => Promise<SubscriptionBody | null>;
  idempotency: Idempotency;
  narrative: NarrativeWriter;
  clock: () => Date;
  log: FastifyBaseLogger;
}

const evidenceBody = (e: CategoryEvidence): DiagnosisEvidence => ({
  category: e.category,
  display_name: e.displayName,
  sg_per_18: e.sgPer18,
  std_error: e.stdError,
  strokes_to_gain: e.strokesToGain,
});

function toDiagnosis(row: DiagnosisRow): Diagnosis {
  return {
    diagnosis_id: row.diagnosis_id,
    uid: row.uid,
    time: row.time.toISOString(),
    category: row.category as Diagnosis['category'],
    display_name: row.display_name,
    benchmark: row.benchmark,
    benchmark_label: row.benchmark_label,
    rounds: row.rounds,
    holes: row.holes,
    created_at: row.created_at.toISOString(),
    confidence: row.confidence as Diagnosis['confidence'],
    evidence: row.evidence as Diagnosis['evidence'],
    findings: row.findings,
    figures: row.figures as Diagnosis['figures'],
    plan: row.plan as Diagnosis['plan'],
    narrative: row.narrative,
    narrative_source: row.narrative_source as Diagnosis['narrative_source'],
  };
}

/** A fingerprint of the rounds a diagnosis reads: their ids and versions, newest first. */
const fingerprintOf = (rounds: ReadonlyArray<{ event_id: number; version: string }>) =>
  createHash('sha256')
    .update(JSON.stringify(rounds.map((r) => [r.event_id, r.version])))
    .digest('base64url');

/**
 * The baseline id of a target: a saved custom handicap target can lie outside the custom levels
 * (55 to 150 strokes), which is the player's setting at fault, a 400 naming the benchmark.
 */
function baselineId(benchmark: BenchmarkRef): string {
  try {
    return getBaseline(benchmark).id;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const message = `the custom target cannot be measured against (${err.message})`;
    throw new ApiError(400, 'VALIDATION_ERROR', `benchmark: ${message}`, [{ field: 'benchmark', message, in: 'query' }]);
  }
}

/** The category's strokes gained per 18 holes in one round against the target. */
function categorySgPer18(
  round: Parameters<typeof scoreRound>[0],
  ref: BenchmarkRef,
  boundaries: CategoryBoundaries,
  category: StatCategory,
) {
  const scored = scoreRound(round, ref, boundaries);
  const holes = scored.holes.length;
  return { holes, sgPer18: holes === 0 ? 0 : (categorySg(scored.sg, category) * SG_PER_HOLES) / holes };
}

/**
 * The AI coach: diagnoses of a player's rounds (packages/golf's `diagnose` over their most recent
 * rounds the caller may see, against the player's target), kept and reused for up to 7 days while
 * those rounds are unchanged; the plan of practices it proposes, scheduled on the player's calendar;
 * and the follow-up of the diagnosed category since.
 */
export class AiService {
  /** Diagnoses being computed in this process, by what they are computed from: two requests at once compute one. */
  private readonly inFlight = new Map<string, Promise<DiagnoseResponse>>();

  constructor(private readonly deps: AiServiceDeps) {}

  private get repository(): AiRepository {
    return this.deps.repository;
  }

  /** Whether the caller may reach the player's diagnoses (404 and 403 as `requireDiagnosisReach` says). */
  private async reach(caller: Caller, player: number): Promise<DiagnosisReach> {
    const [subscription, seen] = await Promise.all([
      this.deps.subscriptionOf(caller),
      caller.uid === player ? Promise.resolve([]) : this.repository.visibleRounds(caller.uid, player, 1),
    ]);
    return requireDiagnosisReach(caller.uid, player, subscription, seen.length > 0);
  }

  /** A stored diagnosis the caller may read, with how they reach it; 404 when it does not exist or reaches them not. */
  private async visibleDiagnosis(caller: Caller, diagnosisId: number): Promise<{ row: DiagnosisRow; reach: DiagnosisReach }> {
    const row = await this.repository.diagnosisById(diagnosisId, caller.uid);
    if (!row) throw notFound(NO_DIAGNOSIS);
    const subscription = await this.deps.subscriptionOf(caller);
    return { row, reach: requireDiagnosisReach(caller.uid, row.uid, subscription, true) };
  }

  /**
   * GET /ai/diagnose: the diagnosis of one player's most recent 20 rounds the caller may see, against
   * the player's saved benchmark (or the level asked for, or CUSTOM: the player's custom target), with
   * the player's custom boundaries when saved. A stored diagnosis of the same rounds (ids and
   * versions), benchmark and boundaries is answered again while its `time` is in the future and at most
   * 7 days ahead; a new one is stored otherwise. Too few rounds, or no clear weakness, store nothing.
   */
  async diagnose(caller: Caller, query: DiagnoseQuery): Promise<DiagnoseResponse> {
    const player = query.players[0]!;
    const reach = await this.reach(caller, player);
    const target = await this.repository.playerTarget(player);
    if (!target) throw notFound('No such player');
    if (query.benchmark === 'CUSTOM' && !target.custom && reach === 'coach') {
      throw new ApiError(400, 'VALIDATION_ERROR', 'benchmark: this player has saved no custom target; choose a level instead', [
        { field: 'benchmark', message: 'the player has no custom target', in: 'query' },
      ]);
    }
    const { benchmark, boundaries } = resolveBenchmark(query.benchmark, target.benchmark, target.custom);
    const rounds = await this.repository.visibleRounds(caller.uid, player, DIAGNOSIS_ROUNDS);
    const key = { uid: player, benchmark: baselineId(benchmark), boundaries: boundaries ?? null, fingerprint: fingerprintOf(rounds) };
    const reusable = await this.repository.reusableDiagnosis(this.repository.db, key, this.deps.clock());
    if (reusable) return { diagnosis: await this.shownTo(caller, reusable) };
    // A coach's request plans with fewer library drills (those the coach may see too): it computes apart.
    const memo = JSON.stringify([key, reach]);
    const running = this.inFlight.get(memo);
    if (running) return running;
    const work = this.diagnoseAnew(caller, reach, player, rounds, { benchmark, boundaries }, key).finally(() => this.inFlight.delete(memo));
    this.inFlight.set(memo, work);
    return work;
  }

  private async diagnoseAnew(
    caller: Caller,
    reach: DiagnosisReach,
    player: number,
    rounds: ReadonlyArray<{ event_id: number }>,
    target: { benchmark: BenchmarkRef; boundaries: CategoryBoundaries | undefined },
    key: { boundaries: CategoryBoundaries | null; fingerprint: string },
  ): Promise<DiagnoseResponse> {
    const loaded = await this.repository.loadRounds(rounds.map((r) => r.event_id));
    const outcome = diagnose(
      loaded.map((r) => ({ id: r.event_id, round: r.round })),
      { benchmark: target.benchmark, ...(target.boundaries ? { boundaries: target.boundaries } : {}) },
    );
    if (outcome.kind !== 'WEAKNESS') {
      return {
        diagnosis: null,
        reason: outcome.kind,
        rounds: outcome.rounds,
        holes: outcome.holes,
        evidence: outcome.evidence.map(evidenceBody),
      };
    }
    const plan = planFor(outcome.category, await this.libraryFor(caller, reach, player));
    const evidence = outcome.evidence.map(evidenceBody);
    const facts: NarrativeFacts = {
      category: outcome.displayName,
      target: outcome.benchmarkLabel,
      rounds: outcome.rounds,
      holes: outcome.holes,
      confidence: outcome.confidence,
      evidence: evidence.map(({ display_name, sg_per_18, std_error, strokes_to_gain }) => ({
        category: display_name,
        sg_per_18,
        std_error,
        strokes_to_gain,
      })),
      figures: outcome.figures.map((f) => ({ label: f.label, value: f.value, target: f.target, unit: f.unit, better: f.better })),
    };
    const { narrative, source } = await this.deps.narrative.narrate(facts, outcome.narrative);
    const now = this.deps.clock();
    const row: NewDiagnosisRow = {
      uid: player,
      time: new Date(now.getTime() + DIAGNOSIS_REUSE_MS),
      category: outcome.category,
      display_name: outcome.displayName,
      created_at: now,
      benchmark: outcome.benchmark,
      benchmark_label: outcome.benchmarkLabel,
      benchmark_ref: target.benchmark,
      boundaries: key.boundaries,
      round_ids: loaded.map((r) => r.event_id),
      rounds_fingerprint: key.fingerprint,
      rounds: outcome.rounds,
      holes: outcome.holes,
      confidence: outcome.confidence,
      evidence,
      findings: outcome.findings,
      figures: outcome.figures,
      plan,
      narrative,
      narrative_source: source,
    };
    // The row stored may be an earlier one of the same rounds, made for someone who may see other drills.
    return { diagnosis: await this.shownTo(caller, await this.repository.storeDiagnosis(row, { boundaries: key.boundaries }, now)) };
  }

  /**
   * The library drills a plan may name: the player's (drills they may see); for a coach's request only
   * those the coach may see too, so a plan never shows a coach the title of a drill hidden from them.
   */
  private async libraryFor(caller: Caller, reach: DiagnosisReach, player: number) {
    const library = await this.deps.drills.libraryOf(player);
    const usable =
      reach === 'self'
        ? library
        : await this.deps.drills
            .visibleDrillIds(
              caller,
              library.map((d) => d.drill_id),
            )
            .then((seen) => library.filter((d) => seen.has(d.drill_id)));
    return usable.map((d) => ({ drill_id: d.drill_id, title: d.title, category: d.category as StatCategory | null }));
  }

  /**
   * A diagnosis as the caller may see it: the player sees their plan whole; anyone else (a coach) sees
   * it without the library drills they may not see, so a stored plan made for the player (reused, listed,
   * in a report) never shows another caller the title of a drill hidden from them. Starter drills are
   * everyone's.
   */
  private async shownTo(caller: Caller, row: DiagnosisRow): Promise<Diagnosis> {
    const diagnosis = toDiagnosis(row);
    if (row.uid === caller.uid) return diagnosis;
    const plan = diagnosis.plan;
    const ids = plan.drills.flatMap((d) => (d.drill_id === null ? [] : [d.drill_id]));
    if (ids.length === 0) return diagnosis;
    const seen = await this.deps.drills.visibleDrillIds(caller, ids);
    return { ...diagnosis, plan: { ...plan, drills: plan.drills.filter((d) => d.drill_id === null || seen.has(d.drill_id)) } };
  }

  /**
   * The player's newest diagnosis the caller may read (its rounds all visible to them), or null: what
   * a statistics report shows. No subscription is asked: the report's own access rule applies.
   */
  async latestDiagnosis(caller: Caller, player: number): Promise<Diagnosis | null> {
    const [row] = await this.repository.diagnosesOf(player, caller.uid, 1);
    return row ? this.shownTo(caller, row) : null;
  }

  /** GET /ai/diagnoses: a player's diagnoses the caller may read, newest first. */
  async list(caller: Caller, player: number): Promise<Diagnosis[]> {
    await this.reach(caller, player);
    const rows = await this.repository.diagnosesOf(player, caller.uid, DIAGNOSES_LISTED);
    return Promise.all(rows.map((row) => this.shownTo(caller, row)));
  }

  /**
   * POST /ai/plan: puts a diagnosis's plan on the player's calendar: practices_per_week PRACTICE events
   * in each of `weeks` weeks from start_date (see schedulePractices), each carrying the plan's drills.
   * Starter drills are first added to the player's library, once: a drill an earlier plan added from
   * the same template is used again while it exists. One transaction, idempotent under an
   * Idempotency-Key. Only the player schedules their plan; library drills no longer theirs to use are
   * left out (409 when none is left).
   */
  async schedule(
    caller: Caller,
    diagnosisId: number,
    body: AiPlanBody,
    idempotencyKey: string | undefined,
  ): Promise<{ events: EventResponse[] }> {
    const offset = daysBetween(utcDay(this.deps.clock()), body.start_date);
    if (offset < PLAN_EARLIEST_DAYS || offset > PLAN_LATEST_DAYS) {
      const message = 'the plan starts from yesterday up to a year ahead';
      throw new ApiError(400, 'VALIDATION_ERROR', `start_date: ${message}`, [{ field: 'start_date', message, in: 'body' }]);
    }
    const { row, reach } = await this.visibleDiagnosis(caller, diagnosisId);
    if (reach !== 'self') throw new ApiError(403, 'FORBIDDEN', AI_PLAN_OWNER_MESSAGE);
    const plan = row.plan as PracticePlan;
    const libraryIds = plan.drills.flatMap((d) => (d.drill_id === null ? [] : [d.drill_id]));
    const usable = await this.deps.drills.visibleDrillIds(caller, libraryIds);
    const entries = plan.drills.flatMap((d): PlanEntry[] => {
      if (d.drill_id !== null) return usable.has(d.drill_id) ? [{ drillId: d.drill_id, templateKey: null }] : [];
      const starter = d.template_key === null ? undefined : starterDrill(d.template_key);
      return starter ? [{ drillId: null, templateKey: starter.key }] : [];
    });
    if (entries.length === 0)
      throw new ApiError(409, 'CONFLICT', "None of this plan's drills is in your library any more: run a new diagnosis for a new plan.");
    const practices = schedulePractices(body.start_date, body.weeks, plan.practices_per_week);
    const notes = [
      `Practice plan for ${row.display_name} from the AI coach (diagnosis of ${utcDay(row.created_at)}):`,
      ...plan.drills.map((d) => `- ${d.title}: ${d.why}`),
    ].join('\n');
    const prepared: NewEvent[] = [];
    for (const practice of practices) {
      const event: EventBody = {
        event_type: 'PRACTICE',
        title: `${row.display_name} practice (week ${practice.week} of ${body.weeks})`,
        start: practice.start.toISOString(),
        end: practice.end.toISOString(),
        notes,
        tags: [],
        round: null,
      };
      prepared.push(await this.deps.events.prepareNew(caller, event));
    }
    return this.repository.inPlanTransaction(caller.uid, (tx) =>
      this.deps.idempotency.once(
        tx,
        { uid: caller.uid, key: idempotencyKey, request: { diagnosis_id: diagnosisId, ...body } },
        async () => {
          const keys = entries.flatMap((e) => (e.templateKey === null ? [] : [e.templateKey]));
          const added = await this.repository.templateDrills(tx, caller.uid, keys);
          const drillIds: number[] = [];
          for (const entry of entries) {
            if (entry.drillId !== null) {
              drillIds.push(entry.drillId);
              continue;
            }
            let drillId = added.get(entry.templateKey);
            if (drillId === undefined) {
              drillId = await this.deps.drills.addDrill(tx, caller.uid, starterWrite(entry.templateKey));
              await this.repository.rememberTemplateDrill(tx, caller.uid, entry.templateKey, drillId);
              added.set(entry.templateKey, drillId);
            }
            drillIds.push(drillId);
          }
          const events: EventResponse[] = [];
          // A plan is many practices at once: those it reaches by the default shares see them, without a notice for each.
          for (const event of prepared) events.push(await this.deps.events.insertNew(tx, caller, event, { drillIds, notify: false }));
          return { events };
        },
      ),
    );
  }

  /**
   * GET /ai/follow-up: the diagnosed category's strokes gained per 18 holes in each round it was made
   * from and each round played since (the 50 most recent the caller may see), against the same
   * target and boundaries; the means before and after, the trend since, the verdict (see
   * followUpFigures) and the results of the plan's drills recorded since the diagnosis.
   */
  async followUp(caller: Caller, diagnosisId: number): Promise<FollowUpResponse> {
    const { row } = await this.visibleDiagnosis(caller, diagnosisId);
    const category = row.category as StatCategory;
    const boundaries = row.boundaries ?? DEFAULT_CATEGORY_BOUNDARIES;
    const usedIds = await this.repository.visibleRoundIds(caller.uid, row.uid, row.round_ids);
    const since = (await this.repository.visibleRounds(caller.uid, row.uid, FOLLOW_UP_ROUNDS, row.created_at)).filter(
      (r) => !row.round_ids.includes(r.event_id),
    );
    const afterIds = new Set(since.map((r) => r.event_id));
    const loaded = await this.repository.loadRounds([...row.round_ids.filter((id) => usedIds.has(id)), ...afterIds]);
    const measured = loaded
      .map((r) => ({ r, ...categorySgPer18(r.round, row.benchmark_ref, boundaries, category), after: afterIds.has(r.event_id) }))
      .sort((a, b) => a.r.start.getTime() - b.r.start.getTime() || a.r.event_id - b.r.event_id);
    const figures = followUpFigures(
      row.display_name,
      measured.filter((m) => !m.after).map((m) => m.sgPer18),
      measured.filter((m) => m.after).map((m) => m.sgPer18),
    );
    return {
      diagnosis_id: row.diagnosis_id,
      category: row.category as FollowUpResponse['category'],
      display_name: row.display_name,
      rounds: measured.map((m) => ({
        event_id: m.r.event_id,
        start: m.r.start.toISOString(),
        holes: m.holes,
        sg_per_18: roundTo(m.sgPer18, 2),
        after: m.after,
      })),
      ...figures,
      drill_results: await this.planDrillResults(caller, row),
    };
  }

  /** The results of the plan's drills (library drills, and starter drills once a schedule added them) since the diagnosis. */
  private async planDrillResults(caller: Caller, row: DiagnosisRow): Promise<FollowUpResponse['drill_results']> {
    const plan = row.plan as PracticePlan;
    const keys = plan.drills.flatMap((d) => (d.template_key === null ? [] : [d.template_key]));
    const added = await this.repository.templateDrills(this.repository.db, row.uid, keys);
    const ids = [
      ...new Set(
        plan.drills.flatMap((d) =>
          d.drill_id !== null ? [d.drill_id] : d.template_key !== null && added.has(d.template_key) ? [added.get(d.template_key)!] : [],
        ),
      ),
    ];
    // Another caller (a coach) gets the results of the drills they may see, never the titles of the others.
    const seen = row.uid === caller.uid ? null : await this.deps.drills.visibleDrillIds(caller, ids);
    const shown = seen ? ids.filter((id) => seen.has(id)) : ids;
    const drills = await this.deps.drills.summariesOf(row.uid, shown);
    return Promise.all(
      drills.map(async (drill) => {
        const results = await this.deps.drills.resultsOf(
          drill.drill_id,
          caller.uid,
          { uids: [row.uid], from: row.created_at },
          RESULTS_PER_DRILL,
        );
        return {
          drill_id: drill.drill_id,
          title: drill.title,
          higher_is_better: drill.higher_is_better,
          results: results.map((result) => {
            const score = drill.score_field === null ? null : result.values[drill.score_field];
            return { time: result.time.toISOString(), score: typeof score === 'number' ? score : null };
          }),
        };
      }),
    );
  }
}

/** A drill of a plan being scheduled: one in the library, or a starter drill by its template. */
type PlanEntry = { drillId: number; templateKey: null } | { drillId: null; templateKey: string };

/** A starter drill as the drills API creates it (checked by the same schema as POST /drills), unfiled and without shares. */
function starterWrite(templateKey: string): DrillWrite {
  const body = drillBody.parse(starterDrillBody(starterDrill(templateKey)!));
  return {
    folder_id: null,
    title: body.title,
    description: body.description,
    category: body.category,
    fields: body.fields,
    score_field: body.score_field,
    higher_is_better: body.higher_is_better,
  };
}
