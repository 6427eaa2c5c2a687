import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;

test('/login loads neither zod nor Capacitor, and at most 200 kB (gzip) of JavaScript', async ({ page }) => {
  const scripts: { name: string; body: Promise<Buffer> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ name: new URL(response.url()).pathname.split('/').pop() ?? '', body: response.body() });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const names = scripts.map((s) => s.name);
  expect(names.some((name) => name.startsWith('login-page'))).toBe(true);
  expect(names.filter((name) => /^vendor-(zod|capacitor)/.test(name))).toEqual([]);
  const gzipped = (await Promise.all(scripts.map((s) => s.body))).reduce((total, body) => total + gzipSync(body).length, 0);
  expect(gzipped, `first-page JavaScript: ${(gzipped / 1024).toFixed(1)} kB gzip`).toBeLessThanOrEqual(BUDGET_BYTES);
});

test('/registration with the strength check at work loads at most 250 kB (gzip) of JavaScript, and asks the server for the judgement', async ({
  page,
}) => {
  const scripts: Promise<Buffer>[] = [];
  const checks: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body());
    if (new URL(response.url()).pathname === '/v4/account/password_strength') checks.push(String(response.status()));
  });
  await page.goto('/registration');
  await page.getByLabel('Password', { exact: true }).fill('fairway-finder-42');
  await expect(page.getByText('Strength: Very strong')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(checks).toContain('200');
  const gzipped = (await Promise.all(scripts)).reduce((total, body) => total + gzipSync(body).length, 0);
  expect(gzipped, `registration JavaScript: ${(gzipped / 1024).toFixed(1)} kB gzip`).toBeLessThanOrEqual(250 * 1024);
  console.log(`registration JavaScript with the strength check: ${(gzipped / 1024).toFixed(1)} kB gzip`);
});
