import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, menu, MOBILE_VIEWPORT, expectNoAxeViolations } from './helpers.ts';

/**
 * Practice (issue 10), on a phone: the premium player creates a drill with one field of each type,
 * adds it to a practice from the calendar, records three attempts in a row and sees them on the
 * drill's progress page; the free player gets the premium page for drills. axe on every page.
 */

/** The page has no horizontal scroll at 390 px. */
async function expectNoSideways(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

test.use({ viewport: MOBILE_VIEWPORT });

test('a premium player builds a drill, practises it from the calendar and sees the progress', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `Wedge ladder ${Date.now() % 100000}`;
  await logIn(page, DEMO_ACCOUNTS.premium);

  // The library, with the demo folders, then a new drill with one field of each type.
  await page.goto('/drills');
  await expect(page.getByRole('heading', { level: 1, name: 'Drills' })).toBeVisible();
  await expect(page.getByText('Gate drill').first()).toBeVisible();
  await expectNoAxeViolations(page, '/drills');
  await expectNoSideways(page, '/drills');
  await page.getByRole('button', { name: 'New drill' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Label').nth(0).fill('Balls inside 10 ft');
  await form.getByLabel('Lowest').fill('0');
  await form.getByLabel('Highest').fill('10');
  await form.getByLabel('Step').fill('1');
  await form.getByRole('button', { name: 'Add a field' }).click();
  await form.getByLabel('Label').nth(1).fill('Club');
  await form.getByLabel('Type').nth(1).selectOption('SELECT');
  await form.getByLabel('Options').fill('Sand wedge');
  await form.getByLabel('Options').press('Enter');
  await form.getByLabel('Options').fill('Gap wedge');
  await form.getByLabel('Options').press('Enter');
  await form.getByRole('button', { name: 'Add a field' }).click();
  await form.getByLabel('Label').nth(2).fill('Windy');
  await form.getByLabel('Type').nth(2).selectOption('TOGGLE');
  await form.getByRole('button', { name: 'Add a field' }).click();
  await form.getByLabel('Label').nth(3).fill('Notes');
  await form.getByLabel('Type').nth(3).selectOption('STRING');
  await form.getByLabel('Score').selectOption({ label: 'Balls inside 10 ft' });
  await expectNoAxeViolations(page, '/drills (new drill)');
  await form.getByRole('button', { name: 'Create drill' }).click();
  await expect(form).toBeHidden();
  // Created: the drill's own page, with what each attempt records.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What each attempt records' })).toBeVisible();
  // Each field by the label its author gave it, never by its internal key ("key made").
  const records = page.getByRole('main');
  for (const label of ['Balls inside 10 ft', 'Club', 'Windy', 'Notes'])
    await expect(records.getByText(label, { exact: true }).first()).toBeVisible();
  await expect(records).not.toContainText(/\bkey\b|balls_inside/i);
  await expectNoAxeViolations(page, '/drill');

  // The calendar: add a practice on the selected day (today), with the new drill.
  await expect(menu(page).getByRole('link', { name: 'Calendar', includeHidden: true })).toHaveCount(1);
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expectNoAxeViolations(page, '/calendar');
  await expectNoSideways(page, '/calendar');
  await page
    .getByRole('button', { name: /^Add event/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Practice' }).click();
  await expect(page).toHaveURL(/\/event\?new=PRACTICE&date=/);
  await page.getByLabel('Title').fill('Wedge session');
  await page.getByLabel('Add a drill').selectOption({ label: title });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('link', { name: 'Record results' })).toBeVisible();
  await expectNoAxeViolations(page, '/event (practice with a drill)');

  // Three attempts, one after another, from the practice.
  await page.getByRole('link', { name: 'Record results' }).click();
  await expect(page).toHaveURL(/\/drillresults\?event_id=/);
  const attempts: Array<[string, string, boolean]> = [
    ['4', 'Sand wedge', false],
    ['6', 'Gap wedge', true],
    ['7', 'Sand wedge', false],
  ];
  for (const [index, [inside, club, windy]] of attempts.entries()) {
    await page.getByLabel('Balls inside 10 ft').fill(inside);
    // Chips and switches are styled labels over visually hidden inputs: a thumb taps the label.
    await page.getByRole('radiogroup', { name: 'Club' }).locator('label').filter({ hasText: club }).click();
    await expect(page.getByRole('radio', { name: club })).toBeChecked();
    if (windy) {
      await page
        .locator('label')
        .filter({ hasText: /^Windy$/ })
        .click();
      await expect(page.getByRole('switch', { name: 'Windy' })).toBeChecked();
    }
    await page.getByLabel('Notes').fill(`Attempt ${index + 1}`);
    await page.getByRole('button', { name: 'Save and next attempt' }).click();
    await expect(page.getByText(`Attempt ${index + 1} saved`)).toBeVisible();
  }
  await expectNoAxeViolations(page, '/drillresults');
  await expectNoSideways(page, '/drillresults');

  // The progress page: three attempts, the best, the average, and the table beside the chart.
  await page.getByRole('link', { name: 'Progress over time' }).click();
  await expect(page).toHaveURL(/\/drillprogress\?drill_id=/);
  const figures = page.getByTestId('progress-figures');
  await expect(figures).toContainText('Attempts3');
  await expect(figures).toContainText('Best (highest)7');
  await expect(figures).toContainText('Average5.67');
  await expect(page.getByRole('table').filter({ hasText: 'Balls inside 10 ft' }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/drillprogress');
  await expectNoSideways(page, '/drillprogress');
});

test('the free player sees the premium page for drills, and the API refuses them', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.player);
  await expect(menu(page).getByRole('link', { name: 'Drills', includeHidden: true })).toHaveCount(0);
  await page.goto('/drills');
  const notice = page.getByTestId('access-needed');
  await expect(notice.getByText('Premium needed')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await expectNoAxeViolations(page, '/drills (free player)');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const refused = await page.request.post('/v4/drills', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: 'Mine', fields: [{ key: 'made', label: 'Made', type: 'NUMBER' }] },
  });
  expect(refused.status(), await refused.text()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
});
