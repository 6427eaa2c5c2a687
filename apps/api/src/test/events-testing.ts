import type { TestServer } from './test-server.ts';
import { bearer } from './test-server.ts';

/** A short valid round: two holes, a par and a bogey with a three-putt. */
export function buildRoundBody(over: Record<string, unknown> = {}) {
  return {
    course: 'Royal Example',
    units: 'FEET_YARDS',
    holes: [
      {
        hole: 1,
        par: 4,
        shots: [
          { from: 'T', dist: 402, to: 'F' },
          { from: 'F', dist: 148, to: 'G', miss: 's' },
          { from: 'G', dist: 24, to: 'G', miss: 'lo' },
          { from: 'G', dist: 3, to: 'I' },
        ],
      },
      {
        hole: 2,
        par: 3,
        shots: [
          { from: 'T', dist: 165, to: 'G' },
          { from: 'G', dist: 40, to: 'G' },
          { from: 'G', dist: 6, to: 'G' },
          { from: 'G', dist: 2, to: 'I' },
        ],
      },
    ],
    ...over,
  };
}

export function buildEventBody(over: Record<string, unknown> = {}) {
  const type = (over.event_type as string | undefined) ?? 'ROUND';
  return {
    event_type: type,
    title: type === 'ROUND' ? 'Saturday medal' : `A ${type.toLowerCase()}`,
    start: '2026-11-21T08:00:00Z',
    ...(type === 'ROUND' ? { round: buildRoundBody() } : {}),
    ...over,
  };
}

/** Creates an event through the API and returns its answer. */
export async function createEvent(server: TestServer, token: string, over: Record<string, unknown> = {}) {
  const res = await server.app.inject({ method: 'POST', url: '/v4/events', headers: bearer(token), payload: buildEventBody(over) });
  if (res.statusCode !== 200) throw new Error(`create event failed: ${res.statusCode} ${res.body}`);
  return res.json() as {
    event_id: number;
    permissions: number;
    usershares: Array<{ uid: number; permissions: number }>;
    orgshares: Array<{ org_id: number; permissions: number }>;
    share: string;
  };
}
