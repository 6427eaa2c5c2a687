import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { renderApp } from '../../../test/render.tsx';
import { buildRoundEvent } from '../../../test/stats-fixtures.ts';

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

const sgRow = (event_id: number, holes: number, overall: number) => ({
  event_id,
  uid: 1,
  start: '2026-05-02T08:00:00Z',
  score: 40,
  holes,
  sg: { overall, tee: 0, approach: 0, chip: 0, putt: 0 },
});

describe('Events list: strokes gained of each round', () => {
  it("shows each round's total against the viewer's benchmark, and nothing on other types or rounds without figures", async () => {
    const fetchMock = createFetchMock({
      'GET /v4/tags': { json: { tags: [] } },
      'GET /v4/events': {
        json: {
          events: [
            buildRoundEvent({ event_id: 31, title: 'Front nine' }),
            buildRoundEvent({ event_id: 32, title: 'Medal round' }),
            buildRoundEvent({ event_id: 33, title: 'Unscored round' }),
            buildRoundEvent({ event_id: 34, event_type: 'PRACTICE', title: 'Range', round: null, round_summary: null }),
          ],
        },
      },
      // Per 18 holes, as the statistics give it: the 9-hole round's +2.4 is +1.2 over its nine.
      'GET /v4/stats/round_sg': { json: { limited: false, benchmark: 'EIGHTY', rounds: [sgRow(31, 9, 2.4), sgRow(32, 18, -0.04)] } },
    });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'tok-1');
    session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser({ uid: 1 }), settings: buildSettings() });
    renderApp('/events');

    const cardOf = async (name: string) => (await screen.findByRole('link', { name })).closest('li')!;
    expect(await within(await cardOf('Front nine')).findByTestId('round-sg')).toHaveTextContent('SG +1.2 vs 80 golfer');
    expect(within(await cardOf('Medal round')).getByTestId('round-sg')).toHaveTextContent('SG 0.0 vs 80 golfer');
    expect(within(await cardOf('Unscored round')).queryByTestId('round-sg')).not.toBeInTheDocument();
    expect(within(await cardOf('Range')).queryByTestId('round-sg')).not.toBeInTheDocument();
    // One request for the page's rounds, never one per round, and the practice is not asked about.
    const calls = callsTo(fetchMock, 'GET /v4/stats/round_sg');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('rounds')).toBe('31,32,33');
  });
});
