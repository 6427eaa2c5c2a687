import { expect, test } from '@playwright/test';
import { paths } from '../src/lib/paths.ts';
import { DEMO_ACCOUNTS, freshEmail, logIn, menu, MOBILE_VIEWPORT, registerAndLogIn } from './helpers.ts';
import { codeFromMail, newestMailMatching } from './outbox.ts';

const PASSWORD = 'fairway-finder-42';

test('password fields show the strength as you type and refuse a guessable password', async ({ page }) => {
  await page.goto(paths.registration);
  await page.getByLabel('Email').fill(freshEmail('weak'));
  const password = page.getByLabel('Password', { exact: true });
  await expect(page.getByText(/At least 12 characters/)).toBeVisible();
  await password.fill('password1234');
  const meter = page.getByRole('meter', { name: 'Password strength' });
  await expect(meter).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByText(/^Strength: Weak\. This password is too easy to guess/)).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/^This password is too easy to guess/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/registration$/);

  await password.fill(PASSWORD);
  await expect(meter).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByText('Strength: Very strong')).toBeVisible();
});

test('the server refuses a weak new password too', async ({ request }) => {
  const answer = await request.post('/v4/account/register?method=email', {
    data: { email: freshEmail('weak.api'), password: 'password1234' },
  });
  expect(answer.status()).toBe(400);
  const body = (await answer.json()) as { code: string; details?: { field: string }[] };
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.details?.map((d) => d.field)).toContain('password');
});

test('My Profile lists the sessions; ending another signs that device out, ending this one logs out here', async ({ browser }) => {
  const email = freshEmail('sessions');
  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const desk = await browser.newContext();
  try {
    const phonePage = await phone.newPage();
    await registerAndLogIn(phonePage, { email, password: PASSWORD, firstName: 'Sam' });
    const deskPage = await desk.newPage();
    await logIn(deskPage, email, PASSWORD);

    await deskPage.goto(paths.account);
    const sessions = deskPage.getByRole('region', { name: 'Sessions' });
    const rows = sessions.getByTestId('account-session');
    await expect(rows).toHaveCount(2);
    const thisDevice = rows.filter({ hasText: 'This device' });
    await expect(thisDevice).toHaveCount(1);
    await expect(thisDevice).toContainText('Chrome on Linux');
    await expect(thisDevice).toContainText(/Signed in \d{2}\/\d{1,2}\/\d{2} \d{1,2}:\d{2} · Last used/);
    const iphone = rows.filter({ hasText: 'Safari on iPhone' });
    await expect(iphone).toHaveCount(1);
    await expect(iphone.getByText('This device')).toHaveCount(0);

    await iphone.getByRole('button', { name: 'End session' }).click();
    await expect(rows).toHaveCount(1);
    // The phone's token is gone: its next call answers 401 and it lands on the login page.
    await phonePage.goto(paths.account);
    await expect(phonePage).toHaveURL(/\/login/);

    await thisDevice.getByRole('button', { name: 'End session' }).click();
    await expect(deskPage).toHaveURL(/\/login/);
    expect(await deskPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  } finally {
    await phone.close();
    await desk.close();
  }
});

test('changing the e-mail asks for the password, then takes the code sent to the new address', async ({ page }) => {
  const email = freshEmail('mover');
  const next = freshEmail('moved');
  await registerAndLogIn(page, { email, password: PASSWORD, firstName: 'Mo' });
  await page.goto(paths.account);
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Current password')).toHaveCount(0);
  await profile.getByRole('textbox', { name: 'Email' }).fill(next);
  await profile.getByLabel('Current password').fill(PASSWORD);
  await profile.getByRole('button', { name: 'Save profile' }).click();

  const pending = page.getByRole('region', { name: 'E-mail change' });
  await expect(pending).toContainText(`We sent a code to ${next}`);
  await expect(pending).toContainText('waiting for its code');
  // Still the old address until the code is in; the page says so after a reload too.
  await page.reload();
  await expect(pending).toContainText(`We sent a code to ${next}`);
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailMatching(next, /\b\d{6}\b/)), { timeout: 15_000 }).toBeTruthy();
  await pending.getByLabel('Code from the e-mail').fill(codeFromMail(mail!));
  await pending.getByRole('button', { name: 'Confirm' }).click();
  await expect(pending).toHaveCount(0);
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveValue(next);
  await page.reload();
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveValue(next);
  await expect(page.getByRole('region', { name: 'E-mail change' })).toHaveCount(0);
});

test('saving units or the theme says it saved', async ({ page }) => {
  await registerAndLogIn(page, { email: freshEmail('prefs'), password: PASSWORD, firstName: 'Pia' });
  await page.goto(paths.account);
  await page.getByRole('combobox', { name: 'Units' }).click();
  await page.getByRole('option', { name: 'Meters / Yards' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Units saved' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'purple' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Theme saved' })).toBeVisible();
});

test('a long e-mail as the display name wraps at 390 px instead of widening the page', async ({ page }) => {
  await page.setViewportSize(MOBILE_VIEWPORT);
  const email = `averyveryverylonglocalpartwithoutanybreaks${Date.now()}@an-equally-long-golf-club-domain.example.com`;
  await registerAndLogIn(page, { email, password: PASSWORD });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(page.getByTestId('menu-display-name')).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(390);
  await page.goto(paths.account);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(390);
});

test('logged in, the pages for new accounts go to the root; the root page logs out like the menu', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.player);
  for (const path of [paths.registration, paths.verifyUser, paths.passwordReset]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(paths.root);
  }
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await main.getByRole('button', { name: 'Log Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Out' });
  await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(menu(page)).toBeVisible();
  await main.getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
