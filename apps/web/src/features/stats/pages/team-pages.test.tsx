import type { StatEndpoint } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Route, Routes as RouteList, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  expectNoFocusableInHiddenCharts,
  installChartSize,
  quietUnsizedChartWarnings,
  resetStatsTest,
  signInStatsUser,
  statRoutes,
  stubApi,
  tableRows,
} from '../../../test/stats-fixtures.ts';
import { NARROW_CHART_QUERY } from '../../../components/charts/stat-charts.tsx';
import type { StatBody } from '../api/stats.ts';
import TeamApproachPage from './team-approach-page.tsx';
import TeamDrivesPage from './team-drives-page.tsx';
import TeamPuttingPage from './team-putting-page.tsx';
import TeamScoringPage from './team-scoring-page.tsx';
import TeamShortgamePage from './team-shortgame-page.tsx';

type Bodies = { [K in StatEndpoint]?: StatBody<K> };

const PEOPLE = [
  { uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false },
  { uid: 22, first_name: 'Cara', last_name: 'Diaz', is_coach: false },
  { uid: 23, first_name: 'Abe', last_name: 'Zorn', is_coach: false },
  { uid: 5, first_name: 'Kim', last_name: 'Lee', is_coach: true },
];
/** Abe Zorn (23) and Ben Crenshaw (21) have rounds shared; Cara Diaz (22) none; 99 is not among the people. */
const GROUP = [21, 22, 23, 99];

function summaryOf(
  uid: number,
  rounds: number,
  figures: Partial<StatBody<'summary'>['players'][number]>,
): StatBody<'summary'>['players'][number] {
  return {
    uid,
    rounds,
    holes: rounds * 18,
    scoring_avg: null,
    putts_per_round: null,
    putts_per_gir: null,
    gir_pct: null,
    fairways_pct: null,
    scrambling_pct: null,
    sand_save_pct: null,
    three_putt_avoid_pct: null,
    one_putt_pct: null,
    avg_drive: null,
    birdies_per_round: null,
    bogeys_per_round: null,
    doubles_per_round: null,
    penalties_per_round: null,
    ...figures,
  };
}

const day = (n: number) => new Date(Date.UTC(2026, 3, 1) + n * 86_400_000).toISOString();
const roundOf = (event_id: number, uid: number, days: number, sg: number) => ({
  event_id,
  uid,
  start: day(days),
  score: 80,
  holes: 18,
  sg: { overall: sg, tee: sg, approach: sg, chip: sg, putt: sg },
});

/**
 * Each part of the game per round, the same in every part. Abe Zorn: days 0, 30, 60 at -3, -2, 0,
 * a slope of +1.50 per 30 days with a standard error of 0.29 (improving). Ben Crenshaw: days 0,
 * 30, 60, 90 at 0, 2, -2, 1, a slope of -0.10 with a standard error of 0.93 (steady).
 */
const ROUND_SG: StatBody<'round_sg'> = {
  limited: false,
  benchmark: 'SCRATCH',
  rounds: [
    roundOf(1, 23, 0, -3),
    roundOf(2, 23, 30, -2),
    roundOf(3, 23, 60, 0),
    roundOf(4, 21, 0, 0),
    roundOf(5, 21, 30, 2),
    roundOf(6, 21, 60, -2),
    roundOf(7, 21, 90, 1),
  ],
};
const TREND_HEADERS = ['Per round, last 10 vs season', 'Trend per 30 days'];
const ABE_TREND = ['last 3: -1.67 vs season -1.67', '+1.50 improving'];
const BEN_TREND = ['last 4: +0.25 vs season +0.25', '-0.10 steady'];
const NO_TREND = ['–', '–'];

