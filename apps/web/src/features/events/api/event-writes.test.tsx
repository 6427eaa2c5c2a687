import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventBody } from '@holeout/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient, STATS_QUERY_KEY } from '../../../lib/query-client.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { createFetchMock } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildRoundEvent } from '../../../test/stats-fixtures.ts';
import { useDeleteEvent } from './delete-event.ts';
import { useSaveEvent } from './save-event.ts';
import { useUnshareEvent } from './unshare-event.ts';

const EVENT = buildRoundEvent({ event_id: 12 });
const BODY: EventBody = {
  event_type: 'NOTE',
  title: 'Windy',
  start: '2026-05-02T08:00:00.000Z',
  end: null,
  notes: '',
  tags: [],
  round: null,
};

/** Each write of an event as the pages call it. */
function EventWrites() {
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const unshare = useUnshareEvent();
  return (
    <>
      <button onClick={() => save.mutate({ eventId: null, body: BODY })}>Create</button>
      <button onClick={() => save.mutate({ eventId: 12, body: BODY })}>Edit</button>
      <button onClick={() => remove.mutate(12)}>Delete</button>
      <button onClick={() => unshare.mutate(12)}>Remove from my list</button>
    </>
  );
}

/** A client holding statistics as a page read them: fresh, and not yet invalidated. */
function clientWithStatistics(): QueryClient {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData([...STATS_QUERY_KEY, 'scores', { benchmark: 'TOUR' }], { scores: [] });
  queryClient.setQueryData([...STATS_QUERY_KEY, 'sg', { benchmark: 'TOUR' }], { overall: 1 });
  return queryClient;
}

const statisticsInvalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: STATS_QUERY_KEY })
    .map((query) => query.state.isInvalidated);

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('writing an event refreshes the statistics', () => {
  it.each(['Create', 'Edit', 'Delete', 'Remove from my list'])('%s marks every statistics query stale', async (action) => {
    vi.stubGlobal(
      'fetch',
      createFetchMock({
        'POST /v4/events': { json: EVENT },
        'DELETE /v4/events': { json: { ok: true } },
        'GET /v4/events/unshare': { json: { ok: true } },
      }),
    );
    localStorage.setItem('token', 'tok-1');
    session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
    const queryClient = clientWithStatistics();
    renderWithProviders(<EventWrites />, { queryClient });
    expect(statisticsInvalidated(queryClient)).toEqual([false, false]);
    await userEvent.setup().click(screen.getByRole('button', { name: action }));
    await waitFor(() => expect(statisticsInvalidated(queryClient)).toEqual([true, true]));
  });
});
