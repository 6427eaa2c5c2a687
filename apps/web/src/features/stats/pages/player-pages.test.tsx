import type { StatEndpoint } from '@holeout/contracts';
import { BarChart } from '@mantine/charts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  expectNoFocusableInHiddenCharts,
  HIDDEN_CHART_SVG,
  focusableInHiddenCharts,
  installChartSize,
  missGrid,
  quietUnsizedChartWarnings,
  renderStatsPage,
  resetStatsTest,
  signInStatsUser,
  statRoutes,
  stubApi,
  tableRows,
} from '../../../test/stats-fixtures.ts';
import type { StatBody } from '../api/stats.ts';
import PlayerApproachPage from './player-approach-page.tsx';
import PlayerDrivesPage from './player-drives-page.tsx';
import PlayerPuttingPage from './player-putting-page.tsx';
import PlayerScoringPage from './player-scoring-page.tsx';
import PlayerShortgamePage from './player-shortgame-page.tsx';

type Bodies = { [K in StatEndpoint]: StatBody<K> };

const ROUND_1 = { event_id: 1, uid: 7, start: '2026-05-02T12:00:00Z' };
const ROUND_2 = { event_id: 2, uid: 7, start: '2026-05-09T12:00:00Z' };

const BODIES: Bodies = {
  scores: {
    limited: false,
    scores: [
      { ...ROUND_1, holes: 18, score: 84, par: 72 },
      { ...ROUND_2, holes: 9, score: 41, par: 36 },
    ],
  },
  par_avgs: {
    limited: false,
    players: [
      {
        uid: 7,
        pars: [
          { par: 4, holes: 14, average: 4.64 },
          { par: 3, holes: 5, average: 3.4 },
          { par: 5, holes: 8, average: 5.5 },
        ],
      },
    ],
  },
  gir: { limited: false, players: [{ uid: 7, holes: 27, greens: 9, percent: 33.33, dists: [45, 120, 130, 160, 210, 90, 140, 150, 175] }] },
  drives: { limited: false, players: [{ uid: 7, drives: [250, 262, 241, 199], average: 238 }] },
  ud: {
    limited: false,
    players: [
      {
        uid: 7,
        overall: { chances: 8, made: 3, percent: 37.5 },
        rough: { chances: 5, made: 1, percent: 20 },
        fairway: { chances: 2, made: 2, percent: 100 },
        sand: { chances: 0, made: 0, percent: null },
      },
    ],
  },
  sg: {
    limited: false,
    benchmark: 'SCRATCH',
    players: [
      {
        uid: 7,
        rounds: 2,
        holes: 27,
        sg: {
          overall: -1.5,
          tee: -0.2,
          approach: { short: 0.1, mid: -0.5, long: -0.3, overall: -0.7 },
          chip: { fairway: 0.2, rough: -0.1, sand: -0.3, other: 0, overall: -0.2 },
          putt: { short: -0.25, mid: 0.4, long: -0.55, overall: -0.4 },
        },
      },
    ],
  },
  round_sg: {
    limited: false,
    benchmark: 'SCRATCH',
    rounds: [
      { ...ROUND_1, score: 84, holes: 18, sg: { overall: -2.5, tee: -0.4, approach: -1.2, chip: 0.3, putt: -1.2 } },
      { ...ROUND_2, score: 41, holes: 9, sg: { overall: 1.04, tee: 0.5, approach: 0.2, chip: -0.06, putt: 0.4 } },
    ],
  },
  first_putt: {
    limited: false,
    players: [
      {
        uid: 7,
        putts: [
          { start_dist: 140, putt_dist: 20 },
          { start_dist: 120, putt_dist: 30 },
          { start_dist: 30, putt_dist: 6 },
          { start_dist: 160, putt_dist: 4 },
        ],
      },
    ],
  },
  putt_misses: {
    limited: false,
    players: [
      {
        uid: 7,
        all: missGrid({ made: 5, shots: 9 }),
        short: missGrid({ made: 4, shots: 4 }),
        mid: missGrid({ made: 1, shots: 4 }),
        long: missGrid({ made: 0, shots: 1 }),
      },
    ],
  },
  app_misses: {
    limited: false,
    players: [
      {
        uid: 7,
        all: missGrid({ made: 8, shots: 24 }),
        short: missGrid({ made: 4, shots: 6 }),
        mid: missGrid({ made: 3, shots: 10 }),
        long: missGrid({ made: 1, shots: 8 }),
      },
    ],
  },
  og_misses: { limited: false, players: [{ uid: 7, approaches: 24, layups: 2, misses: [], to: { F: 0, R: 0, S: 0, H: 0, O: 0 } }] },
  fw_summary: { limited: false, players: [{ uid: 7, drives: 10, made: 50, l: 2, r: 2, counts: { drives: 10, made: 5, l: 2, r: 2 } }] },
  fw_rounds: {
    limited: false,
    rounds: [
      { ...ROUND_1, drives: 6, made: 50, l: 1.67, r: 3.33, counts: { drives: 6, made: 3, l: 1, r: 2 } },
      { ...ROUND_2, drives: 4, made: 50, l: 2.5, r: 0, counts: { drives: 4, made: 2, l: 1, r: 0 } },
    ],
  },
  putts: { limited: false, players: [{ uid: 7, made: [1, 2, 3, 5, 8, 12, 40], missed: [2.5, 6, 9, 18, 25, 35, 50] }] },
  summary: {
    limited: false,
    players: [
      {
        uid: 7,
        rounds: 2,
        holes: 27,
        scoring_avg: 83.33,
        putts_per_round: 32.67,
        putts_per_gir: 1.89,
        gir_pct: 33.33,
        fairways_pct: 50,
        scrambling_pct: null,
        sand_save_pct: 25,
        three_putt_avoid_pct: 88.89,
        one_putt_pct: 22.22,
        avg_drive: 238,
        birdies_per_round: 0.67,
        bogeys_per_round: 8,
        doubles_per_round: 2.67,
        penalties_per_round: 1.33,
      },
    ],
  },
};

