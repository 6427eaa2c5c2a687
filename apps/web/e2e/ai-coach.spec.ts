import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DESKTOP_VIEWPORT, expectNoAxeViolations, logIn, menu, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * AI Coach, on a phone: the premium player opens it from the menu, runs a diagnosis of their season
 * (its weak lag putting), opens it, puts its plan on the calendar, finds the practices there and
 * comes back to the diagnosis; a coach diagnoses one of the academy's players. axe at 390 and
 * 1280 px on both pages.
 */

test.use({ viewport: MOBILE_VIEWPORT });

/** The page has no horizontal scroll at this width. */
async function expectNoSideways(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * No button is loading, and every button's label is fully shown again (a label fades back in after
 * its loader, and axe would measure its contrast half-way). The pointer stays where the last click
 * left it: a hovered button must read as well as a resting one.
 */
async function buttonsSettled(page: Page): Promise<void> {
  await expect(page.locator('button[data-loading]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.mantine-Button-label')].every((label) => getComputedStyle(label).opacity === '1'),
      ),
    )
    .toBe(true);
}

/** axe (WCAG 2.2 AA) at 390 px and at 1280 px, no sideways scroll on the phone; back to the phone after. */
async function expectAccessibleAtBothWidths(page: Page, where: string): Promise<void> {
  await buttonsSettled(page);
  await expectNoAxeViolations(page, `${where} (390 px)`);
  await expectNoSideways(page, `${where} (390 px)`);
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await expectNoAxeViolations(page, `${where} (1280 px)`);
  await page.setViewportSize(MOBILE_VIEWPORT);
}

/** What a run answered: a diagnosis, or one of the two reasons for none. */
const RUN_OUTCOME = /^Diagnosis ready: |^No new rounds since |^Not enough rounds yet$|^Nothing clearly below the target$/;

test('the premium player runs a diagnosis, puts its plan on the calendar and comes back to it', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, DEMO_ACCOUNTS.premium);

  // From the menu, as a thumb does it on a phone.
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await menu(page).getByRole('link', { name: 'AI Coach' }).click();
  await expect(page).toHaveURL(/\/ai-coach$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Coach' })).toBeVisible();
  await expect(page).toHaveTitle('AI Coach · Holeout');
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);

  // 40 rounds with a weak part planted in them: a diagnosis, shown at the top and in the history.
  await page.getByRole('button', { name: 'Run diagnosis' }).click();
  await expect(page.getByText(/^Diagnosis ready: |^No new rounds since /)).toBeVisible({ timeout: 60_000 });
  const latest = page.getByTestId('diagnosis-summary');
  await expect(latest.getByRole('heading', { level: 2, name: 'Latest diagnosis' })).toBeVisible();
  // The demo season plants a weak lag putter in the premium player.
  await expect(latest.getByTestId('diagnosis-category')).toHaveText('Lag Putts');
  await expect(latest.getByTestId('strokes-to-gain')).toHaveText(/^\d+\.\d strokes? to gain per round against \S.*$/);
  await expect(latest.getByText(/^Confidence: (Clear|Likely)$/)).toBeVisible();
  await expect(latest.getByTestId('diagnosis-narrative')).toHaveText(/\S/);
  await expect(page.getByTestId('diagnosis-history-item').first()).toBeVisible();
  const category = (await latest.getByTestId('diagnosis-category').textContent())!.trim();
  await expectAccessibleAtBothWidths(page, '/ai-coach');

  // The diagnosis: the evidence beside its table, the findings, the plan and the follow-up.
  await latest.getByRole('link', { name: 'See the diagnosis' }).click();
  await expect(page).toHaveURL(/\/ai-coach\/diagnosis\?diagnosis_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnosis' })).toBeVisible();
  await expect(page).toHaveTitle('Diagnosis · Holeout');
  const evidence = page.getByRole('table', { name: /^Strokes gained per 18 holes by category against / });
  await expect(evidence).toBeVisible();
  await expect(evidence.getByRole('rowheader', { name: category, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Findings' })).toBeVisible();
  const plan = page.getByRole('region', { name: 'The plan' });
  await expect(plan.getByRole('listitem').first()).toBeVisible();
  const followUp = page.getByRole('region', { name: 'Follow-up' });
  await expect(followUp.getByTestId('follow-up-verdict')).toBeVisible();
  await expect(
    followUp.getByRole('table', { name: new RegExp(`^Strokes gained per 18 holes in ${category}, oldest first`) }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, '/ai-coach/diagnosis');

  // Put on my calendar: next Monday, for 4 weeks, unless changed.
  const form = page.getByRole('form', { name: 'Put the plan on my calendar' });
  const firstDay = await form.getByLabel('First day').inputValue();
  expect(firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(new Date(`${firstDay}T12:00:00`).getDay(), `${firstDay} is a Monday`).toBe(1);
  await expect(form.getByLabel('How long')).toHaveValue('4');
  await form.getByRole('button', { name: 'Put on my calendar' }).click();
  const scheduled = page.getByTestId('plan-scheduled');
  await expect(scheduled).toContainText(/\d+ practices? over 4 weeks from /);
  await expectAccessibleAtBothWidths(page, '/ai-coach/diagnosis (plan scheduled)');

  // The calendar opens on the first day, with the plan's first practice in the day's list.
  await scheduled.getByRole('link', { name: 'Open the calendar' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?view=month&date=${firstDay}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: new RegExp(`${category} practice \\(week 1 of 4\\)`) })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();

  // Back to the diagnosis, as it was.
  await page.goBack();
  await expect(page).toHaveURL(/\/ai-coach\/diagnosis\?diagnosis_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnosis' })).toBeVisible();
  await expect(page.getByTestId('diagnosis-category')).toHaveText(category);
  await expect(page.getByRole('region', { name: 'Follow-up' }).getByTestId('follow-up-verdict')).toBeVisible();
});

test("a coach picks one of the academy's players and diagnoses their game", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto('/ai-coach');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Coach' })).toBeVisible();
  const picker = page.getByLabel('Player');
  await expect(picker.locator('option')).not.toHaveCount(1);
  const player = (await picker.locator('option').nth(1).textContent())!;
  await picker.selectOption({ label: player });
  await expect(page).toHaveURL(/\/ai-coach\?uid=\d+$/);
  await expect(page.getByText(new RegExp(`of ${player}\u2019s game`)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Run diagnosis' }).click();
  await expect(page.getByText(RUN_OUTCOME).first()).toBeVisible({ timeout: 60_000 });
  await expectAccessibleAtBothWidths(page, '/ai-coach (a coach, one player)');
});
