import { expect, test } from '@playwright/test';
import { BENCHMARK_LABELS, scoreRound, type BenchmarkLevel, type Round } from '@holeout/golf';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Events at 390 px: a round's row shows its strokes gained against the viewer's own benchmark
 * ("SG +1.2 vs 80 golfer"), the figure the golf package gives for that round; a practice's row shows
 * none. Someone the round is not shared with gets no figure for it from the statistics. The rows
 * are found by their unique titles on a day no other spec uses.
 */
const DAY = '2019-06-03';

const ROUND: Round = {
  course: 'Strokes Gained Links',
  units: 'FEET_YARDS',
  holes: [
    {
      hole: 1,
      par: 4,
      shots: [
        { from: 'T', dist: 402, to: 'F' },
        { from: 'F', dist: 148, to: 'G' },
        { from: 'G', dist: 24, to: 'G' },
        { from: 'G', dist: 3, to: 'I' },
      ],
    },
    {
      hole: 2,
      par: 3,
      shots: [
        { from: 'T', dist: 165, to: 'G' },
        { from: 'G', dist: 12, to: 'I' },
      ],
    },
  ],
} as Round;

/** One decimal with its sign, as the list writes it. */
function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}`;
}

test("Events: a round's row shows its strokes gained against the viewer's benchmark, a practice's none, at 390 px", async ({ page }) => {
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.player);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const suffix = `${Date.now()}`;
  const roundTitle = `SG round ${suffix}`;
  const practiceTitle = `SG practice ${suffix}`;
  const created = await page.request.post('/v4/events', {
    headers,
    data: {
      event_type: 'ROUND',
      title: roundTitle,
      start: `${DAY}T09:00:00Z`,
      share: 'SHARE_SELF',
      usershares: [],
      orgshares: [],
      round: ROUND,
    },
  });
  expect(created.status()).toBe(200);
  const roundId = ((await created.json()) as { event_id: number }).event_id;
  const practice = await page.request.post('/v4/events', {
    headers,
    data: { event_type: 'PRACTICE', title: practiceTitle, start: `${DAY}T15:00:00Z`, share: 'SHARE_SELF', usershares: [], orgshares: [] },
  });
  expect(practice.status()).toBe(200);

  // The figure the golf package gives this round against the player's own benchmark.
  const account = (await (await page.request.get('/v4/account', { headers })).json()) as { benchmark: BenchmarkLevel };
  const expected = `SG ${oneDecimal(scoreRound(ROUND, account.benchmark).sg.overall)} vs ${BENCHMARK_LABELS[account.benchmark]}`;

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.getByLabel('From date').fill(DAY);
  await page.getByLabel('To date').fill(DAY);
  const card = (title: string) => page.getByTestId('event-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(card(roundTitle).getByTestId('round-sg')).toHaveText(expected);
  await expect(card(practiceTitle)).toBeVisible();
  await expect(card(practiceTitle).getByTestId('round-sg')).toHaveCount(0);
  await expectNoAxeViolations(page, '/events with strokes gained on a round (390 px)');

  // The coach, with whom the round is not shared, gets no figure of it.
  const login = await page.request.post('/v4/account/login', { data: { email: DEMO_ACCOUNTS.coach, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const coachToken = ((await login.json()) as { token: string }).token;
  const unseen = await page.request.get(`/v4/stats/round_sg?rounds=${roundId}`, { headers: { Authorization: `Bearer ${coachToken}` } });
  expect(unseen.status()).toBe(200);
  expect(((await unseen.json()) as { rounds: unknown[] }).rounds).toEqual([]);
  const own = await page.request.get(`/v4/stats/round_sg?rounds=${roundId}`, { headers });
  expect(((await own.json()) as { rounds: Array<{ event_id: number }> }).rounds.map((r) => r.event_id)).toEqual([roundId]);
});
