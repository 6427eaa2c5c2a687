import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The browser tests run the real product (`node scripts/start.mjs`: built web app + API on a fresh
// embedded database) in Debian's Chromium. Never `playwright install`: there is no network for it.
const repoRoot = resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3100);
// Set once in the runner process; the workers inherit it, so tests read the same outbox the server writes.
process.env.HOLEOUT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'holeout-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;
// The fake Firebase token service (e2e/fake-firebase-server.mjs): the API verifies the ID tokens it signs;
// federated-sign-in.spec.ts finds it at the same port.
const firebasePort = port + 50;
const FAKE_FIREBASE_URL = `http://127.0.0.1:${firebasePort}`;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two projects. "pages" (the axe scan of every page as each account) only reads, so its tests
  // run two at a time; "flows" change the demo data as users do, so they run one at a time, after it.
  workers: 2,
  projects: [
    { name: 'pages', testMatch: /accessibility\.spec\.ts$/, fullyParallel: true, workers: 2 },
    { name: 'flows', testIgnore: /accessibility\.spec\.ts$/, workers: 1, dependencies: ['pages'] },
  ],
  retries: process.env.CI ? 1 : 0,
  // npm test asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    // The app's service worker precaches every chunk after the first page loads and then answers
    // requests itself, out of reach of page.route. Tests about the worker (web push, the installed
    // app offline) allow it; the rest run as a browser without one.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node apps/web/e2e/fake-firebase-server.mjs holeout-e2e',
      cwd: repoRoot,
      url: `${FAKE_FIREBASE_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_FIREBASE_PORT: String(firebasePort) },
    },
    {
      command: 'node scripts/start.mjs',
      cwd: repoRoot,
      url: `${baseURL}/v4/openapi.json`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: process.env.HOLEOUT_E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
        SEED_DEMO: 'true',
        // The web push test's browser subscribes at this (fake) push service.
        WEB_PUSH_HOSTS: 'push.example.com',
        LOG_LEVEL: 'warn',
        // Sign-in with Google, Apple and Microsoft against the fake token service.
        FIREBASE_PROJECT_ID: 'holeout-e2e',
        FIREBASE_JWKS_URL: `${FAKE_FIREBASE_URL}/jwks`,
        FIREBASE_API_KEY: 'e2e-web-key',
        FIREBASE_AUTH_DOMAIN: 'holeout-e2e.firebaseapp.com',
      },
    },
  ],
});
