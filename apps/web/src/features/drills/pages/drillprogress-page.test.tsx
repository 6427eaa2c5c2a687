import type { DrillResponse, DrillResultResponse } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
import { periodStart } from '../components/progress-period.tsx';
import DrillProgressPage from './drillprogress-page.tsx';

const GATE: DrillResponse = {
  drill_id: 5,
  uid: 7,
  folder_id: null,
  title: 'Gate drill',
  description: '',
  category: 'shortPutts',
  fields: [
    { key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1, unit: null, required: true },
    { key: 'green', label: 'Green speed', type: 'SELECT', options: ['slow', 'fast'], required: false },
  ],
  score_field: 'made',
  higher_is_better: true,
  usershares: [],
  orgshares: [],
  permissions: 3,
  updated_at: '2026-01-01T00:00:00Z',
};

function result(id: number, uid: number, time: string, made: number | null, green = 'fast'): DrillResultResponse {
  return {
    drillresult_id: id,
    ced_id: 31,
    drill_id: 5,
    event_id: 12,
    uid,
    recorded_by: uid,
    time,
    values: made === null ? { green } : { made, green },
    score: made,
  };
}

/** Three attempts of the caller (uid 7) 30 days apart, and one of another player the API also lets them see. */
const RESULTS = [
  result(1, 7, '2026-01-01T12:00:00', 5),
  result(2, 21, '2026-01-15T12:00:00', 10),
  result(3, 7, '2026-01-31T12:00:00', 6, 'slow'),
  result(4, 7, '2026-03-02T12:00:00', 8),
];

const PEOPLE = [{ uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false }];

function openPage(route: string, { drill = GATE as DrillResponse | null, results = RESULTS, coach = false } = {}) {
  const fetchMock = stubApi({
    'GET /v4/drills': drill ? { json: { drills: [drill] } } : { status: 404, json: { error: 'Not found', code: 'NOT_FOUND' } },
    'GET /v4/drills/results': { json: { results } },
    'GET /v4/people': { json: { people: PEOPLE } },
  });
  signInStatsUser({}, { user: { is_coach: coach } });
  renderWithProviders(
    <Routes>
      <Route path="/drillprogress" element={<DrillProgressPage />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Drill progress', () => {
  it("charts the caller's own scores with the figures of drillProgress and a table of the same numbers", async () => {
    installChartSize();
    const fetchMock = openPage('/drillprogress?drill_id=5');
    expect(screen.getByRole('heading', { level: 1, name: 'Drill progress' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Scores so far, oldest first' });
    // Ben's attempt (uid 21) is not the caller's: left out.
    expect(tableRows(table)).toEqual([
      ['Date', 'Putts made of 10'],
      ['01/1/26 12:00', '5'],
      ['01/31/26 12:00', '6'],
      ['03/2/26 12:00', '8'],
    ]);
    const figures = within(screen.getByTestId('progress-figures'));
    const figure = (term: string) => figures.getByText(term).nextElementSibling?.textContent;
    expect(figure('Attempts')).toBe('3');
    expect(figure('Best (highest)')).toBe('8');
    expect(figure('Average')).toBe('6.33');
    expect(figure('Latest')).toBe('8');
    expect(figure('Recent form (last 5)')).toBe('6.33');
    // Least squares over 0, 30 and 60 days: 1.5 more made putts every 30 days, in words and not colour alone.
    expect(figure('Trend')).toBe('+1.5 per 30 days, improving');
    expect(screen.getByText('3 attempts with a score.')).toBeInTheDocument();
    expect(screen.getByText(/Gate drill/)).toBeInTheDocument();
    expect(screen.getByText(/Your results/)).toBeInTheDocument();
    // The whole period, everyone the caller may see (filtered here), no player asked for.
    const url = callsTo(fetchMock, 'GET /v4/drills/results')[0]!.url;
    expect(url.searchParams.get('drill_id')).toBe('5');
    expect(url.searchParams.has('from')).toBe(false);
    expect(url.searchParams.has('uids')).toBe(false);
    expectNoFocusableInHiddenCharts(document.body);
  });

  it('asks again from the start of the chosen period', async () => {
    const user = userEvent.setup();
    const fetchMock = openPage('/drillprogress?drill_id=5');
    await screen.findByRole('table', { name: 'Scores so far, oldest first' });
    await user.click(screen.getByRole('radio', { name: '3 months' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /v4/drills/results').some(({ url }) => url.searchParams.get('from') === periodStart('3m'))).toBe(true),
    );
    expect(await screen.findByRole('table', { name: 'Scores in the last 3 months, oldest first' })).toBeInTheDocument();
  });

  it('counts the period back from today', () => {
    const today = new Date(2026, 4, 31);
    expect(periodStart('3m', today)).toBe('2026-02-28');
    expect(periodStart('1y', today)).toBe('2025-05-31');
    expect(periodStart('all', today)).toBeUndefined();
  });

  it("a coach sees one player's results (uid), named, and not their own", async () => {
    const fetchMock = openPage('/drillprogress?drill_id=5&uid=21', { results: [result(2, 21, '2026-01-15T12:00:00', 10)], coach: true });
    const table = await screen.findByRole('table', { name: 'Scores so far, oldest first' });
    expect(tableRows(table).slice(1)).toEqual([['01/15/26 12:00', '10']]);
    expect(await screen.findByText(/Ben Crenshaw’s results/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All your players' })).toHaveAttribute('href', '/drillresults-team?drill_id=5');
    // One attempt: no trend yet.
    const figures = within(screen.getByTestId('progress-figures'));
    expect(figures.getByText('Trend').nextElementSibling?.textContent).toBe('-');
    expect(callsTo(fetchMock, 'GET /v4/drills/results')[0]!.url.searchParams.get('uids')).toBe('21');
  });

  it('a drill without a score field lists the attempts by field values and says progress needs a score', async () => {
    openPage('/drillprogress?drill_id=5', { drill: { ...GATE, score_field: null } });
    expect(await screen.findByText('Progress needs a score field')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit the drill' })).toHaveAttribute('href', '/drill?drill_id=5');
    expect(tableRows(screen.getByRole('table', { name: 'Results so far, oldest first' }))).toEqual([
      ['Date', 'Putts made of 10', 'Green speed'],
      ['01/1/26 12:00', '5', 'fast'],
      ['01/31/26 12:00', '6', 'slow'],
      ['03/2/26 12:00', '8', 'fast'],
    ]);
    expect(screen.queryByRole('table', { name: /^Scores/ })).not.toBeInTheDocument();
  });

  it('with no results says how to record one', async () => {
    openPage('/drillprogress?drill_id=5', { results: [] });
    expect(await screen.findByRole('heading', { name: 'No results yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the drill' })).toHaveAttribute('href', '/drill?drill_id=5');
  });

  it('a drill that is not shared with the caller', async () => {
    openPage('/drillprogress?drill_id=5', { drill: null });
    expect(await screen.findByText('No such drill')).toBeInTheDocument();
  });
});