async function table(name: string | RegExp): Promise<string[][]> {
  return tableRows(await screen.findByRole('table', { name }));
}

function tile(label: string): HTMLElement {
  const found = screen.getAllByTestId('stat-tile').find((element) => within(element).queryByText(label, { selector: 'dt span' }));
  if (!found) throw new Error(`No tile ${label}`);
  return found;
}

// Unsized charts make recharts warn; the chart tests below size them.
beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Scoring page', () => {
  it('shows scores, par averages, score types, greens in regulation and strokes gained per round', async () => {
    renderStatsPage(<PlayerScoringPage />, { bodies: BODIES, route: '/player-scoring' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scoring' })).toBeInTheDocument();
    expect(await table('Scores per round')).toEqual([
      ['Round', 'Holes', 'Score', 'Par', 'To par', 'Moving average (5 rounds), score'],
      ['05/2/26', '18', '84', '72', '+12', '–'],
      ['05/9/26', '9', '41', '36', '+5', '–'],
    ]);
    expect(await table('Par averages')).toEqual([
      ['Par', 'Holes', 'Average', 'To par'],
      ['Par 3', '5', '3.40', '+0.40'],
      ['Par 4', '14', '4.64', '+0.64'],
      ['Par 5', '8', '5.50', '+0.50'],
    ]);
    expect(await table('Birdies, bogeys and doubles')).toEqual([
      ['Score', 'Per round'],
      ['Birdies or better', '0.7'],
      ['Bogeys', '8'],
      ['Doubles or worse', '2.7'],
    ]);
    expect(await table('Greens in regulation')).toEqual([
      ['From', 'Greens hit', 'Share'],
      ['Under 50 yd', '1', '11.1%'],
      ['50–100 yd', '1', '11.1%'],
      ['100–150 yd', '3', '33.3%'],
      ['150–200 yd', '3', '33.3%'],
      ['200 yd or more', '1', '11.1%'],
    ]);
    expect(screen.getByText(/^33\.3%: 9 of 27 holes\./)).toBeInTheDocument();
    expect(await table('Strokes gained per round')).toEqual([
      ['Round', 'Holes', 'Score', 'Overall', 'Moving average (5 rounds)', 'Off the tee', 'Approach', 'Short game', 'Putting'],
      ['05/2/26', '18', '84', '-2.50', '–', '-0.40', '-1.20', '+0.30', '-1.20'],
      ['05/9/26', '9', '41', '+1.04', '–', '+0.50', '+0.20', '-0.06', '+0.40'],
    ]);
    expect(within(tile('Scoring average')).getByText('83.3')).toBeInTheDocument();
    expect(within(tile('Greens in regulation')).getByText('33.3%')).toBeInTheDocument();
    // Sections are h2 under the page's h1.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toContain('Par averages');
  });

  it('shows a skeleton in a card until its statistic arrives', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = createFetchMock(statRoutes(BODIES));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/stats/par_avgs')) await gate;
      return fetchMock(input, init);
    });
    signInStatsUser();
    renderWithProviders(<PlayerScoringPage />, { route: '/player-scoring' });
    await screen.findByRole('table', { name: 'Scores per round' });
    const card = screen.getByRole('region', { name: 'Par averages' });
    expect(within(card).getByTestId('card-skeleton')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('table', { name: 'Par averages' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
  });
});

