import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient, STATS_QUERY_KEY } from '../../../lib/query-client.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildRoundEvent } from '../../../test/stats-fixtures.ts';
import { useMoveEvent } from './move-event.ts';

function MoveButton() {
  const move = useMoveEvent();
  return <button onClick={() => move.mutate({ eventId: 12, dayKey: '2026-05-09' })}>Move</button>;
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('moving an event', () => {
  it('to another day refreshes the statistics: a round counts by its date', async () => {
    const round = buildRoundEvent({ event_id: 12 });
    const fetchMock = createFetchMock({ 'GET /v4/events': { json: { events: [round] } }, 'POST /v4/events': { json: round } });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'tok-1');
    session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
    const queryClient = createAppQueryClient();
    queryClient.setQueryData([...STATS_QUERY_KEY, 'round_sg', { benchmark: 'TOUR' }], { rounds: [] });
    renderWithProviders(<MoveButton />, { queryClient });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1));
    await waitFor(() =>
      expect(queryClient.getQueryState([...STATS_QUERY_KEY, 'round_sg', { benchmark: 'TOUR' }])?.isInvalidated).toBe(true),
    );
  });
});
