import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * A coach's day on a phone: per-round charts read as trends (the moving average of 5 in the table
 * beside the chart) and the quick ranges (last 5, last 10, season) narrowing a player page, at
 * 390 px with axe on each state; for the premium player on their own page and for the coach on a
 * player's page opened from the team view. Counts are matched by pattern: other specs add rounds.
 */

async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expect(page.getByTestId('card-skeleton')).toHaveCount(0);
}

/** Body rows of the strokes-gained-per-round table (a long one shows its latest 10 until expanded). */
const sgRows = (page: Page) => page.getByRole('table', { name: /^Strokes gained per round/ }).locator('tbody tr');

/** The page fits a phone: nothing wider than the viewport, the range switch included. */
async function expectFitsPhone(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const box = await page.getByRole('radiogroup', { name: 'Rounds counted' }).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
}

test('the premium player narrows the scoring page to the latest 5 rounds and the season, the trend column beside the chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto('/player-scoring');
  await settled(page, 'Scoring');
  const counted = page.getByTestId('rounds-counted');
  await expect(counted).toHaveText(/^All \d+ rounds/);
  const all = Number((await counted.textContent())!.match(/^All (\d+) rounds/)![1]);
  expect(all).toBeGreaterThan(10);
  const sgTable = page.getByRole('table', { name: /^Strokes gained per round/ });
  await expect(sgTable.getByRole('columnheader', { name: 'Moving average (5 rounds)' })).toBeVisible();
  // A long season: the latest rows carry a moving average (a signed figure, not the dash).
  await expect(sgRows(page).last().locator('td').nth(3)).toHaveText(/^[+-]?\d+\.\d\d$/);
  const group = page.getByRole('radiogroup', { name: 'Rounds counted' });
  await expect(group.getByRole('radio', { name: 'All' })).toBeChecked();
  await expectFitsPhone(page);
  await expectNoAxeViolations(page, '/player-scoring, all rounds');

  // One tap: the latest 5, everywhere on the page.
  await group.getByText('Last 5', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]range=last5/);
  await expect(counted).toHaveText(new RegExp(`^Latest 5 of ${all} rounds`));
  await expect(sgRows(page)).toHaveCount(5);
  await expect(page.getByRole('table', { name: /^Scores per round/ }).locator('tbody tr')).toHaveCount(5);
  await settled(page, 'Scoring');
  await expectFitsPhone(page);
  await expectNoAxeViolations(page, '/player-scoring, last 5');

  // The keyboard moves along the group: Last 10 is the next option.
  await group.getByRole('radio', { name: 'Last 5' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'Last 10' })).toBeChecked();
  await expect(counted).toHaveText(new RegExp(`^Latest 10 of ${all} rounds`));

  // The season: the 365 days up to the latest round.
  await group.getByText('Season', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]range=season/);
  await expect(counted).toHaveText(new RegExp(`^Season: \\d+ of ${all} rounds`));
  await settled(page, 'Scoring');
  await expectNoAxeViolations(page, '/player-scoring, season');

  // Scores per round: to par is its own plot, asked for with the toggle.
  const scores = page.getByRole('region', { name: 'Scores per round', exact: true });
  await scores.getByRole('radiogroup', { name: 'Score or to par' }).getByText('To par', { exact: true }).click();
  await expect(scores.getByRole('columnheader', { name: 'Moving average (5 rounds), to par' })).toBeVisible();
  await expectNoAxeViolations(page, '/player-scoring, season, to par');
});

test("the coach opens Priya Premium's scoring page from the team view and narrows it to her latest 5 rounds", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto('/team-scoring');
  await settled(page, 'Team scoring');
  await page.getByRole('link', { name: 'Priya Premium' }).first().click();
  await expect(page).toHaveURL(/\/player-scoring\?uid=\d+/);
  await expect(page.getByText('Statistics of Priya Premium')).toBeVisible();
  await settled(page, 'Scoring');
  const counted = page.getByTestId('rounds-counted');
  await expect(counted).toHaveText(/^\d+ rounds shared with you/);
  const shared = Number((await counted.textContent())!.match(/^(\d+) rounds/)![1]);
  await expect(
    page.getByRole('table', { name: /^Strokes gained per round/ }).getByRole('columnheader', { name: 'Moving average (5 rounds)' }),
  ).toBeVisible();
  await expectFitsPhone(page);
  await expectNoAxeViolations(page, '/player-scoring?uid= (coach), all rounds');

  await page.getByRole('radiogroup', { name: 'Rounds counted' }).getByText('Last 5', { exact: true }).click();
  await expect(page).toHaveURL(/uid=\d+.*range=last5|range=last5.*uid=\d+/);
  await expect(counted).toHaveText(new RegExp(`^Latest 5 of ${shared} rounds shared with you`));
  await expect(sgRows(page)).toHaveCount(5);
  await expect(page.getByText('Statistics of Priya Premium')).toBeVisible();
  await expectNoAxeViolations(page, '/player-scoring?uid= (coach), last 5');

  await page.getByRole('radiogroup', { name: 'Rounds counted' }).getByText('Season', { exact: true }).click();
  await expect(counted).toHaveText(new RegExp(`^Season: \\d+ of ${shared} rounds shared with you`));
  await expectNoAxeViolations(page, '/player-scoring?uid= (coach), season');
});