describe('Putting page', () => {
  it('shows make percentage by distance, first putts, proximity and strokes gained putting in feet and yards', async () => {
    renderStatsPage(<PlayerPuttingPage />, { bodies: BODIES, route: '/player-putting' });
    expect(await table('Putts made by distance')).toEqual([
      ['Distance', 'Made', 'Putts', 'Made %'],
      ['Under 3 ft', '2', '3', '66.7%'],
      ['3–6 ft', '2', '2', '100%'],
      ['6–10 ft', '1', '3', '33.3%'],
      ['10–15 ft', '1', '1', '100%'],
      ['15–20 ft', '0', '1', '0%'],
      ['20–30 ft', '0', '1', '0%'],
      ['30 ft or more', '1', '3', '33.3%'],
    ]);
    expect((await table('First putt length')).filter((row) => row[1] !== '0')).toEqual([
      ['First putt', 'Holes', 'Share'],
      ['3–6 ft', '1', '25%'],
      ['6–10 ft', '1', '25%'],
      ['20–30 ft', '1', '25%'],
      ['30 ft or more', '1', '25%'],
    ]);
    expect(await table('Proximity to the hole')).toEqual([
      ['Played from', 'Holes', 'Mean first putt (ft)'],
      ['Under 50 yd', '1', '6'],
      ['50–100 yd', '0', '–'],
      ['100–150 yd', '2', '25'],
      ['150–200 yd', '1', '4'],
      ['200 yd or more', '0', '–'],
    ]);
    expect(await table('Strokes gained putting')).toEqual([
      ['Putts', 'Length', 'Strokes gained'],
      ['Short', 'Under 6 ft', '-0.25'],
      ['Mid', '6–20 ft', '+0.40'],
      ['Long', 'Over 20 ft', '-0.55'],
      ['Overall', 'All putts', '-0.40'],
    ]);
    expect((await table('Strokes gained putting per round'))[1]).toEqual(['05/2/26', '18', '84', '-1.20', '–']);
    expect(within(tile('Putts per round')).getByText('32.7')).toBeInTheDocument();
    expect(within(tile('Putts per GIR')).getByText('1.89')).toBeInTheDocument();
    expect(within(tile('3-putt avoidance')).getByText('88.9%')).toBeInTheDocument();
    expect(within(tile('One-putts')).getByText('22.2%')).toBeInTheDocument();
  });

  it('bins and labels in meters for a METERS_METERS user', async () => {
    renderStatsPage(<PlayerPuttingPage />, { bodies: BODIES, route: '/player-putting', settings: { units: 'METERS_METERS' } });
    // 1, 2 ft become 1 m (never below 1), 3 ft 1 m, 5 ft 1.5 m: all under 2 m with the missed 2.5 ft (1 m) and 6 ft (1.8 m).
    expect((await table('Putts made by distance')).slice(0, 3)).toEqual([
      ['Distance', 'Made', 'Putts', 'Made %'],
      ['Under 2 m', '4', '6', '66.7%'],
      ['2–3 m', '1', '2', '50%'],
    ]);
    expect((await table('Strokes gained putting')).map((row) => row[1])).toEqual([
      'Length',
      'Under 1.8 m',
      '1.8–6.1 m',
      'Over 6.1 m',
      'All putts',
    ]);
    // 120, 140 and 160 yd are 110, 128 and 146 m; their first putts, 30, 20 and 4 ft, are 9.1, 6.1 and 1.2 m.
    expect((await table('Proximity to the hole'))[0]).toEqual(['Played from', 'Holes', 'Mean first putt (m)']);
    expect((await table('Proximity to the hole'))[3]).toEqual(['100–150 m', '3', '5.5']);
  });
});

