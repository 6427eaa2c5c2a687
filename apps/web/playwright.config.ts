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

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // npm test asks for a JSON report too (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
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
  webServer: {
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
    },
  },
});
