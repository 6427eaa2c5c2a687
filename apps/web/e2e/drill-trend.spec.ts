import { expect, test } from '@playwright/test';
import { drillProgress } from '@holeout/golf';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * The drill trend on Team drill results at 390 px: each player's Trend cell reads a change per 30
 * days, "Steady" or "-", and names a direction ("improving", "getting worse") only when the slope is
 * more than twice its standard error. The words are checked against packages/golf's drillProgress
 * over the same results, read from the API; the page passes axe.
 */
const DRILL = 'Academy 50-putt test';

/** What a Trend cell may say: a signed change per 30 days with an optional word, Steady, or '-'. */
const TREND_TEXT = /^(?:[+-]\d[\d.,]* per 30 days(?:, improving|, getting worse)?|Steady|-)$/;

test("Team drill results: every player's trend reads as a change, Steady or '-', with a word only beyond the noise", async ({ page }) => {
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto('/drillresults-team');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '/drillresults-team without a drill (390 px)');

  await page.getByLabel('Drill').selectOption({ label: DRILL });
  await expect(page).toHaveURL(/drill_id=\d+/);
  const drillId = Number(new URL(page.url()).searchParams.get('drill_id'));
  const table = page.getByRole('table', { name: `Players ranked on ${DRILL}` });
  await expect(table).toBeVisible();
  await expectNoAxeViolations(page, `/drillresults-team?drill_id=${drillId} (390 px)`);

  const trendColumn = (await table.getByRole('columnheader').allInnerTexts()).findIndex((name) => name.trim() === 'Trend');
  expect(trendColumn).toBeGreaterThan(0);
  const rows = table.locator('tbody tr');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);

  // The same results the page reads, and what the golf package says of each player's trend.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const drill = (await (await page.request.get(`/v4/drills?drill_id=${drillId}`, { headers })).json()) as {
    drills: Array<{ higher_is_better: boolean }>;
  };
  const higherIsBetter = drill.drills[0]!.higher_is_better;
  const people = (await (await page.request.get('/v4/people', { headers })).json()) as {
    people: Array<{ uid: number; first_name: string | null; last_name: string | null }>;
  };
  const results = (await (await page.request.get(`/v4/drills/results?drill_id=${drillId}`, { headers })).json()) as {
    results: Array<{ uid: number; time: string; score: number | null }>;
  };

  let named = 0;
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const player = (await row.getByRole('rowheader').innerText()).trim();
    const cells = row.locator('th, td');
    const trend = (await cells.nth(trendColumn).innerText()).replace(/\s+/g, ' ').trim();
    expect(trend, player).toMatch(TREND_TEXT);

    const person = people.people.find((p) => `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() === player);
    if (!person) continue;
    const scores = results.results.filter((r) => r.uid === person.uid && r.score !== null).map((r) => ({ time: r.time, score: r.score! }));
    const progress = drillProgress(scores, higherIsBetter);
    const word = progress.improving === null ? null : progress.improving ? 'improving' : 'getting worse';
    if (word === null) expect(trend, player).not.toMatch(/improving|getting worse/);
    else if (trend !== 'Steady') expect(trend, player).toContain(word);
    if (word !== null) named++;
  }
  // The seeded sessions improve with noise: some player's trend stands out from it.
  expect(named).toBeGreaterThan(0);
});
