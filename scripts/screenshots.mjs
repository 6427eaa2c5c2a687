#!/usr/bin/env node
// Writes the README's screenshots (docs/screenshots/*.png) from the real product: starts it on a
// throw-away data directory with the demo accounts, opens each page in Debian's Chromium as a golfer
// would (phone pages at 390 px, desk pages at 1280 px) and saves PNGs.
// Usage: node scripts/screenshots.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { demoLogin, waitForProduct } from './demo-product.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs/screenshots');
const port = 3300 + (process.pid % 50);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'holeout-shots-'));
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** Runs the AI coach's diagnosis of the logged-in player, so the AI Coach pages show one. */
async function diagnose({ token, uid }) {
  const res = await fetch(`${base}/v4/ai/diagnose?players=${uid}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`diagnose answered ${res.status}`);
}

async function shoot(browser, { name, path, viewport, email, ready, prepare }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  if (email) {
    const login = await demoLogin(base, email);
    if (prepare) await prepare(login);
    await context.addInitScript((t) => window.localStorage.setItem('token', t), login.token);
  }
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: false });
  await context.close();
  console.log(`wrote docs/screenshots/${name}.png`);
}

/** A statistics page is ready when no skeleton is left. */
async function statsReady(page) {
  await page
    .getByLabel(/^Loading/)
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid="card-skeleton"]'));
}

/** Ready as a statistics page, then scrolled so that what `target` finds is at the top of the screen, under the app bar. */
function scrolledTo(target) {
  return async (page) => {
    await statsReady(page);
    await target(page).evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72));
  };
}

try {
  await waitForProduct(base, 300);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const shots = [
    { name: 'login', path: '/login', viewport: PHONE },
    { name: 'how-to', path: '/how-to', viewport: DESK },
    { name: 'home-premium', path: '/', viewport: DESK, email: 'premium@holeout.demo' },
    {
      name: 'my-profile',
      path: '/account',
      viewport: PHONE,
      email: 'premium@holeout.demo',
      ready: (page) => page.getByRole('heading', { name: 'Sessions' }).waitFor(),
    },
    { name: 'events', path: '/events', viewport: PHONE, email: 'premium@holeout.demo' },
    { name: 'premium-needed', path: '/calendar', viewport: PHONE, email: 'player@holeout.demo' },
    { name: 'statistics', path: '/home', viewport: PHONE, email: 'premium@holeout.demo', ready: statsReady },
    { name: 'statistics-desk', path: '/home', viewport: DESK, email: 'premium@holeout.demo', ready: statsReady },
    { name: 'miss-stats', path: '/miss-stats', viewport: PHONE, email: 'premium@holeout.demo', ready: statsReady },
    { name: 'player-putting', path: '/player-putting', viewport: DESK, email: 'premium@holeout.demo', ready: statsReady },
    { name: 'org-management', path: '/org-management', viewport: PHONE, email: 'coach@holeout.demo', ready: statsReady },
    { name: 'team-putting', path: '/team-putting', viewport: DESK, email: 'coach@holeout.demo', ready: statsReady },
    {
      name: 'team-scoring-phone',
      path: '/team-scoring',
      viewport: PHONE,
      email: 'coach@holeout.demo',
      ready: scrolledTo((page) => page.getByLabel('Highlight a player')),
    },
    {
      name: 'player-scoring',
      path: '/player-scoring?range=season',
      viewport: PHONE,
      email: 'premium@holeout.demo',
      ready: scrolledTo((page) => page.getByText('18-hole rounds', { exact: true })),
    },
    { name: 'notifications', path: '/notifications', viewport: PHONE, email: 'premium@holeout.demo', ready: statsReady },
    // The demo library's first drill is the premium player's Putting ladder; the ninth the academy's 50-putt test.
    { name: 'drills', path: '/drills', viewport: PHONE, email: 'premium@holeout.demo', ready: statsReady },
    { name: 'drillprogress', path: '/drillprogress?drill_id=1', viewport: PHONE, email: 'premium@holeout.demo', ready: statsReady },
    { name: 'calendar', path: '/calendar', viewport: DESK, email: 'premium@holeout.demo', ready: statsReady },
    { name: 'drillresults-team', path: '/drillresults-team?drill_id=9', viewport: DESK, email: 'coach@holeout.demo', ready: statsReady },
    { name: 'subscriptions', path: '/subscriptions', viewport: PHONE, email: 'player@holeout.demo', ready: statsReady },
    { name: 'subscriptions-coach', path: '/subscriptions', viewport: DESK, email: 'coach@holeout.demo', ready: statsReady },
    { name: 'ai-coach', path: '/ai-coach', viewport: PHONE, email: 'premium@holeout.demo', prepare: diagnose, ready: statsReady },
    { name: 'ai-diagnosis', path: '/ai-coach/diagnosis?diagnosis_id=1', viewport: DESK, email: 'premium@holeout.demo', ready: statsReady },
  ];
  for (const shot of shots) await shoot(browser, shot);
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
