import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, type Routes } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  buildRoundEvent,
  CHART_SVG,
  expectNoFocusableInHiddenCharts,
  installChartSize,
  quietUnsizedChartWarnings,
  resetStatsTest,
  signInStatsUser,
  stubApi,
  tableRows,
} from '../../../test/stats-fixtures.ts';

const SCORES = [
  { event_id: 11, uid: 7, start: '2026-04-01T08:00:00.000Z', holes: 18, score: 84, par: 72 },
  { event_id: 12, uid: 7, start: '2026-05-02T08:00:00.000Z', holes: 18, score: 79, par: 72 },
];

function sgBody(benchmark: string, overall: number) {
  return {
    benchmark,
    limited: false,
    players: [
      {
        uid: 7,
        rounds: 2,
        holes: 36,
        sg: {
          overall,
          tee: -0.8,
          approach: { short: 0.1, mid: -0.6, long: -1.1, overall: -1.6 },
          chip: { fairway: -0.2, rough: -0.3, sand: -0.1, other: 0, overall: -0.6 },
          putt: { short: -0.2, mid: -0.5, long: -0.42, overall: -1.12 },
        },
      },
    ],
  };
}

const ROUND_SG = {
  benchmark: 'SCRATCH',
  limited: false,
  rounds: [
    {
      event_id: 12,
      uid: 7,
      start: '2026-05-02T08:00:00.000Z',
      score: 79,
      holes: 18,
      sg: { overall: 1.25, tee: 0.5, approach: 0.25, chip: 0.25, putt: 0.25 },
    },
    {
      event_id: 11,
      uid: 7,
      start: '2026-04-01T08:00:00.000Z',
      score: 84,
      holes: 18,
      sg: { overall: -3.9, tee: -1, approach: -1.5, chip: -0.4, putt: -1 },
    },
  ],
};

const SUMMARY = {
  limited: false,
  players: [
    {
      uid: 7,
      rounds: 2,
      holes: 36,
      scoring_avg: 81.5,
      putts_per_round: 31.5,
      putts_per_gir: 1.86,
      gir_pct: 38.89,
      fairways_pct: 57.14,
      scrambling_pct: 25,
      sand_save_pct: null,
      three_putt_avoid_pct: 91.67,
      one_putt_pct: 30.56,
      avg_drive: 250,
      birdies_per_round: 1.5,
      bogeys_per_round: 6,
      doubles_per_round: 1,
      penalties_per_round: 0.5,
    },
  ],
};

const LINKS_EVENT = buildRoundEvent({ round: null, round_summary: { course: 'Links', holes: 18, score: 79, par: 72, to_par: 7 } });

function api(routes: Routes = {}) {
  return stubApi({
    'GET /v4/stats/scores': { json: { limited: false, scores: SCORES } },
    'GET /v4/stats/sg': ({ url }) => {
      const benchmark = url.searchParams.get('benchmark') ?? 'SCRATCH';
      return { json: sgBody(benchmark, benchmark === 'HUNDRED' ? 6.5 : -4.12) };
    },
    'GET /v4/stats/round_sg': { json: ROUND_SG },
    'GET /v4/stats/summary': { json: SUMMARY },
    'GET /v4/events': { json: { events: [LINKS_EVENT] } },
    ...routes,
  });
}

const rowsOf = (name: string) => tableRows(screen.getByRole('table', { name }));

const statValue = (key: string) => within(screen.getByTestId(`stat-${key}`)).getByTestId('stat-value').textContent;

beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Statistics (home)', () => {
  it('shows strokes gained by category against the benchmark, and the switch reloads every figure', async () => {
    const fetchMock = api();
    signInStatsUser();
    const user = userEvent.setup();
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Strokes gained by category' });
    expect(rowsOf('Strokes gained by category')).toEqual([
      ['Part of the game', 'Strokes gained'],
      ['Overall', '-4.12'],
      ['Off the tee', '-0.80'],
      ['Approach', '-1.60'],
      ['Short game', '-0.60'],
      ['Putting', '-1.12'],
    ]);
    expect(screen.getByText(/Per 18 holes against Scratch golfer, over 2 rounds/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/stats/sg').at(-1)!.url.searchParams.get('benchmark')).toBe('SCRATCH');

    await user.selectOptions(screen.getByLabelText('Benchmark'), 'HUNDRED');
    await waitFor(() => expect(rowsOf('Strokes gained by category')[1]).toEqual(['Overall', '+6.50']));
    expect(screen.getByText(/Per 18 holes against 100 golfer, over 2 rounds/)).toBeInTheDocument();
    for (const name of ['sg', 'round_sg', 'summary', 'scores']) {
      expect(callsTo(fetchMock, `GET /v4/stats/${name}`).map(({ url }) => url.searchParams.get('benchmark'))).toContain('HUNDRED');
    }
  });

  it("a selection holding another player's round counts only the user's own rounds", async () => {
    const other = { event_id: 13, uid: 99, start: '2026-06-01T08:00:00.000Z', holes: 18, score: 70, par: 72 };
    api({
      'GET /v4/stats/scores': { json: { limited: false, scores: [...SCORES, other] } },
      'GET /v4/stats/round_sg': {
        json: { ...ROUND_SG, rounds: [...ROUND_SG.rounds, { ...other, sg: { overall: 4, tee: 1, approach: 1, chip: 1, putt: 1 } }] },
      },
    });
    signInStatsUser();
    renderApp('/home');
    await screen.findByRole('table', { name: 'Strokes gained per round' });
    expect(rowsOf('Strokes gained per round').map((row) => row[1])).toEqual(['Score', '84', '79']);
    expect(screen.getAllByTestId('last-round')).toHaveLength(2);
    expect(screen.getByText('All 2 rounds')).toBeInTheDocument();
  });

  it('shows each part of the game with its leaves, named in the user units', async () => {
    api();
    signInStatsUser({ units: 'FEET_METERS' });
    const user = userEvent.setup();
    renderApp('/home');
    await screen.findByRole('table', { name: 'Approach by distance' });
    expect(rowsOf('Approach by distance').slice(1)).toEqual([
      ['Short (up to 91.4 m)', '+0.10'],
      ['Mid (up to 137.2 m)', '-0.60'],
      ['Long (over 137.2 m)', '-1.10'],
    ]);
    await user.click(screen.getByRole('tab', { name: 'Putting' }));
    expect(rowsOf('Putting by length').slice(1)).toEqual([
      ['Short (under 6 ft)', '-0.20'],
      ['Mid (up to 20 ft)', '-0.50'],
      ['Long (over 20 ft)', '-0.42'],
    ]);
    await user.click(screen.getByRole('tab', { name: 'Short game' }));
    expect(rowsOf('Short game by lie').slice(1)).toEqual([
      ['From the fairway', '-0.20'],
      ['From the rough', '-0.30'],
      ['From the sand', '-0.10'],
      ['Other', '0.00'],
    ]);
  });

  it('shows the trend oldest first, the summary cards, and the last rounds linking to their events', async () => {
    api();
    signInStatsUser({ units: 'FEET_METERS' });
    renderApp('/home');
    await screen.findByRole('table', { name: 'Strokes gained per round' });
    expect(rowsOf('Strokes gained per round')).toEqual([
      ['Date', 'Score', 'Strokes gained', 'Moving average (5 rounds)'],
      ['04/1/26', '84', '-3.90', '–'],
      ['05/2/26', '79', '+1.25', '–'],
    ]);
    await waitFor(() => expect(statValue('scoring_avg')).toBe('81.5'));
    expect(statValue('gir_pct')).toBe('38.9%');
    expect(statValue('putts_per_gir')).toBe('1.86');
    // 250 yd in meters.
    expect(statValue('avg_drive')).toBe('229 m');
    expect(statValue('sand_save_pct')).toBe('–');
    expect(within(screen.getByTestId('stat-sand_save_pct')).getByText('no chances yet')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-gir_pct')).queryByText('no chances yet')).not.toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(screen.getByTestId('stat-gir_pct')).getByRole('button', { name: 'What is Greens in regulation?' }));
    expect(await screen.findByText(/after at most par minus 2 strokes/)).toBeInTheDocument();

    const rounds = screen.getAllByTestId('last-round');
    expect(rounds).toHaveLength(2);
    await waitFor(() => expect(within(rounds[0]!).getByRole('link')).toHaveTextContent('Round at Links'));
    expect(within(rounds[0]!).getByRole('link')).toHaveAttribute('href', '/event?event_id=12');
    expect(rounds[0]).toHaveTextContent('Score 79 (+7)');
    expect(rounds[0]).toHaveTextContent('Strokes gained +1.25');
    expect(within(rounds[1]!).getByRole('link')).toHaveAttribute('href', '/event?event_id=11');
    expect(rounds[1]).toHaveTextContent(/^Round04\/1\/26 · Score 84 \(\+12\)Strokes gained -3\.90$/);

    expect(screen.getByRole('link', { name: /^Putting/ })).toHaveAttribute('href', '/player-putting');
    expect(screen.getByRole('link', { name: /^Miss patterns/ })).toHaveAttribute('href', '/miss-stats');
    expect(screen.getByRole('link', { name: 'Set my target' })).toHaveAttribute('href', '/custom-sg-settings');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('draws charts with nothing focusable inside them', async () => {
    installChartSize();
    api();
    signInStatsUser();
    const { container } = renderApp('/home');
    await screen.findByRole('table', { name: 'Strokes gained per round' });
    const charts = [...container.querySelectorAll('[aria-hidden="true"]')].filter((element) => element.querySelector(CHART_SVG));
    expect(charts.length).toBeGreaterThanOrEqual(3);
    expectNoFocusableInHiddenCharts(container);
    // Each bar carries its value as a label.
    expect(charts[0]!.textContent).toContain('-4.12');
  });

  it('goes to no-stats when there are no rounds', async () => {
    api({ 'GET /v4/stats/scores': { json: { limited: false, scores: [] } } });
    signInStatsUser();
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-stats'));
  });

  it('sends a coach with no rounds of their own to the team view, not to no-stats', async () => {
    api({ 'GET /v4/stats/scores': { json: { limited: false, scores: [] } } });
    signInStatsUser({}, { user: { is_coach: true } });
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team-scoring'));
  });
});
