import type { EventBody } from '@holeout/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient, STATS_QUERY_KEY } from '../../../lib/query-client.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { buildRoundEvent } from '../../../test/stats-fixtures.ts';
import { resetRoundService, roundService } from './round-service.ts';

const BODY: EventBody = {
  event_type: 'ROUND',
  title: 'Royal Example',
  start: '2026-05-02T08:00:00.000Z',
  end: null,
  notes: '',
  tags: [],
  round: { course: 'Royal Example', units: 'FEET_YARDS', holes: [{ hole: 1, par: 3, shots: [{ from: 'T', dist: 160, to: 'I' }] }] },
};
const STATS_KEY = [...STATS_QUERY_KEY, 'scores', { benchmark: 'TOUR' }];

beforeEach(() => {
  resetRoundService();
  queryClient.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the round service', () => {
  it('a round the outbox sends refreshes the statistics read before it', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/events': { json: buildRoundEvent({ event_id: 41 }) } });
    vi.stubGlobal('fetch', fetchMock);
    const service = roundService();
    await service.store.putOutbox({
      id: 'key-1',
      uid: 7,
      eventId: null,
      body: BODY,
      course: 'Royal Example',
      savedAt: '2026-05-02T12:00:00.000Z',
      attempts: 1,
      lastError: 'No connection',
      rejected: false,
    });
    queryClient.setQueryData(STATS_KEY, { scores: [] });
    localStorage.setItem('token', 'tok-1');
    session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser({ uid: 7 }), settings: buildSettings() });
    await service.flushNow();
    expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1);
    expect(await service.store.listOutbox(7)).toEqual([]);
    expect(queryClient.getQueryState(STATS_KEY)?.isInvalidated).toBe(true);
  });
});
