import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DESKTOP_VIEWPORT, freshEmail, logIn, menu, MOBILE_VIEWPORT, registerAndLogIn } from './helpers.ts';

/** Events: the list (filters, paging, round selection), creating events, and the event page by permission. */

const ROUND = {
  course: 'Events Park',
  units: 'FEET_YARDS',
  holes: [
    {
      hole: 1,
      par: 4,
      shots: [
        { from: 'T', dist: 400, to: 'F' },
        { from: 'F', dist: 150, to: 'G' },
        { from: 'G', dist: 20, to: 'G' },
        { from: 'G', dist: 2, to: 'I' },
      ],
    },
    {
      hole: 2,
      par: 3,
      shots: [
        { from: 'T', dist: 160, to: 'G' },
        { from: 'G', dist: 8, to: 'I' },
      ],
    },
    {
      hole: 3,
      par: 5,
      shots: [
        { from: 'T', dist: 520, to: 'R' },
        { from: 'R', dist: 250, to: 'F' },
        { from: 'F', dist: 90, to: 'S' },
        { from: 'S', dist: 12, to: 'G' },
        { from: 'G', dist: 6, to: 'G' },
        { from: 'G', dist: 1, to: 'I' },
      ],
    },
  ],
};

async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

async function createEvent(page: Page, body: Record<string, unknown>): Promise<number> {
  const response = await page.request.post('/v4/events', { headers: { Authorization: `Bearer ${await tokenOf(page)}` }, data: body });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { event_id: number }).event_id;
}

test('a new player: empty state, creating a practice, paging, filters, and selecting a round for statistics', async ({ page }) => {
  test.setTimeout(120_000);
  await registerAndLogIn(page, { email: freshEmail('events'), password: 'Fairway-Bunker-Eagle-2026', firstName: 'Eve' });
  await menu(page).getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page).toHaveTitle('Events · Holeout');
  const empty = page.getByTestId('events-empty');
  await expect(empty).toContainText('Your rounds, practice sessions, lessons, workouts and notes will be listed here');
  await expect(empty.getByRole('link', { name: 'Add Round' })).toHaveAttribute('href', '/scanner');

  // A practice, created on the page.
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Type').selectOption('PRACTICE');
  await dialog.getByLabel('Title').fill('Putting ladder');
  await dialog.getByLabel('Notes').fill('3, 6 and 9 ft, ten each');
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('putting');
  await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await dialog.getByLabel('Who can see it').selectOption('SHARE_SELF');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/event\?event_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Putting ladder' })).toBeVisible();
  await expect(page.getByText('3, 6 and 9 ft, ten each')).toBeVisible();
  await expect(page.getByText('Shared: Only me')).toBeVisible();

  // 24 workouts and a round, oldest first: the round is the newest, the ladder the oldest.
  for (let day = 1; day <= 24; day += 1) {
    await createEvent(page, {
      event_type: 'WORKOUT',
      title: `Gym ${day}`,
      start: new Date(Date.UTC(2030, 0, day, 7)).toISOString(),
      notes: '',
      tags: [],
    });
  }
  const roundId = await createEvent(page, {
    event_type: 'ROUND',
    title: '',
    start: new Date(Date.UTC(2030, 1, 1, 8)).toISOString(),
    notes: '',
    tags: ['medal'],
    round: ROUND,
  });

  await page.goto('/events');
  const cards = page.getByTestId('event-card');
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText('Round at Events Park');
  await expect(cards.first().getByTestId('round-summary')).toHaveText('Events Park · Score 12 (E) · 3 holes');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(26);
  await expect(cards.last()).toContainText('Putting ladder');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Filters: by type, by tag, by dates.
  await page.getByRole('group', { name: 'Types' }).getByText('Round', { exact: true }).click();
  await expect(cards).toHaveCount(1);
  await page.getByRole('group', { name: 'Types' }).getByText('Round', { exact: true }).click();
  await page.getByLabel('From date').fill('2030-01-10');
  await page.getByLabel('To date').fill('2030-01-12');
  await expect(cards).toHaveCount(3);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  // Back to the unfiltered list, as far as it was loaded.
  await expect(cards).toHaveCount(26);

  // Selecting the round narrows the statistics: the menu counts it.
  await expect(menu(page).getByRole('link', { name: 'Statistics', exact: true })).toBeVisible();
  await cards.first().getByRole('checkbox').check();
  await expect(menu(page).getByRole('link', { name: 'Statistics (1)' })).toBeVisible();
  await expect(page.getByText('1 round selected for statistics.')).toBeVisible();
  // The selection is kept until logout: a reload keeps it.
  await page.reload();
  await expect(page.getByText('1 round selected for statistics.')).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Statistics (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(menu(page).getByRole('link', { name: 'Statistics', exact: true })).toBeVisible();

  // The round's page: scorecard, categories, and a benchmark switch.
  await cards.first().getByRole('link', { name: 'Round at Events Park' }).click();
  await expect(page).toHaveURL(new RegExp(`event_id=${roundId}$`));
  const scorecard = page.getByTestId('scorecard');
  await expect(scorecard.getByRole('row')).toHaveCount(5);
  await expect(scorecard.getByRole('row').nth(1)).toContainText('Par');
  await expect(scorecard.getByRole('row').nth(2)).toContainText('Birdie');
  await expect(scorecard.getByRole('row').nth(3)).toContainText('Bogey');
  const total = page.getByTestId('category-table').getByRole('row', { name: /^Total/ });
  const tourTotal = await total.textContent();
  await page.getByLabel('Benchmark').selectOption('HUNDRED');
  await expect(total).not.toHaveText(tourTotal ?? '');
  await page.getByRole('button', { name: /^Hole 3 · par 5/ }).click();
  await expect(page.getByRole('table', { name: 'Shots of hole 3' }).getByRole('row', { name: /Fairway 90 yd Sand/ })).toContainText(
    'Short Approach Shots',
  );

  // Edit, then delete with a confirmation.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit round' });
  await edit.getByLabel('Title').fill('Club medal');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Club medal' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete event' });
  await expect(confirm).toContainText('Are you sure you want to delete this round?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText('Club medal')).toHaveCount(0);
});