const BODIES: Bodies = {
  round_sg: ROUND_SG,
  summary: {
    limited: false,
    players: [
      summaryOf(21, 4, {
        scoring_avg: 78.25,
        putts_per_round: 31.5,
        putts_per_gir: 1.82,
        gir_pct: 55.56,
        fairways_pct: 60,
        sand_save_pct: 50,
        three_putt_avoid_pct: 94.44,
        one_putt_pct: 30,
        avg_drive: 255,
        birdies_per_round: 2.5,
        bogeys_per_round: 4,
        doubles_per_round: 0.75,
      }),
      summaryOf(23, 2, {
        scoring_avg: 84.5,
        putts_per_round: 33.5,
        putts_per_gir: 2.01,
        gir_pct: 33.33,
        fairways_pct: 45,
        sand_save_pct: null,
        three_putt_avoid_pct: 88,
        one_putt_pct: 20,
        avg_drive: 231,
        birdies_per_round: 0.5,
        bogeys_per_round: 7,
        doubles_per_round: 2.25,
      }),
    ],
  },
  sg: {
    limited: false,
    benchmark: 'SCRATCH',
    players: [
      {
        uid: 21,
        rounds: 4,
        holes: 72,
        sg: {
          overall: 1.2,
          tee: 0.4,
          approach: { short: 0.3, mid: 0.2, long: -0.1, overall: 0.4 },
          chip: { fairway: 0.1, rough: 0.05, sand: -0.15, other: 0, overall: 0 },
          putt: { short: -0.25, mid: 0.5, long: 0.15, overall: 0.4 },
        },
      },
      {
        uid: 23,
        rounds: 2,
        holes: 36,
        sg: {
          overall: -2.4,
          tee: -0.6,
          approach: { short: -0.1, mid: -0.4, long: -0.5, overall: -1 },
          chip: { fairway: -0.2, rough: -0.1, sand: -0.3, other: 0, overall: -0.6 },
          putt: { short: 0.45, mid: -0.3, long: -0.35, overall: -0.2 },
        },
      },
    ],
  },
  par_avgs: {
    limited: false,
    players: [
      {
        uid: 21,
        pars: [
          { par: 3, holes: 16, average: 3.1 },
          { par: 4, holes: 40, average: 4.2 },
          { par: 5, holes: 16, average: 4.9 },
        ],
      },
      {
        uid: 23,
        pars: [
          { par: 3, holes: 10, average: 3.5 },
          { par: 4, holes: 26, average: 4.6 },
        ],
      },
    ],
  },
  ud: {
    limited: false,
    players: [
      {
        uid: 21,
        overall: { chances: 10, made: 6, percent: 60 },
        fairway: { chances: 4, made: 3, percent: 75 },
        rough: { chances: 4, made: 2, percent: 50 },
        sand: { chances: 2, made: 1, percent: 50 },
      },
      {
        uid: 23,
        overall: { chances: 8, made: 2, percent: 25 },
        fairway: { chances: 2, made: 1, percent: 50 },
        rough: { chances: 6, made: 1, percent: 16.67 },
        sand: { chances: 0, made: 0, percent: null },
      },
    ],
  },
};

function openTeamPage(
  Page: ComponentType,
  { bodies = BODIES, group = GROUP, people = { json: { people: PEOPLE } } as Routes[string], route = '/team' } = {},
) {
  const fetchMock = stubApi({ ...statRoutes(bodies), 'GET /v4/people': people });
  // The coach's own Events selection must not narrow the team's figures.
  signInStatsUser({ group }, { user: { is_coach: true }, selectedRounds: [501] });
  const view = renderWithProviders(<Page />, { route });
  return { fetchMock, ...view };
}

function statCalls(fetchMock: ReturnType<typeof stubApi>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/v4/stats/'));
}

/** A table's cells once every figure has answered (the trend columns follow their own statistic). */
async function table(name: string): Promise<string[][]> {
  const found = await screen.findByRole('table', { name });
  await waitFor(() => expect(found).not.toHaveTextContent('Loading…'));
  return tableRows(found);
}

beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Team scoring', () => {
  it('puts the chosen players side by side: strokes gained by part of the game and the scoring figures, with the team average', async () => {
    const { fetchMock } = openTeamPage(TeamScoringPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team scoring' })).toBeInTheDocument();
    expect(await table('Strokes gained by part of the game')).toEqual([
      ['Player', 'Rounds', 'Overall', 'Off the tee', 'Approach', 'Short game', 'Putting', ...TREND_HEADERS],
      ['Team average', '6 in all', '-0.60', '-0.10', '-0.30', '-0.30', '+0.10', ...NO_TREND],
      ['Abe Zorn', '2', '-2.40', '-0.60', '-1.00', '-0.60', '-0.20', ...ABE_TREND],
      ['Ben Crenshaw', '4', '+1.20', '+0.40', '+0.40', '0.00', '+0.40', ...BEN_TREND],
      ['Cara Diaz', 'None shared', '–', '–', '–', '–', '–', ...NO_TREND],
      ['Unknown', 'Not shared', '–', '–', '–', '–', '–', ...NO_TREND],
    ]);
    expect(screen.getByText(/^Per 18 holes, against Scratch golfer\./)).toBeInTheDocument();
    expect(await table('Scoring figures')).toEqual([
      [
        'Player',
        'Rounds',
        'Scoring average',
        'Birdies per round',
        'Bogeys per round',
        'Doubles per round',
        'Par 3 average',
        'Par 4 average',
        'Par 5 average',
      ],
      ['Team average', '6 in all', '81.4', '1.5', '5.5', '1.5', '3.30', '4.40', '4.90'],
      ['Abe Zorn', '2', '84.5', '0.5', '7', '2.3', '3.50', '4.60', '–'],
      ['Ben Crenshaw', '4', '78.3', '2.5', '4', '0.8', '3.10', '4.20', '4.90'],
      ['Cara Diaz', 'None shared', '–', '–', '–', '–', '–', '–', '–'],
      ['Unknown', 'Not shared', '–', '–', '–', '–', '–', '–', '–'],
    ]);
    // Every statistic is asked for the team's listed players, over all their shared rounds, against the switch's benchmark.
    const calls = statCalls(fetchMock);
    expect(new Set(calls.map((url) => url.pathname))).toEqual(
      new Set(['/v4/stats/summary', '/v4/stats/sg', '/v4/stats/round_sg', '/v4/stats/par_avgs']),
    );
    for (const url of calls) {
      expect(url.searchParams.get('players')).toBe('23,21,22');
      expect(url.searchParams.has('rounds')).toBe(false);
      expect(url.searchParams.get('benchmark')).toBe('SCRATCH');
    }
    expect(screen.getByText(/^Only rounds your players share with you/)).toBeInTheDocument();
    expect(screen.getByText(/One chosen player is no longer among your people/)).toBeInTheDocument();
  });

  it("links each player's name to their own page of the same part of the game, and the team views to each other", async () => {
    openTeamPage(TeamScoringPage);
    const figures = await screen.findByRole('table', { name: 'Scoring figures' });
    expect(within(figures).getByRole('link', { name: 'Ben Crenshaw' })).toHaveAttribute('href', '/player-scoring?uid=21');
    expect(within(figures).getByRole('link', { name: 'Cara Diaz' })).toHaveAttribute('href', '/player-scoring?uid=22');
    // Unknown is not a player the coach can open.
    expect(within(figures).queryByRole('link', { name: 'Unknown' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Team views' });
    expect(within(nav).getByRole('link', { name: 'Scoring' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Putting' })).toHaveAttribute('href', '/team-putting');
    expect(within(nav).getByRole('link', { name: 'Driving' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Choose players' })).toHaveAttribute('href', '/group');
  });

  it('asks again against the benchmark chosen with the switch', async () => {
    const user = userEvent.setup();
    const { fetchMock } = openTeamPage(TeamScoringPage);
    await screen.findByRole('table', { name: 'Scoring figures' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Benchmark' }), 'TOUR');
    await waitFor(() =>
      expect(statCalls(fetchMock).some((url) => url.pathname === '/v4/stats/sg' && url.searchParams.get('benchmark') === 'TOUR')).toBe(
        true,
      ),
    );
  });
});

describe('the other team views', () => {
  it('Putting: strokes gained by length and the putting figures', async () => {
    openTeamPage(TeamPuttingPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team putting' })).toBeInTheDocument();
    expect((await table('Strokes gained putting')).slice(0, 4)).toEqual([
      ['Player', 'Rounds', 'Short (under 6 ft)', 'Mid (6–20 ft)', 'Lag putts (over 20 ft)', 'All putts', ...TREND_HEADERS],
      ['Team average', '6 in all', '+0.10', '+0.10', '-0.10', '+0.10', ...NO_TREND],
      ['Abe Zorn', '2', '+0.45', '-0.30', '-0.35', '-0.20', ...ABE_TREND],
      ['Ben Crenshaw', '4', '-0.25', '+0.50', '+0.15', '+0.40', ...BEN_TREND],
    ]);
    expect((await table('Putting figures')).slice(0, 4)).toEqual([
      [
        'Player',
        'Rounds',
        'Putts per round',
        'Putts per GIR',
        '3-putt avoidance',
        'One-putts',
        'SG short putts (under 6 ft)',
        'SG mid putts (6–20 ft)',
        'SG lag putts (over 20 ft)',
      ],
      ['Team average', '6 in all', '32.5', '1.92', '91.2%', '25%', '+0.10', '+0.10', '-0.10'],
      ['Abe Zorn', '2', '33.5', '2.01', '88%', '20%', '+0.45', '-0.30', '-0.35'],
      ['Ben Crenshaw', '4', '31.5', '1.82', '94.4%', '30%', '-0.25', '+0.50', '+0.15'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Putting figures' })).getByRole('link', { name: 'Abe Zorn' })).toHaveAttribute(
      'href',
      '/player-putting?uid=23',
    );
  });

  it('Short game: strokes gained by lie, up and down, sand saves and strokes gained with chips', async () => {
    openTeamPage(TeamShortgamePage);
    expect((await table('Strokes gained around the green'))[1]).toEqual([
      'Team average',
      '6 in all',
      '-0.05',
      '-0.03',
      '-0.23',
      '0.00',
      '-0.30',
      ...NO_TREND,
    ]);
    expect((await table('Short game figures')).slice(0, 4)).toEqual([
      ['Player', 'Rounds', 'Up and down', 'From the fairway', 'From the rough', 'From the sand', 'Sand saves', 'SG chips'],
      ['Team average', '6 in all', '42.5%', '62.5%', '33.3%', '50%', '50%', '-0.30'],
      ['Abe Zorn', '2', '25%', '50%', '16.7%', '–', '–', '-0.60'],
      ['Ben Crenshaw', '4', '60%', '75%', '50%', '50%', '50%', '0.00'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Short game figures' })).getByRole('link', { name: 'Ben Crenshaw' })).toHaveAttribute(
      'href',
      '/player-shortgame?uid=21',
    );
  });

  it('Approach: strokes gained by distance, greens in regulation', async () => {
    openTeamPage(TeamApproachPage);
    expect((await table('Strokes gained approaching'))[0]).toEqual([
      'Player',
      'Rounds',
      'Short (50–100 yd)',
      'Mid (100–150 yd)',
      'Long (over 150 yd)',
      'All approaches',
      ...TREND_HEADERS,
    ]);
    expect((await table('Approach figures')).slice(0, 4)).toEqual([
      [
        'Player',
        'Rounds',
        'Greens in regulation',
        'SG short approach (50–100 yd)',
        'SG mid approach (100–150 yd)',
        'SG long approach (over 150 yd)',
      ],
      ['Team average', '6 in all', '44.4%', '+0.10', '-0.10', '-0.30'],
      ['Abe Zorn', '2', '33.3%', '-0.10', '-0.40', '-0.50'],
      ['Ben Crenshaw', '4', '55.6%', '+0.30', '+0.20', '-0.10'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Approach figures' })).getByRole('link', { name: 'Ben Crenshaw' })).toHaveAttribute(
      'href',
      '/player-approach?uid=21',
    );
  });

  it('Driving: strokes gained off the tee, average drive in the coach units and fairways', async () => {
    openTeamPage(TeamDrivesPage);
    expect((await table('Strokes gained off the tee')).slice(0, 3)).toEqual([
      ['Player', 'Rounds', 'Off the tee', ...TREND_HEADERS],
      ['Team average', '6 in all', '-0.10', ...NO_TREND],
      ['Abe Zorn', '2', '-0.60', ...ABE_TREND],
    ]);
    expect((await table('Driving figures')).slice(0, 4)).toEqual([
      ['Player', 'Rounds', 'Average drive', 'Fairways hit', 'SG off the tee'],
      ['Team average', '6 in all', '243 yd', '52.5%', '-0.10'],
      ['Abe Zorn', '2', '231 yd', '45%', '-0.60'],
      ['Ben Crenshaw', '4', '255 yd', '60%', '+0.40'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Driving figures' })).getByRole('link', { name: 'Ben Crenshaw' })).toHaveAttribute(
      'href',
      '/player-drives?uid=21',
    );
  });
});

describe('sorting a team table and opening a player from it', () => {
  const names = (rows: string[][]) => rows.slice(2).map((row) => row[0]);

  it('sorts by any column from its header button, with aria-sort on the header, nothing to count last either way', async () => {
    const user = userEvent.setup();
    openTeamPage(TeamPuttingPage);
    await table('Strokes gained putting');
    const sg = screen.getByRole('table', { name: 'Strokes gained putting' });
    const lag = within(sg).getByRole('button', { name: /^Lag putts/ });
    const header = lag.closest('th')!;
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(names(tableRows(sg))).toEqual(['Abe Zorn', 'Ben Crenshaw', 'Cara Diaz', 'Unknown']);

    await user.click(lag);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names(tableRows(sg))).toEqual(['Abe Zorn', 'Ben Crenshaw', 'Cara Diaz', 'Unknown']);
    expect(tableRows(sg)[1]![0]).toBe('Team average');

    await user.click(lag);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names(tableRows(sg))).toEqual(['Ben Crenshaw', 'Abe Zorn', 'Cara Diaz', 'Unknown']);

    // Another column: only its header carries the sort; the keyboard sorts as a tap does.
    const trend = within(sg).getByRole('button', { name: /^Trend per 30 days/ });
    trend.focus();
    await user.keyboard('{Enter}');
    expect(trend.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(names(tableRows(sg))).toEqual(['Ben Crenshaw', 'Abe Zorn', 'Cara Diaz', 'Unknown']);
    expect(screen.getByText('Sorted by Trend per 30 days, ascending, nothing to count last.')).toBeInTheDocument();

    // The figures table sorts numerically too: 3-putt avoidance 94.44 after 88.
    const figures = screen.getByRole('table', { name: 'Putting figures' });
    await user.click(within(figures).getByRole('button', { name: /^3-putt avoidance/ }));
    await user.click(within(figures).getByRole('button', { name: /^3-putt avoidance/ }));
    expect(names(tableRows(figures))).toEqual(['Ben Crenshaw', 'Abe Zorn', 'Cara Diaz', 'Unknown']);
  });

  it("opens a player's page of the same part from anywhere on their row", async () => {
    const user = userEvent.setup();
    function Where() {
      const location = useLocation();
      return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
    }
    function PuttingWithPlayer() {
      return (
        <RouteList>
          <Route path="/team" element={<TeamPuttingPage />} />
          <Route path="/player-putting" element={<Where />} />
        </RouteList>
      );
    }
    openTeamPage(PuttingWithPlayer);
    await table('Strokes gained putting');
    const sg = screen.getByRole('table', { name: 'Strokes gained putting' });
    const abe = within(sg).getByRole('link', { name: 'Abe Zorn' }).closest('tr')!;
    await user.click(within(abe).getByText('+1.50 improving'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/player-putting?uid=23');
  });
});

describe('team view states', () => {
  it('without a group, says how to choose players and asks for no statistics', async () => {
    const { fetchMock } = openTeamPage(TeamPuttingPage, { group: [] });
    expect(await screen.findByText('No players chosen yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Choose players' }).every((link) => link.getAttribute('href') === '/group')).toBe(true);
    // Never a dead end: each of the coach's players (not the coach Kim Lee) opens their own statistics.
    const players = await screen.findByRole('list', { name: 'Your players' });
    expect(
      within(players)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Abe Zorn', '/player-scoring?uid=23'],
      ['Ben Crenshaw', '/player-scoring?uid=21'],
      ['Cara Diaz', '/player-scoring?uid=22'],
    ]);
    expect(statCalls(fetchMock)).toHaveLength(0);
  });

  it('says when the statistics were cut to 15 players and 300 rounds', async () => {
    openTeamPage(TeamDrivesPage, { bodies: { ...BODIES, summary: { ...BODIES.summary!, limited: true } } });
    expect(await screen.findByText('Not every round is counted')).toBeInTheDocument();
    expect(screen.getByText(/at most 15 players and 300 rounds/)).toBeInTheDocument();
  });

  it('shows Unknown for everyone and still asks about the whole group when the list of people fails', async () => {
    const { fetchMock } = openTeamPage(TeamApproachPage, {
      people: { status: 500, json: { error: 'Something went wrong', code: 'INTERNAL_ERROR' } },
    });
    await screen.findByRole('table', { name: 'Approach figures' });
    expect(new Set(statCalls(fetchMock).map((url) => url.searchParams.get('players')))).toEqual(new Set(['21,22,23,99']));
    expect((await table('Approach figures')).slice(1).map((row) => row[0])).toEqual([
      'Team average',
      'Unknown',
      'Unknown',
      'Unknown',
      'Unknown',
    ]);
  });

  it('asks for no statistics when none of the chosen players is among the people', async () => {
    const { fetchMock } = openTeamPage(TeamScoringPage, { group: [98, 99] });
    expect(await screen.findByText('No statistics to show')).toBeInTheDocument();
    expect(statCalls(fetchMock)).toHaveLength(0);
  });

  it('says when figures could not be loaded', async () => {
    openTeamPage(TeamScoringPage, { bodies: { summary: BODIES.summary!, sg: BODIES.sg! } });
    const card = await screen.findByRole('region', { name: 'Scoring figures' });
    expect(await within(card).findByText('Could not load these figures')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Strokes gained by part of the game' })).toBeInTheDocument();
  });

  it.each([
    ['Scoring', TeamScoringPage],
    ['Putting', TeamPuttingPage],
    ['Short game', TeamShortgamePage],
    ['Approach', TeamApproachPage],
    ['Driving', TeamDrivesPage],
  ] as const)(
    '%s: draws one bar series per player with nothing focusable in the hidden chart',
    async (_name, Page) => {
      installChartSize();
      const { container } = openTeamPage(Page);
      await waitFor(() => expect(container.querySelectorAll('[aria-hidden="true"] svg.recharts-surface')).toHaveLength(1));
      // Two players with rounds: two series, named in the chart's key.
      await waitFor(() => expect(container.querySelectorAll('[aria-hidden="true"] .recharts-bar')).toHaveLength(2));
      const hidden = container.querySelector('[aria-hidden="true"]') as HTMLElement;
      expect(within(hidden).getByText('Abe Zorn')).toBeInTheDocument();
      expect(within(hidden).queryByText('Cara Diaz')).not.toBeInTheDocument();
      expectNoFocusableInHiddenCharts(container);
    },
    20_000,
  );
});

describe('team strokes gained on a phone', () => {
  const wideScreen = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...wideScreen(query), matches: query === NARROW_CHART_QUERY });
  });
  afterEach(() => {
    window.matchMedia = wideScreen;
  });

  it('Scoring: one small chart per category with a row per player with rounds, no grouped bars, and a chosen player standing out', async () => {
    const user = userEvent.setup();
    const { container } = openTeamPage(TeamScoringPage);
    const charts = await screen.findAllByTestId('sg-category-chart');
    expect(charts.map((chart) => chart.dataset.category)).toEqual(['Overall', 'Tee', 'Approach', 'Short game', 'Putting']);
    for (const chart of charts) {
      // Abe Zorn and Ben Crenshaw have rounds; Cara Diaz none, and 99 is not among the people.
      expect([...chart.querySelectorAll('[data-row-label]')].map((label) => label.textContent).sort()).toEqual([
        'Abe Zorn',
        'Ben Crenshaw',
      ]);
      expect(within(chart).getAllByTestId('team-average')).toHaveLength(1);
    }
    expect(container.querySelectorAll('.recharts-bar')).toHaveLength(0);
    // The sortable table stays beside the charts.
    expect(screen.getByRole('table', { name: 'Strokes gained by part of the game' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Highlight a player'), 'Abe Zorn');
    for (const chart of screen.getAllByTestId('sg-category-chart')) {
      expect(chart.querySelector('g[data-uid="23"]')).toHaveAttribute('opacity', '1');
      expect(chart.querySelector('g[data-uid="21"]')).toHaveAttribute('opacity', '0.35');
    }
    expectNoFocusableInHiddenCharts(container);
  });
});
