import { expect, test } from '@playwright/test';
import { paths } from '../src/lib/paths.ts';
import { DEMO_ACCOUNTS, logIn } from './helpers.ts';

test('a free player opening a premium page or Org. Management by URL is told what is needed', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.player);
  for (const path of [paths.calendar, paths.aiCoachDiagnosis]) {
    await page.goto(path);
    const notice = page.getByTestId('access-needed');
    await expect(notice.getByText('Premium needed')).toBeVisible();
    await expect(page.getByText('This page is not available yet.')).toHaveCount(0);
  }
  await page.goto(paths.orgManagement);
  await expect(page.getByTestId('access-needed').getByText('Organisation plan needed')).toBeVisible();
  await expect(page).toHaveTitle('Org. Management · Holeout');
  await page.getByTestId('access-needed').getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe' })).toBeVisible();
});

test('the premium player opens the premium pages, the purchasing coach Org. Management', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto(paths.drills);
  await expect(page.getByRole('heading', { level: 1, name: 'Drills' })).toBeVisible();
  await expect(page.getByTestId('access-needed')).toHaveCount(0);
  await page.goto(paths.orgManagement);
  await expect(page.getByTestId('access-needed')).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto(paths.orgManagement);
  await expect(page.getByRole('heading', { level: 1, name: 'Org. Management' })).toBeVisible();
  await expect(page.getByTestId('access-needed')).toHaveCount(0);
});
