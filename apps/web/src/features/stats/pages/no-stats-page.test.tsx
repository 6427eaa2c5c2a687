import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session/session.ts';
import { callsTo } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { resetStatsTest, signInStatsUser, stubApi } from '../../../test/stats-fixtures.ts';

function api() {
  // The home page asks for the statistics of all rounds once the selection is cleared.
  return stubApi({
    'GET /v4/stats/scores': ({ url }) => ({
      json: {
        limited: false,
        scores: url.searchParams.has('rounds')
          ? []
          : [{ event_id: 3, uid: 7, start: '2026-05-02T08:00:00.000Z', holes: 18, score: 80, par: 72 }],
      },
    }),
  });
}

afterEach(resetStatsTest);

describe('No statistics yet', () => {
  it('says what the statistics will show and offers Add Round, which goes to the scanner', async () => {
    api();
    signInStatsUser();
    const user = userEvent.setup();
    const { router } = renderApp('/no-stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'No statistics yet' })).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'What your statistics will show' });
    expect(preview).toHaveTextContent(
      'measured against 6 benchmarks (PGA Tour, Scratch golfer, 80 golfer, 90 golfer, 100 golfer and LPGA Tour)',
    );
    for (const part of ['Scoring', 'Putting', 'Short game', 'Approach', 'Driving', 'Miss patterns'])
      expect(within(preview).getByText(part)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
    const addRound = within(screen.getByRole('main')).getByRole('link', { name: 'Add Round' });
    expect(addRound).toHaveAttribute('href', '/scanner');
    await user.click(addRound);
    await waitFor(() => expect(router.state.location.pathname).toBe('/scanner'));
  });

  it('offers to clear a selection that has nothing to count, then shows all rounds', async () => {
    const fetchMock = api();
    signInStatsUser({}, { selectedRounds: [41, 42] });
    const user = userEvent.setup();
    const { router } = renderApp('/no-stats');
    expect(await screen.findByTestId('selection-notice')).toHaveTextContent('The 2 rounds you selected on Events have no shots to count');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(session.store.get().selectedRounds).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByText('All 1 round');
    expect(callsTo(fetchMock, 'GET /v4/stats/scores').every(({ url }) => !url.searchParams.has('rounds'))).toBe(true);
  });

  it('sends a coach on to the team view of their players, never leaving them on no-stats', async () => {
    api();
    signInStatsUser({}, { user: { is_coach: true } });
    const { router } = renderApp('/no-stats');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team-scoring'));
    expect(screen.queryByRole('heading', { level: 1, name: 'No statistics yet' })).not.toBeInTheDocument();
  });
});