test('a round shared with a coach is read-only for them, and "Remove from my list" takes it off their list', async ({ page, browser }) => {
  await logIn(page, DEMO_ACCOUNTS.player);
  const course = `Shared Hills ${Date.now()}`;
  // Default shares: the owner, and VIEW for the player's organisation (the coach's too).
  const roundId = await createEvent(page, {
    event_type: 'ROUND',
    title: '',
    start: new Date().toISOString(),
    notes: '',
    tags: [],
    round: { ...ROUND, course },
  });

  // The owner may share it: scope, organisations, permissions.
  await page.goto(`/event?event_id=${roundId}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await expect(share.getByLabel('Who can see it')).toHaveValue('SHARE_SELECTED');
  await expect(share.getByLabel('Holeout Academy')).toHaveValue('0');
  await share.getByRole('button', { name: 'Save sharing' }).click();
  await expect(share).toHaveCount(0);

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await logIn(coach, DEMO_ACCOUNTS.coach);
  await coach.goto(`/event?event_id=${roundId}`);
  await expect(coach.getByRole('heading', { level: 1, name: `Round at ${course}` })).toBeVisible();
  await expect(coach.getByText('Shared with you, view only')).toBeVisible();
  await expect(coach.getByTestId('scorecard')).toBeVisible();
  for (const name of ['Edit', 'Share', 'Delete']) await expect(coach.getByRole('button', { name, exact: true })).toHaveCount(0);
  await coach.getByRole('button', { name: 'Remove from my list' }).click();
  await coach.getByRole('dialog', { name: 'Remove from my list' }).getByRole('button', { name: 'Remove' }).click();
  await expect(coach).toHaveURL(/\/events$/);
  await expect(coach.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(coach.getByText(`Round at ${course}`)).toHaveCount(0);
  await coachContext.close();
});

/** axe (WCAG 2.2 AA) on the pages as they are with data in them, which the every-route scan may not have. */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((node) => `${where}: ${v.id} at ${node.target.join(' ')}: ${node.failureSummary ?? v.help}`),
  );
}

test('axe finds nothing on the events list, a round with its shots open, and Add Round mid-hole, at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.premium);
  const roundId = await createEvent(page, {
    event_type: 'ROUND',
    title: '',
    start: new Date().toISOString(),
    notes: 'Windy',
    tags: ['medal'],
    round: { ...ROUND, course: 'Axe Park' },
  });
  await createEvent(page, { event_type: 'LESSON', title: 'Bunker lesson', start: new Date().toISOString(), notes: '', tags: ['sand'] });
  const problems: string[] = [];
  for (const [name, viewport] of Object.entries({ mobile: MOBILE_VIEWPORT, desktop: DESKTOP_VIEWPORT })) {
    await page.setViewportSize(viewport);
    await page.goto('/events');
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    await page.getByTestId('event-card').filter({ hasText: 'Axe Park' }).getByRole('checkbox').check();
    problems.push(...(await axeViolations(page, `${name} /events`)));
    await page.getByTestId('event-card').filter({ hasText: 'Axe Park' }).getByRole('checkbox').uncheck();

    await page.goto(`/event?event_id=${roundId}`);
    await page.getByRole('button', { name: /^Hole 3 · par 5/ }).click();
    await expect(page.getByRole('table', { name: 'Shots of hole 3' })).toBeVisible();
    problems.push(...(await axeViolations(page, `${name} /event`)));

    await page.goto('/scanner');
    await page.getByRole('button', { name: 'Par 4' }).click();
    await page.getByRole('textbox', { name: 'Distance', exact: true }).fill('400');
    await page.getByRole('group', { name: 'Result' }).getByRole('button', { name: 'Hazard' }).click();
    await expect(page.getByRole('group', { name: 'Lie' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Miss' })).toBeVisible();
    problems.push(...(await axeViolations(page, `${name} /scanner after a hazard`)));
    await page.getByRole('group', { name: 'Lie' }).getByRole('button', { name: 'Rough' }).click();
    await page.getByRole('textbox', { name: 'Distance', exact: true }).fill('150');
    await page.getByRole('group', { name: 'Result' }).getByRole('button', { name: 'Green', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Putt length' })).toBeVisible();
    problems.push(...(await axeViolations(page, `${name} /scanner on the green`)));
    await page.getByRole('button', { name: 'Discard round' }).click();
    await page.getByRole('dialog', { name: 'Discard round' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('button', { name: 'Par 4' })).toHaveAttribute('aria-pressed', 'false');
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
