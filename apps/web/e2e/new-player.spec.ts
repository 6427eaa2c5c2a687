import { expect, test, type Page } from '@playwright/test';
import { DESKTOP_VIEWPORT, expectNoAxeViolations, MOBILE_VIEWPORT } from './helpers.ts';
import { codeFromMail, newestMailTo } from './outbox.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('a new player registers, verifies (signed in at once), skips Set up, sees the free menu, changes the theme and logs out', async ({
  page,
  request,
}) => {
  const email = `new.player.${Date.now()}@example.com`;
  const password = 'fairway-finder-42';

  await page.setViewportSize(MOBILE_VIEWPORT);
  await page.goto('/registration');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Nova');
  await page.getByLabel('Last name').fill('Player');
  // A guessable password is refused at the field; the refusal goes once the password is strong.
  await page.getByLabel('Password', { exact: true }).fill('password1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  const refusal = page.getByText(/^This password is too easy to guess/);
  await expect(refusal).toBeVisible();
  await expectNoAxeViolations(page, '/registration with a refused password (390 px)');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByText('Strength: Very strong')).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await expectNoAxeViolations(page, '/registration with a strong password (390 px)');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The rest of the walk reads the menu as a desk screen shows it.
  await page.setViewportSize(DESKTOP_VIEWPORT);

  await expect(page).toHaveURL(/\/verify-user/);
  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailTo(email)), { timeout: 15_000 }).toBeTruthy();
  await page.getByLabel('Verification code').fill(codeFromMail(mail!));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Verifying on this browser signs in: the first-run Set up comes once, and is skipped here.
  await expect(page).toHaveURL(/\/setup/);
  await page.getByRole('button', { name: 'Skip' }).click();

  // The menu a free player sees.
  const nav = menu(page);
  for (const label of ['Statistics', 'Events', 'Add Round', 'Notifications', 'StatCard', 'How-To', 'My Profile', 'Subscribe', 'Log Out']) {
    await expect(nav.getByText(label, { exact: true })).toBeVisible();
  }
  for (const label of ['Calendar', 'Drills', 'AI Coach', 'Org. Management']) {
    await expect(nav.getByText(label, { exact: true })).toHaveCount(0);
  }
  await expect(nav.getByRole('link', { name: 'StatCard' })).toHaveAttribute('target', '_blank');
  await expect(page.getByText('Nova Player')).toBeVisible();

  // Theme: applied at once, saved to the account, still applied after a reload.
  await nav.getByText('My Profile', { exact: true }).click();
  await expect(page).toHaveURL(/\/account/);
  await page.getByRole('radiogroup', { name: 'Theme' }).getByText('red', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'red');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  await expect
    .poll(async () => {
      const res = await request.get('/v4/account/settings', { headers: { Authorization: `Bearer ${token}` } });
      return (await res.json()).theme;
    })
    .toBe(1);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'red');
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim().toLowerCase(),
  );
  expect(primary).toMatch(/#a32525|rgb\(163, 37, 37\)/);

  // Log out through the confirmation: Cancel keeps the session, Yes ends it.
  await menu(page).getByText('Log Out', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Out' });
  await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/account/);

  await menu(page).getByText('Log Out', { exact: true }).click();
  await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const revoked = await request.get('/v4/account', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);

  // Logged out: a protected page sends us back to login.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
});

test('the demo coach sees the coach menu and the organisation brand', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('coach@holeout.demo');
  await page.getByLabel('Password', { exact: true }).fill('holeout-demo');
  await page.getByRole('button', { name: 'Log in' }).click();

  const nav = menu(page);
  for (const label of ['Statistics', 'Calendar', 'Drills', 'AI Coach', 'Events', 'Notifications', 'Org. Management', 'Log Out']) {
    await expect(nav.getByText(label, { exact: true })).toBeVisible();
  }
  for (const label of ['Add Round', 'Subscribe']) {
    await expect(nav.getByText(label, { exact: true })).toHaveCount(0);
  }
  await expect(page.getByText('Holeout Academy').first()).toBeVisible();
});

test('an unknown path goes to the root, and the root sends a logged-out visitor to login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});
