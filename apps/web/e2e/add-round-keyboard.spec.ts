import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Add Round on a phone with the number pad up: the keyboard is simulated by shrinking the viewport
 * to 390 x 400 once the distance field has the focus (the visual viewport shrinks the same way when
 * a soft keyboard opens). The Result buttons must stay on screen, above it, and the field too.
 */
test('with the number pad up, the Result buttons stay above it and Enter moves on to them, at 390 px', async ({ page }) => {
  await page.setViewportSize(MOBILE_VIEWPORT);
  await logIn(page, DEMO_ACCOUNTS.player);
  await page.goto('/scanner');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Round' })).toBeVisible();
  const par = page.getByRole('group', { name: 'Par' });
  await par.getByRole('button', { name: 'Par 4' }).click();
  const distance = page.getByRole('textbox', { name: 'Distance', exact: true });
  await expect(distance).toHaveAttribute('inputmode', 'decimal');
  await expect(distance).toHaveAttribute('enterkeyhint', 'next');
  await distance.focus();
  await distance.fill('385');
  await expectNoAxeViolations(page, '/scanner with the distance focused (390 x 844)');

  await page.setViewportSize({ width: MOBILE_VIEWPORT.width, height: 400 });
  const result = page.getByRole('group', { name: 'Result' });
  for (const name of ['Fairway', 'Out of bounds']) await expect(result.getByRole('button', { name, exact: true })).toBeInViewport();
  await expect(distance).toBeInViewport();
  await expect(distance).toBeFocused();
  await expectNoAxeViolations(page, '/scanner with the number pad up (390 x 400)');

  // Enter (the keypad's Next) moves on to the first result.
  await distance.press('Enter');
  await expect(result.getByRole('button').first()).toBeFocused();
});
