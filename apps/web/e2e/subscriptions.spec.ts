import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, menu, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Subscriptions (issue 11), on a phone: the free demo player opens Subscribe, upgrades to Premium
 * yearly through the demo checkout (the same signed webhook path a Stripe payment takes), and sees
 * Calendar, Drills and AI Coach appear in the menu while Subscribe goes. Then, from My Profile, the
 * demo portal ends the subscription now and the player is back on the free tier (so the specs after
 * this one find the free player they expect). axe on every step.
 */

test.use({ viewport: MOBILE_VIEWPORT });

async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(menu(page).getByRole('link', { name: 'My Profile' })).toBeVisible();
}

async function closeMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Toggle menu' }).click();
}

test('the free player upgrades to Premium through the demo checkout, and ends it again', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.player);

  // Free tier: Subscribe in the menu, no Calendar, Drills or AI Coach.
  await openMenu(page);
  for (const premiumOnly of ['Calendar', 'Drills', 'AI Coach'])
    await expect(menu(page).getByRole('link', { name: premiumOnly })).toHaveCount(0);
  await menu(page).getByRole('link', { name: 'Subscribe' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe' })).toBeVisible();
  await expect(page.getByText('Demo payments', { exact: false }).first()).toBeVisible();
  const premium = page.getByRole('region', { name: 'Premium' });
  await expect(premium.getByText('$19.99')).toBeVisible();
  await expect(premium.getByText('$199.99')).toBeVisible();
  await expect(premium.getByText('Save 17%')).toBeVisible();
  await expectNoAxeViolations(page, '/subscriptions');

  // Checkout: the API answers the demo checkout's address; pay there.
  await premium.getByRole('button', { name: 'Subscribe yearly to Premium' }).click();
  await expect(page).toHaveURL(/demo_checkout=cs_demo_/);
  const pay = page.getByRole('button', { name: 'Pay $199.99 (demo)' });
  await expect(pay).toBeVisible();
  await expectNoAxeViolations(page, '/subscriptions demo checkout');
  await pay.click();
  await expect(page.getByText('You are now on Premium')).toBeVisible();
  // The plan just bought is marked and not offered again.
  await expect(premium.getByText('Your plan')).toBeVisible();
  await expect(premium.getByRole('button', { name: 'Subscribe yearly to Premium' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/subscriptions after paying');

  // Premium: the three pages appear, Subscribe goes.
  await openMenu(page);
  for (const premiumOnly of ['Calendar', 'Drills', 'AI Coach'])
    await expect(menu(page).getByRole('link', { name: premiumOnly })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Subscribe' })).toHaveCount(0);
  await menu(page).getByRole('link', { name: 'Drills' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Drills' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New drill' })).toBeVisible();

  // A subscriber manages the plan from My Profile: the demo portal ends it now.
  await openMenu(page);
  await menu(page).getByRole('link', { name: 'My Profile' }).click();
  await page.getByRole('link', { name: 'Plans and your subscription' }).click();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/demo_portal=bps_demo_/);
  await expectNoAxeViolations(page, '/subscriptions demo portal');
  // Cancelling at the period end names the end date; once pressed it is done and is not offered again
  // (Resume renewal takes its place), and the plan stays active until that date.
  const cancelAtEnd = page.getByRole('button', { name: /^Cancel at period end \(.+\)$/ });
  await expect(cancelAtEnd).toBeVisible();
  const endDate = (await cancelAtEnd.textContent())!.match(/\((.+)\)/)![1]!;
  await cancelAtEnd.click();
  await expect(page.getByText('Your subscription will not renew')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cancel at period end/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resume renewal' })).toBeVisible();
  await expect(page.getByTestId('demo-portal')).toContainText(`Ends on ${endDate}`);
  await expectNoAxeViolations(page, '/subscriptions demo portal, cancelled at the period end');
  // Ending at once asks first.
  await page.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByText('End your subscription now?')).toBeVisible();
  await expectNoAxeViolations(page, '/subscriptions demo portal, ending now');
  await page.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByText('Your subscription has ended.')).toBeVisible();
  await openMenu(page);
  await expect(menu(page).getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Drills' })).toHaveCount(0);
  await closeMenu(page);
});