describe('Short game page', () => {
  it('shows up and down by lie with – for no chances, scrambling, sand saves and strokes gained around the green', async () => {
    renderStatsPage(<PlayerShortgamePage />, { bodies: BODIES, route: '/player-shortgame' });
    expect(await table('Up and down')).toEqual([
      ['From', 'Made', 'Chances', 'Up and down'],
      ['Overall', '3', '8', '37.5%'],
      ['Fairway', '2', '2', '100%'],
      ['Rough', '1', '5', '20%'],
      ['Sand', '0', '0', '–'],
    ]);
    expect(await table('Strokes gained around the green')).toEqual([
      ['From', 'Strokes gained'],
      ['Fairway', '+0.20'],
      ['Rough', '-0.10'],
      ['Sand', '-0.30'],
      ['Other', '0.00'],
      ['Overall', '-0.20'],
    ]);
    expect(screen.getByText(/^Chips and pitches within 50 yd, per 18 holes, over 27 holes\./)).toBeInTheDocument();
    expect(within(tile('Scrambling')).getByText('–')).toBeInTheDocument();
    expect(within(tile('Scrambling')).getByText('No chances yet')).toBeInTheDocument();
    expect(within(tile('Sand saves')).getByText('25%')).toBeInTheDocument();
    await waitFor(() => expect(within(tile('Up and down')).getByText('3 of 8 chances')).toBeInTheDocument());
    expect((await table('Strokes gained around the green per round'))[2]).toEqual(['05/9/26', '9', '41', '-0.06', '–']);
  });
});

describe('Approach page', () => {
  it('shows strokes gained and greens hit by distance band, greens in regulation, and the way to the miss grids', async () => {
    renderStatsPage(<PlayerApproachPage />, { bodies: BODIES, route: '/player-approach' });
    expect(await table('Strokes gained approaching')).toEqual([
      ['Approaches', 'Distance', 'Strokes gained'],
      ['Short', '50–100 yd', '+0.10'],
      ['Mid', '100–150 yd', '-0.50'],
      ['Long', 'Over 150 yd', '-0.30'],
      ['Overall', 'All approaches', '-0.70'],
    ]);
    expect(await table('Greens hit by distance')).toEqual([
      // The key figure, Greens hit %, sits beside the fixed first column.
      ['Approaches', 'Greens hit %', 'Distance', 'Greens hit', 'Approaches played'],
      ['Short', '66.7%', '50–100 yd', '4', '6'],
      ['Mid', '30%', '100–150 yd', '3', '10'],
      ['Long', '12.5%', 'Over 150 yd', '1', '8'],
      ['All', '33.3%', 'All approaches', '8', '24'],
    ]);
    expect(within(tile('Greens in regulation')).getByText('9 of 27 holes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Where you miss' })).toHaveAttribute('href', '/miss-stats');
    expect((await table('Strokes gained approaching per round'))[1]).toEqual(['05/2/26', '18', '84', '-1.20', '–']);
  });

  it('names the bands in meters for a FEET_METERS user', async () => {
    renderStatsPage(<PlayerApproachPage />, { bodies: BODIES, route: '/player-approach', settings: { units: 'FEET_METERS' } });
    expect((await table('Greens hit by distance')).map((row) => row[2])).toEqual([
      'Distance',
      '46–91 m',
      '91–137 m',
      'Over 137 m',
      'All approaches',
    ]);
  });
});

