import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, menu, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * A coach's statistics on a phone (390 px): Statistics and View stats open the team view of the
 * coach's players (the demo coach has no rounds of their own), never no-stats; on Team putting the
 * coach sorts by strokes gained with lag putts, reads the worst player's trend word and opens that
 * player's putting page from their row. axe on each page.
 */

test.use({ viewport: MOBILE_VIEWPORT });

async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expect(page.getByTestId('card-skeleton')).toHaveCount(0);
}

test('a coach without rounds of their own reaches the team view from Statistics and View stats, never no-stats', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.getByRole('link', { name: /View stats/ }).click();
  await expect(page).toHaveURL(/\/team-scoring$/);
  await settled(page, 'Team scoring');
  await expect(page.getByRole('table', { name: 'Strokes gained by part of the game' })).toBeVisible();
  await expectNoAxeViolations(page, 'team-scoring from View stats');

  await openMenu(page);
  await menu(page)
    .getByRole('link', { name: /^Statistics/ })
    .click();
  await expect(page).toHaveURL(/\/team-scoring$/);
  await settled(page, 'Team scoring');

  // Even the no-stats address sends a coach on.
  await page.goto('/no-stats');
  await expect(page).toHaveURL(/\/team-scoring$/);
  await expect(page.getByRole('heading', { level: 1, name: 'No statistics yet' })).toHaveCount(0);
});

test('on Team putting a coach sorts by lag putting, reads the worst player trend and opens their putting page in two taps', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto('/team-putting');
  await settled(page, 'Team putting');
  const table = page.getByRole('table', { name: 'Strokes gained putting' });
  await expect(table.getByRole('cell', { name: 'Loading…' })).toHaveCount(0);

  // Tap one: sort by lag putts, the most strokes lost first.
  const lag = table.getByRole('button', { name: /^Lag putts/ });
  await expect(table.getByRole('columnheader', { name: /^Lag putts/ })).toHaveAttribute('aria-sort', 'none');
  await lag.click();
  await expect(table.getByRole('columnheader', { name: /^Lag putts/ })).toHaveAttribute('aria-sort', 'ascending');

  const rows = table.getByRole('row');
  // Row 0 is the header, row 1 the team average; the players follow, the most strokes lost with lag putts first.
  await expect(rows.nth(1)).toContainText('Team average');
  // Other browser tests add players with a round or two; the coach reads the worst of the players with a season (10
  // rounds or more), whose trend has rounds enough to be judged.
  const roundsPerRow = await rows.evaluateAll((all) =>
    all.map((row) => Number.parseInt(row.querySelectorAll('td')[0]?.textContent ?? 'NaN', 10)),
  );
  const seasoned = roundsPerRow.findIndex((rounds, index) => index >= 2 && rounds >= 10);
  expect(seasoned).toBeGreaterThanOrEqual(2);
  const worst = rows.nth(seasoned);
  const name = (await worst.getByRole('link').textContent())!.trim();
  const cells = await worst.getByRole('cell').allTextContents();
  // Columns after the player: rounds, short, mid, lag, all putts, last 10 vs season, trend.
  const lagValues = await rows.evaluateAll((all) =>
    all.slice(2).map((row) => Number.parseFloat(row.querySelectorAll('td')[3]?.textContent ?? 'NaN')),
  );
  const counted = lagValues.filter((value) => Number.isFinite(value));
  expect(counted.length).toBeGreaterThan(5);
  expect(counted).toEqual([...counted].sort((a, b) => a - b));
  expect(cells[5]).toMatch(/^last 10: [+-]?\d+\.\d\d vs season [+-]?\d+\.\d\d$/);
  expect(cells[6]).toMatch(/^[+-]?\d+\.\d\d (improving|getting worse|steady)$/);
  await expectNoAxeViolations(page, 'team-putting sorted by lag putts');

  // Tap two: the row opens that player's putting page.
  await worst.getByRole('cell').nth(6).click();
  await expect(page).toHaveURL(/\/player-putting\?uid=\d+$/);
  await settled(page, `Putting Statistics of ${name}`);
  await expectNoAxeViolations(page, `player-putting of ${name}`);
});
