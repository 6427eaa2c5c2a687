import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { codeFromMail, newestMailTo } from './outbox.ts';

export const DEMO_PASSWORD = 'holeout-demo';
export const DEMO_ACCOUNTS = {
  player: 'player@holeout.demo',
  premium: 'premium@holeout.demo',
  coach: 'coach@holeout.demo',
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export const MOBILE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

export const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Logs in through the login page and waits for the signed-in root page. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

/**
 * Registers a new account and confirms its address with the mailed code, which signs this browser
 * in; skips the first-run Set up and waits for the signed-in root page.
 */
export async function registerAndLogIn(
  page: Page,
  account: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<void> {
  await page.goto('/registration');
  if (account.firstName) await page.getByLabel('First name').fill(account.firstName);
  if (account.lastName) await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-user/);
  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailTo(account.email)), { timeout: 15_000 }).toBeTruthy();
  await page.getByLabel('Verification code').fill(codeFromMail(mail!));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/setup/);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
}

/** A unique address for a throw-away account. */
export function freshEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The axe rule sets of WCAG 2.2 AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe (WCAG 2.2 AA) finds nothing on the page once nothing on it is loading. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = result.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' ')}`));
  expect(found, found.join('\n')).toEqual([]);
}

/** How many of the account's rounds (of the page's signed-in user) were played at `course`, read from the API. */
export async function roundsAtCourse(page: Page, course: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/v4/events?types=ROUND&limit=200', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const { events } = (await response.json()) as { events: { round: { course?: string } | null }[] };
  return events.filter((event) => event.round?.course === course).length;
}
