import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, freshEmail, logIn, menu, MOBILE_VIEWPORT, registerAndLogIn, expectNoAxeViolations } from './helpers.ts';

/**
 * Statistics (issue 8): the premium demo player's season on the Statistics page, the benchmark
 * switch, a selection of two rounds from Events, every player-* page and miss-stats, axe on each;
 * no-stats for a player with no rounds; a custom target read back as "My target".
 */

/** The strokes-gained-by-category table's cell for one part of the game. */
function sgCell(page: Page, part: string): Locator {
  return page
    .getByRole('table', { name: 'Strokes gained by category' })
    .getByRole('row', { name: new RegExp(`^${part} `) })
    .getByRole('cell');
}

/** The page's h1 is shown and no skeleton is left. */
async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
}

test('the premium player reads a season: benchmark switch, a selection of two rounds, every statistics page, axe on each', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, DEMO_ACCOUNTS.premium);
  await menu(page).getByRole('link', { name: 'Statistics', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await settled(page, 'Statistics');
  await expect(page.getByText(/^All \d+ rounds$/)).toBeVisible();
  await expect(page).toHaveTitle('Statistics · Holeout');

  // The benchmark switch changes every figure at once.
  const benchmark = page.getByLabel('Benchmark');
  await benchmark.selectOption('EIGHTY');
  await expect(page.getByText(/Per 18 holes against 80 golfer/).first()).toBeVisible();
  const overallAgainstEighty = await sgCell(page, 'Overall').textContent();
  const puttingAgainstEighty = await sgCell(page, 'Putting').textContent();
  await benchmark.selectOption('TOUR');
  await expect(page.getByText(/Per 18 holes against PGA Tour/).first()).toBeVisible();
  await expect(sgCell(page, 'Overall')).not.toHaveText(overallAgainstEighty ?? '');
  await expect(sgCell(page, 'Putting')).not.toHaveText(puttingAgainstEighty ?? '');
  // An 80 golfer loses strokes to the Tour: the overall figure is negative.
  await expect(sgCell(page, 'Overall')).toHaveText(/^-\d+\.\d\d$/);
  const scoringAverageAll = await page.getByTestId('stat-scoring_avg').getByTestId('stat-value').textContent();
  await expectNoAxeViolations(page, '/home');

  // Two rounds selected on Events: the menu counts them and the figures are theirs.
  await menu(page).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('group', { name: 'Types' }).getByText('Round', { exact: true }).click();
  const cards = page.getByTestId('event-card');
  await expect(cards.first()).toBeVisible();
  const own = cards.filter({ hasNot: page.getByText('Shared with you') });
  await own.nth(0).getByRole('checkbox').check();
  await own.nth(1).getByRole('checkbox').check();
  await expect(menu(page).getByRole('link', { name: 'Statistics (2)' })).toBeVisible();
  await menu(page).getByRole('link', { name: 'Statistics (2)' }).click();
  await settled(page, 'Statistics');
  await expect(page.getByText('2 selected rounds')).toBeVisible();
  await expect(page.getByText(/over 2 rounds/).first()).toBeVisible();
  await expect(page.getByTestId('stat-scoring_avg').getByTestId('stat-value')).not.toHaveText(scoringAverageAll ?? '');

  // Every detail page, reached from the Statistics page, on the same selection.
  const pages: Array<[string, string, RegExp]> = [
    ['Scoring', 'Scoring', /\/player-scoring$/],
    ['Putting', 'Putting', /\/player-putting$/],
    ['Short game', 'Short game', /\/player-shortgame$/],
    ['Approach', 'Approach', /\/player-approach$/],
    ['Driving', 'Driving', /\/player-drives$/],
    ['Miss patterns', 'Miss statistics', /\/miss-stats$/],
  ];
  for (const [link, title, url] of pages) {
    await menu(page).getByRole('link', { name: 'Statistics (2)' }).click();
    await settled(page, 'Statistics');
    await page.getByRole('link', { name: new RegExp(`^${link}`) }).click();
    await expect(page).toHaveURL(url);
    await settled(page, title);
    await expect(page.getByText('2 selected rounds')).toBeVisible();
    // Every chart has its table.
    expect(await page.getByRole('table').count(), title).toBeGreaterThan(0);
    await expectNoAxeViolations(page, title);
  }

  // The miss grid: switching to long putts changes the cells and the count.
  await expect(page).toHaveURL(/\/miss-stats$/);
  const puttCount = page.getByTestId('grid-count').first();
  const allPutts = await puttCount.textContent();
  const puttCells = await page.getByTestId('miss-grid').first().getByTestId('per-ten').allTextContents();
  await page
    .getByRole('radiogroup', { name: 'Putt length' })
    .getByText(/^Over /)
    .click();
  await expect(puttCount).not.toHaveText(allPutts ?? '');
  await expect(puttCount).toContainText('Over 20 ft');
  expect(await page.getByTestId('miss-grid').first().getByTestId('per-ten').allTextContents()).not.toEqual(puttCells);
});

test('a new player with no rounds is shown what the statistics will hold, with Add Round', async ({ page }) => {
  await page.setViewportSize(MOBILE_VIEWPORT);
  await registerAndLogIn(page, { email: freshEmail('nostats'), password: 'Fairway-Bunker-Eagle-2026', firstName: 'Nia' });
  for (const path of ['/home', '/player-putting', '/miss-stats']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/no-stats$/);
    await settled(page, 'No statistics yet');
  }
  await expectNoAxeViolations(page, '/no-stats');
  await page.getByRole('main').getByRole('link', { name: 'Add Round' }).click();
  await expect(page).toHaveURL(/\/scanner$/);
});

test('a custom target: saved, previewed, and chosen as "My target" it changes the figures', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.player);
  await page.goto('/custom-sg-settings');
  await settled(page, 'Strokes gained settings');
  const target = page.getByRole('textbox', { name: 'Target score' });
  await target.fill('95');
  // The preview of the last rounds follows the target as it is typed.
  const preview = page.getByRole('table', { name: /^Your last rounds against this target/ });
  await expect(preview.getByRole('row')).toHaveCount(6);
  const at95 = await preview.textContent();
  await target.fill('75');
  await expect(preview).not.toHaveText(at95 ?? '');
  await expectNoAxeViolations(page, '/custom-sg-settings');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your target is saved')).toBeVisible();

  await page.goto('/home');
  await settled(page, 'Statistics');
  const benchmark = page.getByLabel('Benchmark');
  await benchmark.selectOption('HUNDRED');
  const againstHundred = await sgCell(page, 'Overall').textContent();
  await benchmark.selectOption({ label: 'My target' });
  await expect(page.getByText(/Per 18 holes against My target/).first()).toBeVisible();
  await expect(sgCell(page, 'Overall')).not.toHaveText(againstHundred ?? '');

  // Removed again, so the demo account is as it was.
  await page.goto('/custom-sg-settings');
  await settled(page, 'Strokes gained settings');
  await page.getByRole('button', { name: 'Remove my target' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Your target is removed')).toBeVisible();
});
