import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, menu } from './helpers.ts';

test('offline, a page not loaded yet shows the offline notice with "Try again", which loads it once back online', async ({
  page,
  context,
}) => {
  await logIn(page, DEMO_ACCOUNTS.premium);
  // A mark on this document: it survives client-side navigation, and is gone after any reload.
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });

  await context.setOffline(true);
  await menu(page).getByRole('link', { name: 'How-To' }).click();
  const notice = page.getByTestId('page-load-notice');
  await expect(notice.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page).toHaveURL(/\/how-to$/);
  // Inside the app: the menu is still there, and nothing reloaded the page.
  await expect(menu(page)).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How-To' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
