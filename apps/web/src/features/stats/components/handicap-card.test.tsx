import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlayerHandicap } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS, type SubscriptionLevel } from '@holeout/golf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session/session.ts';
import { buildSubscription } from '../../../test/factories.ts';
import { callsTo } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  expectNoFocusableInHiddenCharts,
  installChartSize,
  quietUnsizedChartWarnings,
  resetStatsTest,
  signInStatsUser,
  stubApi,
  tableRows,
} from '../../../test/stats-fixtures.ts';
import { HandicapCard } from './handicap-card.tsx';

const row = (event_id: number, date: string, differential: number, counted: boolean, course_rating = 71.2, slope = 128) => ({
  event_id,
  date,
  holes: 18 as const,
  adjusted_gross: 88,
  course_rating,
  slope,
  differential,
  counted,
  method: event_id === 3 ? ('net_double_bogey' as const) : ('par_plus_5' as const),
});

const WITH_INDEX: PlayerHandicap = {
  uid: 7,
  index: 13.4,
  rounds_used: 4,
  method: 'lowest 1 of 4, minus 1.0',
  low_index: null,
  capped: null,
  differentials: [
    row(4, '2026-05-04T08:00:00.000Z', 16.1, false, 73.5, 135),
    row(3, '2026-05-03T08:00:00.000Z', 14.4, true, 70.1, 124),
    row(2, '2026-05-02T08:00:00.000Z', 17.9, false),
    row(1, '2026-05-01T08:00:00.000Z', 18.3, false),
  ],
  history: [
    { date: '2026-05-03T08:00:00.000Z', index: 12.4 },
    { date: '2026-05-04T08:00:00.000Z', index: 13.4 },
  ],
  rated_rounds: 4,
};

const NEEDED: PlayerHandicap = {
  uid: 7,
  index: null,
  rounds_used: 0,
  method: 'fewer than 3 scores',
  low_index: null,
  capped: null,
  differentials: [row(1, '2026-05-01T08:00:00.000Z', 18.3, false)],
  history: [],
  rated_rounds: 1,
};

function api(player: PlayerHandicap) {
  return stubApi({
    'GET /v4/stats/handicap': { json: { players: [player] } },
    'POST /v4/account/settings': ({ init }) => ({ json: { ...session.store.get().settings, ...JSON.parse(String(init.body)) } }),
  });
}

function withLevel(level: SubscriptionLevel | null) {
  session.store.set({
    ...session.store.get(),
    subscription: level === null ? null : buildSubscription({ level }),
    subscriptionLoaded: true,
  });
}

beforeEach(() => {
  quietUnsizedChartWarnings();
});
afterEach(() => resetStatsTest());

