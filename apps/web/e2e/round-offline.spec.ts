import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, MOBILE_VIEWPORT, roundsAtCourse } from './helpers.ts';

/**
 * Nothing typed is lost: a draft survives a reload mid-shot, a round saved offline waits on the
 * device (also across a reload), and once back online it is sent with the same Idempotency-Key
 * however often it is tried, so exactly one round exists.
 */

test('a draft survives a reload; a round saved offline is sent once when back online', async ({ page, context }) => {
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto('/scanner');
  const course = `Offline Downs ${Date.now()}`;
  const result = page.getByRole('group', { name: 'Result' });
  const distance = page.getByRole('textbox', { name: 'Distance', exact: true });

  await page.getByRole('textbox', { name: 'Course' }).fill(course);
  await page.getByRole('button', { name: 'Par 4' }).click();
  await distance.fill('402');
  await result.getByRole('button', { name: 'Fairway' }).click();
  await distance.fill('148');
  await result.getByRole('button', { name: 'Green', exact: true }).click();
  await distance.fill('24');
  // Typed, not yet tapped: a reload (or a killed app) keeps it.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('holeout-rounds');
            open.onsuccess = () => {
              const read = open.result.transaction('drafts').objectStore('drafts').getAll();
              read.onsuccess = () => resolve(JSON.stringify(read.result));
            };
          }),
      ),
    )
    .toContain('"distance":"24"');
  await page.reload();
  await expect(page.getByTestId('next-shot')).toHaveText(/^Shot 3 · from the green/);
  await expect(distance).toHaveValue('24');
  await expect(page.getByRole('textbox', { name: 'Course' })).toHaveValue(course);
  await expect(page.getByRole('list', { name: 'Shots on this hole' }).getByRole('listitem')).toHaveCount(2);

  await result.getByRole('button', { name: 'Green', exact: true }).click();
  await page.getByRole('group', { name: 'Putt length' }).getByRole('button', { name: '3 ft', exact: true }).click();
  await result.getByRole('button', { name: 'Holed' }).click();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save round' }).click();
  await expect(page.getByText('1 round waiting to be sent')).toBeVisible();
  await expect(page).toHaveURL(/\/scanner$/);

  // Back online, but the first answers get lost on the way back: the round reaches the API, the
  // phone does not hear of it, and keeps it in the outbox.
  const keys: string[] = [];
  let lostAnswers = 0;
  await page.route('**/v4/events', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    await route.fetch();
    lostAnswers += 1;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Round' })).toBeVisible();
  await expect(page.getByText('1 round waiting to be sent')).toBeVisible();
  await expect.poll(() => lostAnswers).toBeGreaterThan(0);
  expect(await roundsAtCourse(page, course)).toBe(1);

  // Answers arrive again: the retry, with the same key, gets the first answer and creates nothing.
  await page.unroute('**/v4/events');
  const retried = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v4/events');
  await page.getByRole('button', { name: 'Send now' }).click();
  keys.push((await (await retried).headerValue('idempotency-key')) ?? '');
  await expect(page).toHaveURL(/\/event\?event_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Round at ${course}` })).toBeVisible();

  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(await roundsAtCourse(page, course)).toBe(1);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const eventId = new URL(page.url()).searchParams.get('event_id');
  const one = await page.request.get(`/v4/events?event_id=${eventId}`, { headers: { Authorization: `Bearer ${token}` } });
  const { events } = (await one.json()) as { events: { round: { holes: { shots: unknown[] }[] } }[] };
  expect(events[0]!.round.holes[0]!.shots).toEqual([
    { from: 'T', dist: 402, to: 'F' },
    { from: 'F', dist: 148, to: 'G' },
    { from: 'G', dist: 24, to: 'G' },
    { from: 'G', dist: 3, to: 'I' },
  ]);
});
