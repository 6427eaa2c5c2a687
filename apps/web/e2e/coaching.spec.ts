import { expect, test } from '@playwright/test';
import { codeFromMail, newestMailMatching, newestMailTo } from './outbox.ts';
import { DEMO_ACCOUNTS, freshEmail, logIn, menu, MOBILE_VIEWPORT, expectNoAxeViolations } from './helpers.ts';

/**
 * Coaching (issue 9): the demo coach invites a new player by e-mail; the player registers from the
 * mailed link and accepts; the coach gives them a premium seat and the player's menu gains
 * Calendar, Drills and AI Coach; the player shares a round with their coaches; the coach is
 * notified, opens it, and sees the player in the team views. axe on every page on the way.
 */

/** The text of a quoted-printable mail body, soft line breaks joined and =XX decoded. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A short valid round (two holes) in the API's shape, kept private by the player until they share it. */
const ROUND = {
  event_type: 'ROUND',
  title: 'Medal at Pine Valley',
  start: '2026-11-20T09:00:00Z',
  share: 'SHARE_SELF',
  usershares: [],
  orgshares: [],
  round: {
    course: 'Pine Valley',
    units: 'FEET_YARDS',
    holes: [
      {
        hole: 1,
        par: 4,
        shots: [
          { from: 'T', dist: 402, to: 'F' },
          { from: 'F', dist: 148, to: 'G' },
          { from: 'G', dist: 24, to: 'G' },
          { from: 'G', dist: 3, to: 'I' },
        ],
      },
      {
        hole: 2,
        par: 3,
        shots: [
          { from: 'T', dist: 165, to: 'G' },
          { from: 'G', dist: 12, to: 'I' },
        ],
      },
    ],
  },
};

test('a coach invites a player who registers from the mail, gets a premium seat, shares a round and appears in the team views', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = freshEmail('invited.player');
  const password = 'lofted wedge at dawn 42';

  // The coach invites by e-mail from Org. Management.
  await logIn(page, DEMO_ACCOUNTS.coach);
  await menu(page).getByRole('link', { name: 'Org. Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Org. Management' })).toBeVisible();
  await expect(page.getByTestId('premium-seats')).toContainText('3 of 10');
  await expectNoAxeViolations(page, '/org-management');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(email);

  // The mailed link, opened by someone without an account.
  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailMatching(email, /invited you to join Holeout Academy/)), { timeout: 15_000 }).toBeTruthy();
  const inviteId = /\/invite\?invite_id=(\d+)/.exec(decodeQuotedPrintable(mail!))?.[1];
  expect(inviteId).toBeTruthy();

  const playerContext = await browser.newContext({ viewport: MOBILE_VIEWPORT });
  const player = await playerContext.newPage();
  await player.goto(`/invite?invite_id=${inviteId}`);
  await expect(player.getByText('You have been invited to join an organisation on Holeout')).toBeVisible();
  await expectNoAxeViolations(player, '/invite (signed out)');
  await player.getByRole('link', { name: 'Create account' }).click();
  await expect(player).toHaveURL(/\/registration\?/);
  await player.getByLabel('First name').fill('Nia');
  await player.getByLabel('Last name').fill('Newcomer');
  await player.getByLabel('Email').fill(email);
  await player.getByLabel('Password', { exact: true }).fill(password);
  await player.getByRole('button', { name: 'Create account' }).click();
  await expect(player).toHaveURL(/\/verify-user/);
  let codeMail: string | undefined;
  await expect.poll(() => (codeMail = newestMailMatching(email, /\b\d{6}\b/)), { timeout: 15_000 }).toBeTruthy();
  await player.getByLabel('Verification code').fill(codeFromMail(codeMail!));
  await player.getByRole('button', { name: 'Verify' }).click();
  // Verifying signs this browser in; the first-run Set up comes once (skipped here), then the invitation.
  await expect(player).toHaveURL(/\/setup\?next=/);
  await player.getByRole('button', { name: 'Skip' }).click();

  // Back on the invitation, signed in: accept it.
  await expect(player).toHaveURL(new RegExp(`/invite\\?invite_id=${inviteId}`));
  await expect(player.getByText('Holeout Academy').first()).toBeVisible();
  await expectNoAxeViolations(player, '/invite');
  await player.getByRole('button', { name: 'Accept' }).click();
  await expect(player).toHaveURL(/\/org-info/);
  await expect(player.getByRole('heading', { name: 'Holeout Academy' })).toBeVisible();
  await expectNoAxeViolations(player, '/org-info');
  await expect(menu(player).getByRole('link', { name: 'Calendar' })).toHaveCount(0);

  // The coach is told, sees the new member and gives them a premium seat.
  await page.goto('/org-management');
  const members = page.getByRole('list', { name: 'Members of Holeout Academy' });
  await expect(members).toContainText('Nia Newcomer');
  await page.getByRole('radiogroup', { name: 'Seat for Nia Newcomer' }).getByText('Premium', { exact: true }).click();
  await expect(page.getByTestId('premium-seats')).toContainText('4 of 10');

  // The player now has premium access: Calendar, Drills and AI Coach in the menu.
  await player.reload();
  await expect(menu(player).getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(menu(player).getByRole('link', { name: 'Drills' })).toBeVisible();
  await expect(menu(player).getByRole('link', { name: 'AI Coach' })).toBeVisible();

  // A private round, then shared with the coaches from its page.
  const token = await player.evaluate(() => localStorage.getItem('token'));
  const created = await player.request.post('/v4/events', { headers: { Authorization: `Bearer ${token}` }, data: ROUND });
  expect(created.status()).toBe(200);
  const eventId = ((await created.json()) as { event_id: number }).event_id;
  await player.goto(`/event?event_id=${eventId}`);
  await player.getByRole('button', { name: 'Share' }).click();
  await player.getByLabel('Who can see it').selectOption('SHARE_COACHES');
  await player.getByRole('button', { name: 'Save sharing' }).click();
  await expect(player.getByRole('dialog')).toHaveCount(0);

  // The coach's menu shows unread notifications (refreshed on the next page); opening this one leads to the round.
  await menu(page).getByRole('link', { name: 'Events' }).click();
  await expect(menu(page).getByTestId('unread-alert')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const notice = page.getByRole('link', { name: /New A round was shared with you/ }).first();
  await expect(notice).toContainText('Nia Newcomer shared "Medal at Pine Valley"');
  await expectNoAxeViolations(page, '/notifications');
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/event\\?event_id=${eventId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Medal at Pine Valley' })).toBeVisible();

  // The team views: the coach picks the player and sees their column.
  await page.goto('/group');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '/group');
  await page.getByRole('checkbox', { name: /Nia Newcomer/ }).check();
  await page.getByRole('button', { name: 'Save team' }).click();
  await expect(page.getByText(/Team saved: \d+ players?/)).toBeVisible();
  await page.goto('/team-scoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Team scoring' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nia Newcomer' }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/team-scoring');
  await page.getByRole('link', { name: 'Nia Newcomer' }).first().click();
  await expect(page).toHaveURL(/\/player-scoring\?uid=\d+/);
  await expect(page.getByText('Statistics of Nia Newcomer')).toBeVisible();

  // The player's notification settings: per type, e-mail and push.
  await player.goto('/notification-settings');
  await expect(player.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(player, '/notification-settings');
  expect(newestMailTo(email)).toBeTruthy();
  await playerContext.close();
});
