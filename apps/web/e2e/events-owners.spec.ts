import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, menu, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Whose events a coach sees, on a 390 px phone: every event of a player names its owner, the Player
 * filter narrows the list to one player, and the academy's team sessions of one morning fold into
 * one row that opens in place. The side menu closes on Escape. axe (WCAG 2.2 AA) on each state.
 */

test.use({ viewport: MOBILE_VIEWPORT });

const burger = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Toggle menu' });

test('the side menu closes on Escape and gives the focus back to the burger', async ({ page }) => {
  // The first test of a run waits for the server's first answers.
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.premium);
  await burger(page).click();
  await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'Events' })).toBeVisible();
  await expectNoAxeViolations(page, 'menu open (390 px)');
  await menu(page).getByRole('link', { name: 'Events' }).focus();
  await page.keyboard.press('Escape');
  await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: 'Events' })).not.toBeInViewport();
  await expect(burger(page)).toBeFocused();
  // Open again: the menu still works, and a link in it leads on.
  await burger(page).click();
  await menu(page).getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
});

test("a coach's events name their owners, filter by one player, and fold the team sessions into one row", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.coach);
  await burger(page).click();
  await menu(page).getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();

  // The academy's team session of one morning: one practice per player (13 of them, the coach entered
  // their results), folded into one row.
  // Other browser tests add players, team sessions and planned practices of their own (some in the weeks ahead, so at
  // the top of the list), so the demo morning is found by its size (at least its 13 players), not by its place; later
  // pages are loaded while it is not shown yet.
  const folds = page.getByRole('button', { name: /^Academy team session ×\d+$/ });
  const cardsShown = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
  await expect(cardsShown.first()).toBeVisible();
  const sizeOf = (name: string) => Number(name.match(/×(\d+)/)?.[1]);
  let foldNames: string[] = [];
  for (let page_ = 0; page_ < 8; page_ += 1) {
    foldNames = (await folds.allTextContents()).map((text) => text.trim());
    if (foldNames.some((name) => sizeOf(name) >= 13)) break;
    const shown = await cardsShown.count();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cardsShown).not.toHaveCount(shown);
  }
  const count = Math.max(...foldNames.map(sizeOf));
  expect(count).toBeGreaterThanOrEqual(13);
  const fold = folds.nth(foldNames.findIndex((name) => sizeOf(name) === count));
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  const row = page.getByTestId('event-repeats').filter({ has: fold });
  await expect(row).toContainText(`${count} players`);
  // The coach's own events carry no owner; each other one names a real person, never 'Unknown'.
  const owners = page.getByTestId('event-owner');
  await expect(owners.first()).toBeVisible();
  expect(await owners.allTextContents()).not.toContain('Unknown');
  await expectNoAxeViolations(page, 'Events (390 px)');

  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  const opened = row.getByRole('list', { name: `Academy team session, ${count} events` });
  const cards = opened.getByTestId('event-card');
  await expect(cards).toHaveCount(count);
  await expect(cards.first().getByTestId('event-owner')).not.toBeEmpty();
  const names = await opened.getByTestId('event-owner').allTextContents();
  expect(names).toHaveLength(count);
  expect(new Set(names).size).toBe(count);
  expect(names).toContain('Dana Okafor');
  expect(names).toContain('Priya Premium');
  await expectNoAxeViolations(page, 'Events, a folded row opened (390 px)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);

  // One player: only Dana's events, every one of them named hers.
  await page.getByLabel('Player').selectOption({ label: 'Dana Okafor' });
  await expect(page.getByRole('list', { name: 'Events' }).getByText('Priya Premium')).toHaveCount(0);
  await expect(page.getByTestId('event-owner').first()).toHaveText('Dana Okafor');
  const danas = await page.getByTestId('event-owner').allTextContents();
  expect(danas.length).toBeGreaterThan(0);
  expect(new Set(danas)).toEqual(new Set(['Dana Okafor']));
  await expectNoAxeViolations(page, 'Events of one player (390 px)');

  // Her event names her under its title.
  const danaFold = page.getByRole('button', { name: /^Academy team session ×\d+$/ }).first();
  if (await danaFold.isVisible()) await danaFold.click();
  await page.getByRole('link', { name: 'Academy team session' }).first().click();
  await expect(page.getByText('Practice by Dana Okafor')).toBeVisible();
  await expectNoAxeViolations(page, 'a practice of a player (390 px)');
});

test('a link on a long page opens the next page at its top, and Back returns to where the list was left', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto('/events');
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.scrollIntoViewIfNeeded();
  const lastLink = page.getByRole('list', { name: 'Events' }).getByRole('link').last();
  await lastLink.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  await lastLink.click();
  await expect(page).toHaveURL(/\/event\?event_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(left + 5);
});
