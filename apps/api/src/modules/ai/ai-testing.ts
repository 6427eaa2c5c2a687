import { count, eq, inArray } from 'drizzle-orm';
import { REFERENCE_COURSE, simulateRound, SUBSCRIPTION_LEVELS, type PlantedWeakness } from '@holeout/golf';
import type { DiagnoseResponse, Diagnosis } from '@holeout/contracts';
import { aiTemplateDrills, diagnoses, drills, eventDrills, events, notifications } from '../../db/schema/index.ts';
import { buildSubscription, buildUser, issueTokenFor, type BuiltUser } from '../../test/factories.ts';
import { bearer, type TestServer } from '../../test/test-server.ts';

export type Golfer = BuiltUser & { token: string; first_name: string; last_name: string };
/** The plan a test golfer buys; null for none (the free tier). */
export type GolferPlan = 'BASIC' | 'PREMIUM' | 'COACH' | 'TEAM' | null;

/** A weakness a simulated season of 10 rounds shows beyond noise: long approaches 6 strokes a round worse than the level. */
export const PLANTED: PlantedWeakness = { category: 'longApproach', strokesPerRound: 6 };

const DAY_MS = 86_400_000;

/**
 * What the AI coach tests do through the API, against the test server the file opens in beforeAll
 * (hence the getter): golfers with a plan of their own, seasons of simulated rounds, and the calls.
 */
export function aiClient(serverOf: () => TestServer) {
  let sequence = 0;

  /** A user with a bearer token and a plan of their own (premium unless told), benchmark NINETY unless told. */
  async function golfer(over: { plan?: GolferPlan; is_coach?: boolean; benchmark?: string; first_name?: string } = {}): Promise<Golfer> {
    const server = serverOf();
    sequence += 1;
    const first_name = over.first_name ?? `Zephyrine${sequence}`;
    const last_name = `Quixotic${sequence}`;
    const user = await buildUser(server.db, {
      first_name,
      last_name,
      is_coach: over.is_coach ?? false,
      benchmark: over.benchmark ?? 'NINETY',
    });
    const plan = over.plan === undefined ? 'PREMIUM' : over.plan;
    if (plan) await buildSubscription(server.db, { purchaser: user.uid, level: SUBSCRIPTION_LEVELS[plan] });
    return { ...user, first_name, last_name, token: await issueTokenFor(server, user.uid) };
  }

  const call = (
    who: Golfer | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    serverOf().app.inject({
      method,
      url: `/v4${url}`,
      headers: { ...(who ? bearer(who.token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /**
   * `n` simulated rounds of 18 holes (deterministic from `seed`), one a day ending `daysAgo` days
   * before the server's clock, created through POST /events with these shares. Answers their event ids, oldest first.
   */
  async function season(
    who: Golfer,
    n: number,
    over: {
      seed?: number;
      weakness?: PlantedWeakness | null;
      level?: 'NINETY' | 'TOUR';
      daysAgo?: number;
      share?: Record<string, unknown>;
    } = {},
  ): Promise<number[]> {
    const now = serverOf().clock.now().getTime();
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const round = simulateRound({
        seed: (over.seed ?? 100) + i,
        benchmark: over.level ?? 'NINETY',
        course: REFERENCE_COURSE,
        ...(over.weakness === null ? {} : { weakness: over.weakness ?? PLANTED }),
      });
      const start = new Date(now - ((over.daysAgo ?? 1) + (n - 1 - i)) * DAY_MS).toISOString();
      const res = await call(who, 'POST', '/events', {
        event_type: 'ROUND',
        title: 'Medal',
        start,
        round,
        ...(over.share ?? { usershares: [], orgshares: [] }),
      });
      if (res.statusCode !== 200) throw new Error(`round failed: ${res.statusCode} ${res.body}`);
      ids.push((res.json() as { event_id: number }).event_id);
    }
    return ids;
  }

  async function diagnose(who: Golfer, player: number, query = ''): Promise<DiagnoseResponse> {
    const res = await call(who, 'GET', `/ai/diagnose?players=${player}${query}`);
    if (res.statusCode !== 200) throw new Error(`diagnose failed: ${res.statusCode} ${res.body}`);
    return res.json() as DiagnoseResponse;
  }

  /** A stored diagnosis of the player, asked for by `who` (the player unless told). */
  async function diagnosis(player: Golfer, who: Golfer = player): Promise<Diagnosis> {
    const answer = await diagnose(who, player.uid);
    if (!answer.diagnosis) throw new Error(`no diagnosis: ${JSON.stringify(answer)}`);
    return answer.diagnosis;
  }

  return { golfer, call, season, diagnose, diagnosis };
}

/** Rows of what the AI coach writes, and of the tables a plan writes to. */
export async function aiCounts(server: TestServer) {
  const n = async (
    table: typeof diagnoses | typeof aiTemplateDrills | typeof drills | typeof events | typeof eventDrills | typeof notifications,
  ) => (await server.db.select({ n: count() }).from(table))[0]!.n;
  return {
    diagnoses: await n(diagnoses),
    ai_template_drills: await n(aiTemplateDrills),
    drills: await n(drills),
    events: await n(events),
    event_drills: await n(eventDrills),
    notifications: await n(notifications),
  };
}

export async function diagnosesOf(server: TestServer, uid: number) {
  return server.db.select().from(diagnoses).where(eq(diagnoses.uid, uid)).orderBy(diagnoses.diagnosis_id);
}

export async function eventsById(server: TestServer, ids: number[]) {
  return ids.length === 0 ? [] : server.db.select().from(events).where(inArray(events.event_id, ids)).orderBy(events.start);
}
