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
import DrillResultsTeamPage from './drillresults-team-page.tsx';

function buildDrill(overrides: Partial<DrillResponse> = {}): DrillResponse {
  return {
    drill_id: 5,
    uid: 5,
    folder_id: null,
    title: 'Gate drill',
    description: '',
    category: 'shortPutts',
    fields: [{ key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1, unit: null, required: true }],
    score_field: 'made',
    higher_is_better: true,
    usershares: [],
    orgshares: [],
    permissions: 3,
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const GATE = buildDrill();
const LADDER = buildDrill({ drill_id: 6, title: 'Ladder drill' });

const PEOPLE = [
  { uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false },
  { uid: 22, first_name: 'Cara', last_name: 'Diaz', is_coach: false },
  { uid: 23, first_name: 'Abe', last_name: 'Zorn', is_coach: false },
];

let nextId = 1;
function result(uid: number, time: string, made: number): DrillResultResponse {
  return { drillresult_id: nextId++, ced_id: 31, drill_id: 5, event_id: 12, uid, recorded_by: uid, time, values: { made }, score: made };
}

/** Ben: 4 then 6 (30 days apart, improving by 2); Cara: 9 then 7 (getting worse by 2); Abe: nothing; 99: not among the people. */
const RESULTS = [
  result(21, '2026-01-01T12:00:00', 4),
  result(22, '2026-01-01T12:00:00', 9),
  result(21, '2026-01-31T12:00:00', 6),
  result(22, '2026-01-31T12:00:00', 7),
];

function openPage(route: string, { group = [21, 22, 23, 99], drills = [GATE, LADDER], results = RESULTS } = {}) {
  const fetchMock = stubApi({
    'GET /v4/drills': ({ url }) => {
      const id = Number(url.searchParams.get('drill_id'));
      return { json: { drills: id ? drills.filter((drill) => drill.drill_id === id) : drills } };
    },
    'GET /v4/drills/results': { json: { results } },
    'GET /v4/people': { json: { people: PEOPLE } },
  });
  signInStatsUser({ group }, { user: { uid: 5, is_coach: true } });
  renderWithProviders(
    <Routes>
      <Route path="/drillresults-team" element={<DrillResultsTeamPage />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Team drill results', () => {
  it('ranks the chosen players by recent form, links each to their progress and says the trend in words', async () => {
    installChartSize();
    const fetchMock = openPage('/drillresults-team?drill_id=5');
    expect(screen.getByRole('heading', { level: 1, name: 'Team drill results' })).toBeInTheDocument();
    const ranking = await screen.findByRole('table', { name: 'Players ranked on Gate drill' });
    expect(tableRows(ranking)).toEqual([
      // The player first (fixed while the rest scrolls), rank and trend beside it.
      ['Player', 'Rank', 'Trend', 'Recent form', 'Best', 'Attempts'],
      // Two attempts give a slope but no word: the trend's noise cannot be measured yet.
      ['Cara Diaz', '1', '-2 per 30 days', '8', '9', '2'],
      ['Ben Crenshaw', '2', '+2 per 30 days', '5', '6', '2'],
      ['Abe Zorn', '-', '-', '-', '-', '0'],
      ['Unknown', '-', '-', '-', '-', '0'],
    ]);
    expect(screen.getByRole('region', { name: 'Ranking: table' })).toBeInTheDocument();
    expect(within(ranking).getByRole('rowheader', { name: 'Cara Diaz' })).toHaveStyle({ position: 'sticky' });
    // Arrows beside the words: the direction of the score.
    expect(within(ranking).getAllByRole('row')[1]!.querySelector('[data-trend]')).toHaveAttribute('data-trend', 'down');
    expect(within(ranking).getAllByRole('row')[2]!.querySelector('[data-trend]')).toHaveAttribute('data-trend', 'up');
    expect(within(ranking).getByRole('link', { name: 'Cara Diaz' })).toHaveAttribute('href', '/drillprogress?drill_id=5&uid=22');
    expect(within(ranking).getByRole('link', { name: 'Ben Crenshaw' })).toHaveAttribute('href', '/drillprogress?drill_id=5&uid=21');
    expect(within(ranking).queryByRole('link', { name: 'Unknown' })).not.toBeInTheDocument();
    // The chart's table: the same recent form, best first.
    expect(tableRows(screen.getByRole('table', { name: 'Recent form by player' }))).toEqual([
      ['Player', 'Recent form', 'Attempts', 'Trend'],
      ['Cara Diaz', '8', '2', '↓ -2 per 30 days'],
      ['Ben Crenshaw', '5', '2', '↑ +2 per 30 days'],
    ]);
    // Only the listed players are asked about.
    const url = callsTo(fetchMock, 'GET /v4/drills/results')[0]!.url;
    expect(url.searchParams.get('drill_id')).toBe('5');
    expect(url.searchParams.get('uids')!.split(',').map(Number).sort()).toEqual([21, 22, 23]);
    expectNoFocusableInHiddenCharts(document.body);
  });

  it('lower is better: the lowest recent form ranks first', async () => {
    openPage('/drillresults-team?drill_id=5', { drills: [buildDrill({ higher_is_better: false })] });
    const ranking = await screen.findByRole('table', { name: 'Players ranked on Gate drill' });
    expect(tableRows(ranking).slice(1, 3)).toEqual([
      ['Ben Crenshaw', '1', '+2 per 30 days', '5', '4', '2'],
      ['Cara Diaz', '2', '-2 per 30 days', '8', '7', '2'],
    ]);
  });

  it('without a drill_id offers the drills to pick from', async () => {
    const user = userEvent.setup();
    openPage('/drillresults-team');
    const picker = await screen.findByRole('combobox', { name: 'Drill' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a drill', 'Gate drill', 'Ladder drill']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.selectOptions(picker, '5');
    expect(await screen.findByRole('table', { name: 'Players ranked on Gate drill' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Drill' })).toHaveValue('5'));
  });

  it('with no players chosen, links to the group page', async () => {
    openPage('/drillresults-team?drill_id=5', { group: [] });
    expect(await screen.findByRole('heading', { name: 'No players chosen yet' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Choose players' });
    expect(links.every((link) => link.getAttribute('href') === '/group')).toBe(true);
    expect(links).toHaveLength(2);
  });

  it('a drill without a score field lists attempts per player and says ranking needs a score', async () => {
    openPage('/drillresults-team?drill_id=5', { drills: [buildDrill({ score_field: null })] });
    expect(await screen.findByText('Ranking needs a score field')).toBeInTheDocument();
    expect(tableRows(screen.getByRole('table', { name: 'Attempts by player' }))).toEqual([
      ['Player', 'Attempts', 'Latest'],
      ['Abe Zorn', '0', '-'],
      ['Ben Crenshaw', '2', '01/31/26 12:00'],
      ['Cara Diaz', '2', '01/31/26 12:00'],
      ['Unknown', '0', '-'],
    ]);
  });
});
