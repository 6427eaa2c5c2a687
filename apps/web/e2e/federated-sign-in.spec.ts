import { expect, test, type Page } from '@playwright/test';
import { installFakeFirebase, nextSignIn, providerSignOuts } from './fake-firebase.ts';
import { DEMO_ACCOUNTS, expectNoAxeViolations, freshEmail, menu, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Sign in with Google, Apple and Microsoft at 390 px, in Chromium, with a fake Firebase SDK in the
 * page (fake-firebase.ts) whose sign-ins carry real RS256 ID tokens from the fake token service
 * (fake-firebase-server.mjs), which the API verifies against that service's JWKS. At 390 px the
 * web signs in by redirect, so each sign-in leaves the page and comes back to it.
 * A new golfer registers with Google, meets the first-run Set up, logs out (which signs out of the
 * provider too), logs in again with Google, links Microsoft in My Profile and unlinks Google. An
 * existing password golfer who continues with Google is told to log in and link, never merged.
 * A cancelled sign-in shows nothing alarming. axe (WCAG 2.2 AA) at each step.
 */

test.use({ viewport: MOBILE_VIEWPORT });

test.beforeEach(async ({ page }) => {
  await installFakeFirebase(page);
});

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await menu(page).getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Nothing alarming on the page: no alert, no error toast. */
async function expectNothingAlarming(page: Page): Promise<void> {
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

const row = (page: Page, provider: string) => page.getByTestId(`sign-in-${provider}`);

test('a new golfer registers with Google, logs out and in again, links Microsoft and unlinks Google', async ({ page }) => {
  const email = freshEmail('federated');

  await page.goto('/registration');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
  // At 390 px as wide as the form's own button, and at least 44 px tall.
  const box = (await google.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBe((await page.getByRole('button', { name: 'Create account' }).boundingBox())!.width);
  await expectNoAxeViolations(page, 'registration with providers');

  await nextSignIn(page, { provider: 'google.com', email });
  await google.click();
  // The redirect comes back to Registration, which makes the account; a new account is asked to Set up first.
  await expect(page).toHaveURL(/\/setup/, { timeout: 20_000 });
  await expectNoAxeViolations(page, 'set up after registering with Google');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  expect(await providerSignOuts(page)).toBe(0);
  await logOut(page);
  await expect.poll(() => providerSignOuts(page)).toBe(1);
  await expectNoAxeViolations(page, 'login after logout');

  await nextSignIn(page, { provider: 'google.com', email });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'signed in again with Google');

  await page.goto('/account');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(row(page, 'google')).toContainText(email);
  await expect(row(page, 'google').getByRole('button', { name: 'Unlink' })).toBeDisabled();
  await expect(methods).toContainText('This is your only way to log in');
  await expect(page.getByRole('region', { name: 'Change password' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'My Profile with Google linked');

  // A cancelled Link (back from the provider without signing in) changes nothing and shows nothing alarming.
  await nextSignIn(page, 'cancel');
  await row(page, 'microsoft').getByRole('button', { name: 'Link' }).click();
  await expect(row(page, 'microsoft').getByRole('button', { name: 'Link' })).toBeVisible({ timeout: 20_000 });
  await expect(row(page, 'microsoft')).not.toContainText('Linked');
  await expectNothingAlarming(page);

  await nextSignIn(page, { provider: 'microsoft.com', email: `ms.${email}` });
  await row(page, 'microsoft').getByRole('button', { name: 'Link' }).click();
  await expect(row(page, 'microsoft')).toContainText(`ms.${email}`, { timeout: 20_000 });
  await expect(row(page, 'microsoft')).toContainText('Linked');
  await expect(row(page, 'google').getByRole('button', { name: 'Unlink' })).toBeEnabled();
  await expectNoAxeViolations(page, 'My Profile with Google and Microsoft linked');

  await row(page, 'google').getByRole('button', { name: 'Unlink' }).click();
  await expect(row(page, 'google').getByRole('button', { name: 'Link' })).toBeVisible();
  await expect(row(page, 'google')).not.toContainText('Linked');
  await expect(row(page, 'microsoft')).toContainText('Linked');
  await expect(row(page, 'microsoft').getByRole('button', { name: 'Unlink' })).toBeDisabled();
  await expectNoAxeViolations(page, 'My Profile with Microsoft left');

  // What the server holds, not only what the page shows.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const links = await page.request.get('/v4/account/links', { headers: { authorization: `Bearer ${token}` } });
  expect(links.status()).toBe(200);
  expect(((await links.json()) as { links: { provider: string }[] }).links.map((l) => l.provider)).toEqual(['microsoft']);
});

test('a password golfer who continues with Google is told to log in and link, not merged; a cancelled sign-in shows nothing', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expectNoAxeViolations(page, 'login with providers');

  await nextSignIn(page, 'cancel');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNothingAlarming(page);

  await nextSignIn(page, { provider: 'google.com', email: DEMO_ACCOUNTS.player });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'No account yet' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(/log in/i);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectNothingAlarming(page);
  await expectNoAxeViolations(page, 'login: NOT_REGISTERED');

  // Making an account with that address is refused too: its owner logs in with the password and links Google.
  await notice.getByRole('button', { name: 'Create an account with Google' }).click();
  await expect(page.getByRole('status')).not.toContainText('No account yet');
  await expect(page.getByRole('status')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectNoAxeViolations(page, 'login: EMAIL_TAKEN');
});