describe('Driving page', () => {
  it('shows drive distances in 20 yd bins, fairways, fairways per round and strokes gained off the tee', async () => {
    renderStatsPage(<PlayerDrivesPage />, { bodies: BODIES, route: '/player-drives' });
    expect(await table('Drive distances')).toEqual([
      ['Distance', 'Drives'],
      ['180–200 yd', '1'],
      ['200–220 yd', '0'],
      ['220–240 yd', '0'],
      ['240–260 yd', '2'],
      ['260–280 yd', '1'],
    ]);
    expect(screen.getByText('Average 238 yd over 4 drives, in 20 yd bins.')).toBeInTheDocument();
    expect(await table('Fairways')).toEqual([
      ['Result', 'Drives', 'Share'],
      ['Hit', '5', '50%'],
      ['Missed left', '2', '20%'],
      ['Missed right', '2', '20%'],
      ['Missed, side not recorded', '1', '10%'],
    ]);
    expect(await table('Fairways per round')).toEqual([
      ['Round', 'Drives', 'Hit', 'Left', 'Right', 'Hit %', 'Moving average (5 rounds)'],
      ['05/2/26', '6', '3', '1', '2', '50%', '–'],
      ['05/9/26', '4', '2', '1', '0', '50%', '–'],
    ]);
    expect((await table('Strokes gained off the tee per round'))[1]).toEqual(['05/2/26', '18', '84', '-0.40', '–']);
    expect(within(tile('Fairways hit')).getByText('5 of 10 drives')).toBeInTheDocument();
    await waitFor(() => expect(within(tile('Average drive')).getByText('238 yd')).toBeInTheDocument());
    expect(within(tile('Strokes gained off the tee')).getByText('-0.20')).toBeInTheDocument();
  });

  it('bins drives in 20 m for a METERS_METERS user', async () => {
    renderStatsPage(<PlayerDrivesPage />, { bodies: BODIES, route: '/player-drives', settings: { units: 'METERS_METERS' } });
    // 250 yd = 228.6 m, 262 yd = 239.6 m, 241 yd = 220.4 m, 199 yd = 182.0 m; the average 238 yd = 217.6 m.
    expect(await table('Drive distances')).toEqual([
      ['Distance', 'Drives'],
      ['180–200 m', '1'],
      ['200–220 m', '0'],
      ['220–240 m', '3'],
    ]);
    expect(screen.getByText('Average 218 m over 4 drives, in 20 m bins.')).toBeInTheDocument();
  });
});

