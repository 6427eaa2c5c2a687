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
