/**
 * Per-round charts read as trends (the moving average of 5 in the table beside each chart, the
 * season mean in its note, 9- and 18-hole scores apart) and the quick ranges (last 5, last 10,
 * season) narrowing every figure of a player page through the `rounds` the statistics are asked for.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { quietUnsizedChartWarnings, resetStatsTest, signInStatsUser, stubApi, tableRows } from '../../../test/stats-fixtures.ts';
import type { StatBody } from '../api/stats.ts';
import PlayerScoringPage from './player-scoring-page.tsx';

type ScoreRow = StatBody<'scores'>['scores'][number];

/** Seven rounds of one player, oldest first: six of 18 holes, one of 9 (the third); the first is over a year before the last. */
const ROUNDS: Array<Omit<ScoreRow, 'uid'> & { sg: number }> = [
  { event_id: 11, start: '2025-01-10T12:00:00Z', holes: 18, score: 85, par: 72, sg: -3 },
  { event_id: 12, start: '2025-06-10T12:00:00Z', holes: 18, score: 83, par: 72, sg: -2 },
  { event_id: 13, start: '2025-09-10T12:00:00Z', holes: 9, score: 42, par: 36, sg: 0.5 },
  { event_id: 14, start: '2025-10-10T12:00:00Z', holes: 18, score: 80, par: 72, sg: -1 },
  { event_id: 15, start: '2025-11-10T12:00:00Z', holes: 18, score: 82, par: 72, sg: -1.5 },
  { event_id: 16, start: '2026-01-10T12:00:00Z', holes: 18, score: 78, par: 72, sg: 1 },
  { event_id: 17, start: '2026-02-10T12:00:00Z', holes: 18, score: 79, par: 72, sg: 0 },
];

/** The stats endpoints the scoring page calls, each answering only the rounds asked for (all without `rounds`). */
function scoringRoutes(uid: number): Routes {
  const rounds = ROUNDS.map((round) => ({ ...round, uid }));
  const asked = (url: URL) => {
    const ids = url.searchParams.get('rounds')?.split(',').map(Number);
    return ids ? rounds.filter((round) => ids.includes(round.event_id)) : rounds;
  };
  const player = (url: URL) => {
    const kept = asked(url);
    return { uid, rounds: kept.length, holes: kept.reduce((sum, round) => sum + round.holes, 0) };
  };
  return {
    'GET /v4/stats/scores': ({ url }) => ({
      json: { limited: false, scores: asked(url).map(({ sg: _sg, ...score }) => score) },
    }),
    'GET /v4/stats/round_sg': ({ url }) => ({
      json: {
        limited: false,
        benchmark: 'SCRATCH',
        rounds: asked(url).map((round) => ({
          event_id: round.event_id,
          uid,
          start: round.start,
          score: round.score,
          holes: round.holes,
          sg: { overall: round.sg, tee: 0, approach: 0, chip: 0, putt: 0 },
        })),
      },
    }),
    'GET /v4/stats/summary': ({ url }) => ({
      json: {
        limited: false,
        players: [
          {
            ...player(url),
            scoring_avg: 80,
            putts_per_round: 31,
            putts_per_gir: 1.9,
            gir_pct: 40,
            fairways_pct: 50,
            scrambling_pct: null,
            sand_save_pct: null,
            three_putt_avoid_pct: 90,
            one_putt_pct: 20,
            avg_drive: 240,
            birdies_per_round: 1,
            bogeys_per_round: 6,
            doubles_per_round: 1,
            penalties_per_round: 0.5,
          },
        ],
      },
    }),
    'GET /v4/stats/par_avgs': () => ({ json: { limited: false, players: [{ uid, pars: [{ par: 4, holes: 10, average: 4.5 }] }] } }),
    'GET /v4/stats/gir': ({ url }) => ({
      json: { limited: false, players: [{ ...player(url), greens: 3, percent: 30, dists: [100, 150, 120] }] },
    }),
    'GET /people': () => ({ json: { people: [{ uid: 21, first_name: 'Ben', last_name: 'Crenshaw' }] } }),
  };
}

async function table(name: string): Promise<string[][]> {
  return tableRows(await screen.findByRole('table', { name }));
}

/** The rounds each call of a statistic asked for ('' for all). */
function roundsAsked(fetchMock: ReturnType<typeof stubApi>, key: string): string[] {
  return callsTo(fetchMock, key).map(({ url }) => url.searchParams.get('rounds') ?? '');
}

beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Per-round trends', () => {
  it('puts the moving average of 5 beside strokes gained per round and the season mean in its note', async () => {
    stubApi(scoringRoutes(7));
    signInStatsUser();
    renderWithProviders(<PlayerScoringPage />, { route: '/player-scoring' });
    const rows = await table('Strokes gained per round');
    expect(rows[0]!.slice(3, 5)).toEqual(['Overall', 'Moving average (5 rounds)']);
    // Rounds 1-5: (-3 - 2 + 0.5 - 1 - 1.5) / 5 = -1.40; 2-6: (-2 + 0.5 - 1 - 1.5 + 1) / 5 = -0.60; 3-7: (0.5 - 1 - 1.5 + 1 + 0) / 5 = -0.20.
    expect(rows.slice(1).map((row) => row[4])).toEqual(['–', '–', '–', '–', '-1.40', '-0.60', '-0.20']);
    // Season mean: (-3 - 2 + 0.5 - 1 - 1.5 + 1 + 0) / 7 = -6/7 = -0.857.
    const card = screen.getByRole('region', { name: 'Strokes gained per round' });
    expect(within(card).getByText(/7 rounds, oldest first; per 18 holes\. Season mean -0\.86\./)).toBeInTheDocument();
  });

  it('keeps 9-hole scores out of the 18-hole moving average, and draws to par instead of the score on request', async () => {
    stubApi(scoringRoutes(7));
    signInStatsUser();
    renderWithProviders(<PlayerScoringPage />, { route: '/player-scoring' });
    const scores = await table('Scores per round');
    expect(scores[0]).toEqual(['Round', 'Holes', 'Score', 'Par', 'To par', 'Moving average (5 rounds), score']);
    // 18-hole scores 85 83 80 82 78 79: (85+83+80+82+78)/5 = 81.6 at the fifth, (83+80+82+78+79)/5 = 80.4 at the sixth.
    expect(scores.slice(1).map((row) => [row[1], row[5]])).toEqual([
      ['18', '–'],
      ['18', '–'],
      ['9', '–'],
      ['18', '–'],
      ['18', '–'],
      ['18', '81.6'],
      ['18', '80.4'],
    ]);
    const card = screen.getByRole('region', { name: 'Scores per round' });
    // Season means by length: (85+83+80+82+78+79)/6 = 81.17, the one 9-hole round 42.
    expect(within(card).getByText(/Season mean 18 holes 81\.2, 9 holes 42\./)).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('radio', { name: 'To par' }));
    const toPar = await table('Scores per round');
    expect(toPar[0]![5]).toBe('Moving average (5 rounds), to par');
    // To par 13 11 8 10 6 7: 48/5 = +9.6, 42/5 = +8.4.
    expect(toPar.slice(6).map((row) => row[5])).toEqual(['+9.6', '+8.4']);
  });

  it('counts the latest 5, the latest 10 and the season in one tap, every figure asked for those rounds', async () => {
    const fetchMock = stubApi(scoringRoutes(7));
    signInStatsUser();
    renderWithProviders(<PlayerScoringPage />, { route: '/player-scoring' });
    await waitFor(() => expect(screen.getByTestId('rounds-counted')).toHaveTextContent('All 7 rounds'));
    const group = await screen.findByRole('radiogroup', { name: 'Rounds counted' });
    expect(within(group).getByRole('radio', { name: 'All' })).toBeChecked();
    const user = userEvent.setup();

    await user.click(within(group).getByRole('radio', { name: 'Last 5' }));
    await waitFor(() => expect(screen.getByTestId('rounds-counted')).toHaveTextContent('Latest 5 of 7 rounds'));
    await waitFor(async () => expect(await table('Strokes gained per round')).toHaveLength(6));
    // Within the five, only the last has 5 rounds behind it: (0.5 - 1 - 1.5 + 1 + 0) / 5 = -0.20.
    expect((await table('Strokes gained per round')).slice(1).map((row) => row[4])).toEqual(['–', '–', '–', '–', '-0.20']);
    for (const stat of ['round_sg', 'summary', 'gir', 'par_avgs']) {
      expect(roundsAsked(fetchMock, `GET /v4/stats/${stat}`)).toContain('13,14,15,16,17');
    }

    // Ten asked of seven keeps them all: the figures are the unnarrowed ones.
    await user.click(within(group).getByRole('radio', { name: 'Last 10' }));
    await waitFor(() => expect(screen.getByTestId('rounds-counted')).toHaveTextContent('Latest 7 of 7 rounds'));
    await waitFor(async () => expect(await table('Strokes gained per round')).toHaveLength(8));

    // The season: the 365 days up to the latest round (2026-02-10) leave out 2025-01-10.
    await user.click(within(group).getByRole('radio', { name: 'Season' }));
    await waitFor(() => expect(screen.getByTestId('rounds-counted')).toHaveTextContent('Season: 6 of 7 rounds'));
    await waitFor(async () => expect(await table('Strokes gained per round')).toHaveLength(7));
    expect(roundsAsked(fetchMock, 'GET /v4/stats/summary')).toContain('12,13,14,15,16,17');

    await user.click(within(group).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(screen.getByTestId('rounds-counted')).toHaveTextContent('All 7 rounds'));
  });

  it('opens at the range in the address, and narrows a player a coach opened within the rounds they share', async () => {
    const fetchMock = stubApi(scoringRoutes(21));
    signInStatsUser({}, { user: { is_coach: true }, selectedRounds: [501] });
    renderWithProviders(<PlayerScoringPage />, { route: '/player-scoring?uid=21&range=last5' });
    await waitFor(() => expect(screen.getByTestId('rounds-counted')).toHaveTextContent('Latest 5 of 7 rounds shared with you'));
    expect(screen.getByRole('radio', { name: 'Last 5' })).toBeChecked();
    await waitFor(async () => expect(await table('Strokes gained per round')).toHaveLength(6));
    const sgCalls = callsTo(fetchMock, 'GET /v4/stats/round_sg');
    // Never the coach's own selection, never the unnarrowed rounds under the range.
    expect(sgCalls.map(({ url }) => [url.searchParams.get('players'), url.searchParams.get('rounds')])).toEqual([['21', '13,14,15,16,17']]);
  });
});