describe('HandicapCard', () => {
  it('says how many rated rounds an index needs, how many there are and where the rating and slope are entered', async () => {
    api(NEEDED);
    signInStatsUser();
    withLevel(null);
    renderWithProviders(<HandicapCard />, { route: '/home' });
    const card = await screen.findByRole('region', { name: 'Handicap index' });
    expect(await within(card).findByText('3 rated rounds needed')).toBeInTheDocument();
    expect(within(card).getByText(/1 round has a course rating and slope so far/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add Round' })).toHaveAttribute('href', '/scanner');
    expect(within(card).queryByRole('button', { name: 'Use as my custom target' })).toBeNull();
    // No index yet: nothing to chart, and no Basic line about a history that does not exist.
    expect(screen.queryByText(/come with Basic/)).toBeNull();
  });

  it('shows the index, the rule and the differentials with those counted in words; the history only from Basic', async () => {
    const fetchMock = api(WITH_INDEX);
    signInStatsUser();
    withLevel(null);
    renderWithProviders(<HandicapCard />, { route: '/home' });
    const card = await screen.findByRole('region', { name: 'Handicap index' });
    expect(await within(card).findByTestId('handicap-index')).toHaveTextContent('13.4');
    expect(
      within(card).getByText(
        'Method: lowest 1 of 4, minus 1.0. The 1 marked Counted of the latest 4 differentials (4 rated rounds) make the index.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/stats/handicap')[0]!.url.searchParams.has('players')).toBe(false);
    const rows = tableRows(within(card).getByRole('table'));
    expect(rows[0]).toEqual([
      'Date',
      'Differential',
      'In the index',
      'Course rating',
      'Slope',
      'Adjusted gross',
      'Holes',
      'Hole scores capped at',
    ]);
    expect(rows.slice(1).map((cells) => [cells[1], cells[2], cells[3], cells[4], cells[7]])).toEqual([
      ['16.1', 'Not counted', '73.5', '135', 'Par + 5'],
      ['14.4', 'Counted', '70.1', '124', 'Net double bogey'],
      ['17.9', 'Not counted', '71.2', '128', 'Par + 5'],
      ['18.3', 'Not counted', '71.2', '128', 'Par + 5'],
    ]);
    expect(within(card).getByText(/history of the index and its chart come with Basic/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Handicap index history' })).toBeNull();
  });

  it('shows the latest 10 differentials of 20 until the rest are asked for', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) =>
      row(100 - i, `2026-0${1 + Math.floor(i / 4)}-1${i % 4}T08:00:00.000Z`, 10 + i / 10, i < 8),
    );
    api({ ...WITH_INDEX, rounds_used: 20, method: 'lowest 8 of 20', differentials: twenty });
    signInStatsUser();
    withLevel(null);
    const user = userEvent.setup();
    renderWithProviders(<HandicapCard />, { route: '/home' });
    const table = await screen.findByRole('table', { name: 'Score differentials, newest first (the latest 10 of 20)' });
    expect(tableRows(table)).toHaveLength(11);
    expect(
      screen.getByText('Method: lowest 8 of 20. The 8 marked Counted of the latest 20 differentials (20 rated rounds) make the index.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all 20 differentials' }));
    expect(tableRows(screen.getByRole('table', { name: 'Score differentials, newest first' }))).toHaveLength(21);
  });

  it('draws the history with its table for Basic', async () => {
    installChartSize();
    api(WITH_INDEX);
    signInStatsUser();
    withLevel(SUBSCRIPTION_LEVELS.BASIC);
    const { container } = renderWithProviders(<HandicapCard />, { route: '/home' });
    const history = await screen.findByRole('region', { name: 'Handicap index history' });
    expect(tableRows(within(history).getByRole('table'))).toEqual([
      ['Date', 'Index'],
      ['05/3/26', '12.4'],
      ['05/4/26', '13.4'],
    ]);
    expect(screen.queryByText(/come with Basic/)).toBeNull();
    expectNoFocusableInHiddenCharts(container);
  });

  it('makes the index the custom target in one tap, from the latest counted round, keeping the saved distances', async () => {
    const fetchMock = api(WITH_INDEX);
    const boundaries = { chipMaxYards: 25, shortApproachMaxYards: 90, midApproachMaxYards: 160, shortPuttMaxFeet: 5, midPuttMaxFeet: 20 };
    signInStatsUser({ custom_sg: { target: { score: 85 }, boundaries } });
    withLevel(null);
    const user = userEvent.setup();
    renderWithProviders(<HandicapCard />, { route: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Use as my custom target' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/account/settings')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/settings')[0]!.init.body))).toEqual({
      custom_sg: { target: { handicap_index: 13.4, course_rating: 70.1, slope: 124 }, boundaries },
    });
    expect(await screen.findByRole('button', { name: 'This is your custom target' })).toBeDisabled();
  });

  it("shows a coach the player's index (?uid=) without offering it as the coach's own target", async () => {
    const fetchMock = api({ ...WITH_INDEX, uid: 12 });
    signInStatsUser({}, { user: { is_coach: true } });
    withLevel(SUBSCRIPTION_LEVELS.COACH);
    renderWithProviders(<HandicapCard />, { route: '/home?uid=12' });
    expect(await screen.findByTestId('handicap-index')).toHaveTextContent('13.4');
    expect(callsTo(fetchMock, 'GET /v4/stats/handicap')[0]!.url.searchParams.get('players')).toBe('12');
    expect(screen.queryByRole('button', { name: 'Use as my custom target' })).toBeNull();
  });
});
