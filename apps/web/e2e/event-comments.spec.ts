import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Comments on a round, on a 390 px phone: the coach opens a round the premium player shared with the
 * academy, comments on it (two lines), and sees the comment in the thread; the premium player finds
 * the EVENT_COMMENT notification, opens the round from it, reads the comment and, as the owner,
 * deletes it. axe (WCAG 2.2 AA) on each page.
 */

test.use({ viewport: MOBILE_VIEWPORT });

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

test('a coach comments on a shared round; its owner is told, reads the comment and deletes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const text = `Lag putting was better on the back nine.\nTee shot on 12 next time? (${Date.now()})`;

  const coachContext = await browser.newContext({ viewport: MOBILE_VIEWPORT });
  const coach = await coachContext.newPage();
  await logIn(coach, DEMO_ACCOUNTS.coach);
  const { people } = await apiGet<{ people: Array<{ uid: number; first_name: string; last_name: string }> }>(coach, '/v4/people');
  const premium = people.find((person) => `${person.first_name} ${person.last_name}` === 'Priya Premium');
  expect(premium).toBeDefined();
  const { events } = await apiGet<{ events: Array<{ event_id: number; uid: number; orgshares: unknown[] }> }>(
    coach,
    `/v4/events?uid=${premium!.uid}&types=ROUND&limit=1`,
  );
  const round = events[0]!;
  expect(round.uid).toBe(premium!.uid);
  // Shared with the academy (an organisation share), which is how the coach sees it.
  expect(round.orgshares.length).toBeGreaterThan(0);

  await coach.goto(`/event?event_id=${round.event_id}`);
  await expect(coach.getByText('Round by Priya Premium')).toBeVisible();
  const section = coach.locator('section').filter({ has: coach.getByRole('heading', { level: 2, name: 'Comments' }) });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('comments-empty').or(section.getByRole('list', { name: 'Comments' }))).toBeVisible();
  const box = section.getByRole('textbox', { name: 'Add a comment' });
  await box.fill(text);
  await expect(box).toHaveAccessibleDescription(`${[...text].length} / 2,000 characters`);
  await section.getByRole('button', { name: 'Post' }).click();
  const mine = section.getByTestId('event-comment').filter({ hasText: 'Tee shot on 12 next time?' });
  await expect(mine).toHaveCount(1);
  await expect(box).toHaveValue('');
  // The line break is kept as written.
  expect(await mine.locator('p').last().textContent()).toBe(text);
  // The coach may delete his own comment (not done here: the owner does).
  await expect(mine.getByRole('button', { name: /^Delete the comment by / })).toBeVisible();
  await expectNoAxeViolations(coach, 'Event page with a comment (coach, 390 px)');
  expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
  await coachContext.close();

  const ownerContext = await browser.newContext({ viewport: MOBILE_VIEWPORT });
  const owner = await ownerContext.newPage();
  await logIn(owner, DEMO_ACCOUNTS.premium);
  await owner.goto('/notifications');
  const notice = owner.getByTestId('notification').filter({ hasText: 'A comment on your round' }).first();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('commented on');
  await expect(notice).toContainText('Lag putting was better on the back nine.');
  await expectNoAxeViolations(owner, 'Notifications with a comment (390 px)');
  await notice.getByRole('link').click();
  await expect(owner).toHaveURL(new RegExp(`/event\\?event_id=${round.event_id}$`));
  const thread = owner.getByTestId('event-comment').filter({ hasText: 'Tee shot on 12 next time?' });
  await expect(thread).toHaveCount(1);
  await expectNoAxeViolations(owner, 'Event page with a comment (owner, 390 px)');

  // The owner may delete any comment on their round.
  await thread.getByRole('button', { name: /^Delete the comment by / }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(thread).toHaveCount(0);
  await ownerContext.close();
});
