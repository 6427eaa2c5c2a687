import { expect, test, type Page } from '@playwright/test';
import { codeFromMail, newestMailMatching } from './outbox.ts';
import { DEMO_ACCOUNTS, expectNoAxeViolations, freshEmail, logIn, menu, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * A coach invites another coach at 390 px: the demo coach invites an address with the role Coach;
 * its owner registers from the mailed link and accepts; then GET /account says is_coach and their
 * menu has no Add Round (a coach enters no rounds of their own). The invitation is found by its
 * address, never by its place in a list. axe on every page on the way.
 */

/** The text of a quoted-printable mail body, soft line breaks joined and =XX decoded. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The menu on a phone: opened by the burger in the header. */
async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

test('a coach invites a coach by e-mail; the new coach registers, accepts, is a coach to the API and has no Add Round', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail('invited.coach');
  const password = 'bunker rake at noon 57';

  // The demo coach invites the address as a coach, from Org. Management on a phone.
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto('/org-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Org. Management' })).toBeVisible();
  await expectNoAxeViolations(page, '/org-management (390 px)');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('radiogroup', { name: 'Role' }).getByRole('radio', { name: 'Coach' }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const open = page.getByRole('list', { name: 'Open invitations' });
  await expect(open).toContainText(email);
  await expectNoAxeViolations(page, '/org-management with the invitation sent (390 px)');

  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailMatching(email, /invited you to join/)), { timeout: 15_000 }).toBeTruthy();
  const inviteId = /\/invite\?invite_id=(\d+)/.exec(decodeQuotedPrintable(mail!))?.[1];
  expect(inviteId).toBeTruthy();

  // The invited person opens the link without an account, registers and signs in.
  const context = await browser.newContext({ viewport: MOBILE_VIEWPORT });
  const invited = await context.newPage();
  await invited.goto(`/invite?invite_id=${inviteId}`);
  await expect(invited.getByText('You have been invited to join an organisation on Holeout')).toBeVisible();
  await expectNoAxeViolations(invited, '/invite signed out (390 px)');
  await invited.getByRole('link', { name: 'Create account' }).click();
  await expect(invited).toHaveURL(/\/registration\?/);
  await invited.getByLabel('First name').fill('Cora');
  await invited.getByLabel('Last name').fill('Invited');
  await invited.getByLabel('Email').fill(email);
  await invited.getByLabel('Password', { exact: true }).fill(password);
  await invited.getByRole('button', { name: 'Create account' }).click();
  await expect(invited).toHaveURL(/\/verify-user/);
  let codeMail: string | undefined;
  await expect.poll(() => (codeMail = newestMailMatching(email, /\b\d{6}\b/)), { timeout: 15_000 }).toBeTruthy();
  await invited.getByLabel('Verification code').fill(codeFromMail(codeMail!));
  await invited.getByRole('button', { name: 'Verify' }).click();
  // Verifying signs this browser in; the first-run Set up comes once (skipped here), then the invitation.
  await expect(invited).toHaveURL(/\/setup\?next=/);
  await invited.getByRole('button', { name: 'Skip' }).click();

  // Back on the invitation, signed in: it offers the role Coach; before accepting they are no coach.
  await expect(invited).toHaveURL(new RegExp(`/invite\\?invite_id=${inviteId}`));
  await expect(invited.getByText('Coach', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(invited, '/invite signed in (390 px)');
  const token = await invited.evaluate(() => localStorage.getItem('token'));
  const account = async () =>
    (await (await invited.request.get('/v4/account', { headers: { Authorization: `Bearer ${token}` } })).json()) as { is_coach: boolean };
  expect((await account()).is_coach).toBe(false);
  await openMenu(invited);
  await expect(menu(invited).getByRole('link', { name: 'Add Round' })).toBeVisible();
  await invited.keyboard.press('Escape');

  await invited.getByRole('button', { name: 'Accept' }).click();
  await expect(invited).toHaveURL(/\/org-info/);
  await expect(invited.getByRole('heading', { name: 'Holeout Academy' })).toBeVisible();
  await expectNoAxeViolations(invited, '/org-info as a new coach (390 px)');

  // A coach now: the API says so and the menu offers no Add Round, after a reload too.
  expect((await account()).is_coach).toBe(true);
  await openMenu(invited);
  await expect(menu(invited).getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(menu(invited).getByRole('link', { name: 'Add Round' })).toHaveCount(0);
  await expectNoAxeViolations(invited, 'the new coach’s menu (390 px)');
  await invited.reload();
  await openMenu(invited);
  await expect(menu(invited).getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(menu(invited).getByRole('link', { name: 'Add Round' })).toHaveCount(0);

  // The demo coach sees them among the members, as a coach.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members of Holeout Academy' })).toContainText('Cora Invited');
  await context.close();
});
