import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, menu, MOBILE_VIEWPORT, roundsAtCourse } from './helpers.ts';

/**
 * The installed app with one bar of signal, in Chromium at 390 px with its service worker: after
 * one visit the app opens with no network at all, signed in, its pages showing the data they last
 * loaded with the time they loaded it; Add Round saves a round offline and sends it once when the
 * network is back. A new version of the app installs beside the running one and waits: it only
 * takes over once every window of the app has closed.
 */

test.use({ viewport: MOBILE_VIEWPORT, serviceWorkers: 'allow' });

/** What the app keeps of its pages' data in IndexedDB, as text ('' while nothing is kept). */
function keptPageData(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('holeout-queries');
        open.onupgradeneeded = () => open.result.createObjectStore('cache');
        open.onsuccess = () => {
          const read = open.result.transaction('cache').objectStore('cache').get('last');
          read.onsuccess = () => resolve(read.result ? JSON.stringify(read.result) : '');
          read.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}

test('after one visit the app opens offline with its last data, and a round entered offline is sent once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const app = (await manifest.json()) as {
    name: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: { src: string; purpose: string }[];
  };
  expect(app).toMatchObject({ name: 'Holeout', display: 'standalone', theme_color: '#447ec9', start_url: '/' });
  expect(app.icons.map((icon) => icon.purpose)).toEqual(expect.arrayContaining(['any', 'maskable']));
  for (const icon of app.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto('/home');
  const scoring = page.getByTestId('stat-scoring_avg').getByTestId('stat-value');
  await expect(scoring).toHaveText(/\d/);
  const figure = await scoring.textContent();
  // The worker installed (every file of the app precached) and controls the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((name) => name.includes('precache')) ?? '');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(precached).toContain('/index.html');
  expect(precached.filter((path) => path.startsWith('/assets/') && path.endsWith('.js')).length).toBeGreaterThan(50);
  await expect.poll(() => keptPageData(page), { timeout: 15_000 }).toContain('scoring_avg');

  // No network at all: the app opens, signed in, with the figures it showed and when they were loaded.
  // First the picture of the page as it was last drawn (app-start.js paints it before the app starts),
  // gone once the app has drawn the page itself.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as { paintedPicture?: boolean }).paintedPicture = document.getElementById('page-snapshot') !== null;
    }),
  );
  await context.setOffline(true);
  await page.reload();
  await expect(scoring).toHaveText(figure ?? '');
  expect(await page.evaluate(() => (window as { paintedPicture?: boolean }).paintedPicture)).toBe(true);
  await expect(page.locator('#page-snapshot')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Offline, shown as of' })).toBeVisible();
  await expectNoAxeViolations(page, '/home offline');

  // Add Round, never opened before in this browser, comes from the worker's cache.
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await menu(page).getByRole('link', { name: 'Add Round' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Round' })).toBeVisible();
  const course = `Signal Hill ${Date.now()}`;
  const result = page.getByRole('group', { name: 'Result' });
  const distance = page.getByRole('textbox', { name: 'Distance', exact: true });
  await page.getByRole('textbox', { name: 'Course' }).fill(course);
  await page.getByRole('button', { name: 'Par 4' }).click();
  await distance.fill('385');
  await result.getByRole('button', { name: 'Fairway' }).click();
  await distance.fill('131');
  await result.getByRole('button', { name: 'Green', exact: true }).click();
  await page.getByRole('group', { name: 'Putt length' }).getByRole('button', { name: '3 ft', exact: true }).click();
  await result.getByRole('button', { name: 'Holed' }).click();
  await page.getByRole('button', { name: 'Save round' }).click();
  await expect(page.getByText('1 round waiting to be sent')).toBeVisible();
  await expectNoAxeViolations(page, '/scanner offline');

  // Signal again: the outbox sends it by itself, once.
  await context.setOffline(false);
  await expect(page.getByText('1 round waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => roundsAtCourse(page, course)).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);

  // Logout drops the kept page data with the other caches.
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await menu(page).getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => keptPageData(page)).toBe('');
});

/**
 * The app shell's revisions in the worker's precache. A new release's worker adds its revision when
 * it installs; the old one's goes only when the new worker activates.
 */
function shellRevisions(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((name) => name.includes('precache')) ?? '');
    return (await cache.keys())
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === '/index.html')
      .map((url) => url.searchParams.get('__WB_REVISION__') ?? '')
      .sort();
  });
}

/**
 * Publishes the next release as a deployment does, on the server's disk: the built worker (and its
 * precompressed copies) with a new app shell revision. Returns the undo.
 */
function publishNextRelease(): () => void {
  const dist = join(import.meta.dirname, '../dist');
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => join(dist, name));
  const saved = files.map((file) => readFileSync(file));
  const current = saved[0]!.toString('utf8');
  const next = current.replace(/"revision":"[0-9a-f]+","url":"index.html"/, '"revision":"next-release","url":"index.html"');
  expect(next).not.toBe(current);
  writeFileSync(files[0]!, next);
  writeFileSync(files[1]!, brotliCompressSync(next));
  writeFileSync(files[2]!, gzipSync(next));
  return () => files.forEach((file, i) => writeFileSync(file, saved[i]!));
}

const waitingWorker = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);

test('a new version installs beside the running app and takes over at the next open, never mid-round', async ({ page, context }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto('/scanner');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  const [running] = await shellRevisions(page);
  expect(running).toMatch(/^[0-9a-f]{32}$/);

  // A round in progress when the next release is published (its worker precaches a new app shell).
  await page.getByRole('textbox', { name: 'Course' }).fill(`Release Links ${Date.now()}`);
  await page.getByRole('button', { name: 'Par 4' }).click();
  const restore = publishNextRelease();
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect.poll(() => waitingWorker(page), { timeout: 60_000 }).toBe('installed');
    // Installed and waiting: the round goes on with the app it started with, also after a reload.
    expect(await shellRevisions(page)).toEqual(['next-release', running].sort());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Round' })).toBeVisible();
    expect(await waitingWorker(page)).toBe('installed');
    expect(await shellRevisions(page)).toContain(running);

    // Every window closed: the next open runs the new version, and the old one is gone.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/scanner');
    await expect(reopened.getByRole('heading', { level: 1, name: 'Add Round' })).toBeVisible();
    await expect.poll(() => shellRevisions(reopened), { timeout: 30_000 }).toEqual(['next-release']);
    expect(await waitingWorker(reopened)).toBeNull();
  } finally {
    restore();
  }
});
