import type { DrillResponse, DrillResultResponse, FolderResponse } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { buildSubscription, buildUser, issueTokenFor, type BuiltUser } from '../../test/factories.ts';
import { bearer, type TestServer } from '../../test/test-server.ts';
import { buildEventBody } from '../../test/events-testing.ts';

export type Golfer = BuiltUser & { token: string };
export type Placed = { event_id: number; uid: number; eventdrills: Array<{ ced_id: number; drill_id: number }> };
/** The plan a test golfer buys; null for none (the free tier). */
export type GolferPlan = 'PREMIUM' | 'COACH' | 'TEAM' | null;

/**
 * What the drills, folders and results tests do through the API, against the test server the
 * file opens in beforeAll (hence the getter).
 */
export function drillsClient(serverOf: () => TestServer) {
  /** A user built in the database with a bearer token and a plan of their own: premium, or coach level for a coach, unless told. */
  async function golfer(over: { first_name?: string; is_coach?: boolean; plan?: GolferPlan } = {}): Promise<Golfer> {
    const server = serverOf();
    const user = await buildUser(server.db, {
      first_name: over.first_name ?? 'Ada',
      last_name: 'Golfer',
      is_coach: over.is_coach ?? false,
    });
    const plan = over.plan === undefined ? (over.is_coach ? 'COACH' : 'PREMIUM') : over.plan;
    if (plan) await buildSubscription(server.db, { purchaser: user.uid, level: SUBSCRIPTION_LEVELS[plan] });
    return { ...user, token: await issueTokenFor(server, user.uid) };
  }

  const call = (who: Golfer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    serverOf().app.inject({
      method,
      url: `/v4${url}`,
      headers: bearer(who.token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (who: Golfer, url: string) => call(who, 'GET', url);
  const post = (who: Golfer, url: string, payload: unknown) => call(who, 'POST', url, payload);
  const del = (who: Golfer, url: string) => call(who, 'DELETE', url);

  /** POSTs and answers the body, or throws naming what failed. */
  async function created<T>(who: Golfer, url: string, payload: unknown, what: string): Promise<T> {
    const res = await post(who, url, payload);
    if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  }

  return {
    golfer,
    call,
    get,
    post,
    del,
    createDrill: (who: Golfer, body: Record<string, unknown>) => created<DrillResponse>(who, '/drills', body, 'create drill'),
    createFolder: (who: Golfer, body: Record<string, unknown> = {}) =>
      created<FolderResponse>(who, '/folders', { name: 'Putting', ...body }, 'create folder'),
    /** A practice of `who` with these drills placed, shared with nobody unless told. */
    createPractice: (who: Golfer, drillIds: number[], over: Record<string, unknown> = {}) =>
      created<Placed>(
        who,
        '/events',
        buildEventBody({
          event_type: 'PRACTICE',
          usershares: [],
          orgshares: [],
          eventdrills: drillIds.map((drill_id) => ({ drill_id })),
          ...over,
        }),
        'create practice',
      ),
    recordResult: (who: Golfer, cedId: number, values: Record<string, unknown> = { made: 7 }, time?: string) =>
      created<DrillResultResponse>(who, '/drills/results', { ced_id: cedId, values, ...(time ? { time } : {}) }, 'record result'),
  };
}