describe('another player (?uid=, a coach opening a player)', () => {
  /** BODIES as player 21's figures. */
  const PLAYER_21 = JSON.parse(JSON.stringify(BODIES).replaceAll('"uid":7', '"uid":21')) as Bodies;
  const PEOPLE = { people: [{ uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false }] };

  function openAsCoach(ui: Parameters<typeof renderWithProviders>[0], route: string, bodies: Partial<Bodies> = PLAYER_21) {
    const fetchMock = stubApi({ ...statRoutes(bodies), 'GET /v4/people': { json: PEOPLE } });
    // The coach's own Events selection must not narrow another player's figures.
    signInStatsUser({}, { user: { is_coach: true }, selectedRounds: [501, 502] });
    renderWithProviders(ui, { route });
    return fetchMock;
  }

  it("shows that player's figures, names them in the header and asks every statistic for players=<uid>", async () => {
    const fetchMock = openAsCoach(<PlayerScoringPage />, '/player-scoring?uid=21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scoring Statistics of Ben Crenshaw' })).toBeInTheDocument();
    expect(await table('Par averages')).toContainEqual(['Par 4', '14', '4.64', '+0.64']);
    expect(await table('Strokes gained per round')).toHaveLength(3);
    await waitFor(() => expect(within(tile('Scoring average')).getByText('83.3')).toBeInTheDocument());
    expect(screen.getByText(/^2 rounds shared with you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the team' })).toHaveAttribute('href', '/team-scoring');
    expect(screen.queryByRole('link', { name: 'Change selection' })).not.toBeInTheDocument();
    const statCalls = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.startsWith('/v4/stats/'));
    expect(new Set(statCalls.map((url) => url.pathname))).toEqual(
      new Set(['/v4/stats/scores', '/v4/stats/summary', '/v4/stats/par_avgs', '/v4/stats/gir', '/v4/stats/round_sg']),
    );
    for (const url of statCalls) {
      expect(url.searchParams.get('players')).toBe('21');
      expect(url.searchParams.has('rounds')).toBe(false);
    }
  });

  it("links the approach page's miss grids to the same player", async () => {
    openAsCoach(<PlayerApproachPage />, '/player-approach?uid=21');
    expect(await screen.findByRole('link', { name: 'Where you miss' })).toHaveAttribute('href', '/miss-stats?uid=21');
    expect(await table('Strokes gained approaching')).toContainEqual(['Mid', '100–150 yd', '-0.50']);
  });

  it('says nothing is shared yet (instead of sending the coach to no-stats) when the player has no rounds counted', async () => {
    openAsCoach(<PlayerPuttingPage />, '/player-putting?uid=21', { ...PLAYER_21, scores: { limited: false, scores: [] } });
    expect(await screen.findByText(/Ben Crenshaw has not shared a round with you yet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Putting Statistics of Ben Crenshaw' })).toBeInTheDocument();
  });

  it("says a player's figures are not shared when the API answers 404, and shows 'Unknown' for a person it does not list", async () => {
    const fetchMock = stubApi({
      'GET /v4/stats/scores': { status: 404, json: { error: 'No such player: 99', code: 'NOT_FOUND' } },
      'GET /v4/people': { json: PEOPLE },
    });
    signInStatsUser({}, { user: { is_coach: true } });
    renderWithProviders(<PlayerDrivesPage />, { route: '/player-drives?uid=99' });
    expect(await screen.findByText('Statistics not shared with you')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Driving Statistics of Unknown' })).toBeInTheDocument();
    expect(new URL(String(callsTo(fetchMock, 'GET /v4/stats/scores')[0]!.url)).searchParams.get('players')).toBe('99');
  });

  it.each(['abc', '0', '-3', '7'])("treats ?uid=%s as the user's own statistics", async (uid) => {
    const fetchMock = stubApi(statRoutes(BODIES));
    signInStatsUser();
    renderWithProviders(<PlayerScoringPage />, { route: `/player-scoring?uid=${uid}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scoring' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Scores per round' });
    expect(callsTo(fetchMock, 'GET /v4/stats/scores').every(({ url }) => !url.searchParams.has('players'))).toBe(true);
    expect(callsTo(fetchMock, 'GET /v4/people')).toHaveLength(0);
  });
});

describe('charts and assistive technology', () => {
  it('catches a chart left with recharts accessibility layer (the check can fail)', async () => {
    installChartSize();
    const { container } = renderWithProviders(
      <div aria-hidden="true">
        <BarChart h={240} data={[{ a: 'x', v: 1 }]} dataKey="a" series={[{ name: 'v' }]} />
      </div>,
    );
    await waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull());
    expect(focusableInHiddenCharts(container)).not.toHaveLength(0);
  });

  it.each([
    ['Scoring', PlayerScoringPage, 5],
    ['Putting', PlayerPuttingPage, 5],
    ['Short game', PlayerShortgamePage, 3],
    ['Approach', PlayerApproachPage, 3],
    ['Driving', PlayerDrivesPage, 4],
  ] as const)(
    '%s: draws every chart with nothing focusable inside the hidden chart boxes',
    async (_title, Page, charts) => {
      installChartSize();
      const { container } = renderStatsPage(<Page />, { bodies: BODIES });
      await waitFor(() => expect(container.querySelectorAll(HIDDEN_CHART_SVG)).toHaveLength(charts));
      expectNoFocusableInHiddenCharts(container);
    },
    20_000,
  );
});
