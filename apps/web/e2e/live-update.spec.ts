import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fireNativeEvent, installFakeNativeBridge, nativeCalls, type NativeHandlerMap } from './fake-native-bridge.ts';
import { expectNoAxeViolations, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * Live updates in the app shell, end to end but for the native bundle manager: `npm run bundle`
 * publishes the built web app into the test server's storage; a fake of @capgo/capacitor-updater
 * (on the fake native bridge) does what the plugin does natively: it sends the plugin's request to
 * POST /v4/updates, downloads the zip from the url answered and refuses it when its sha256 is not the
 * checksum. The app decides when to check, download and apply.
 */

const repoRoot = resolve(import.meta.dirname, '../../..');
let published = '';

test.beforeAll(() => {
  // The server under test keeps its storage in HOLEOUT_E2E_DATA_DIR and answers at baseURL (playwright.config.ts).
  const baseURL = String(test.info().project.use.baseURL);
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/scripts/bundle.ts', '--platform', 'android'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: process.env.HOLEOUT_E2E_DATA_DIR, PUBLIC_URL: baseURL, S3_URL: '' },
  });
  published = /published app\.holeout (\S+) for android/.exec(output)?.[1] ?? '';
  expect(published).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]+$/);
});

/** The updater plugin as it behaves natively, over the real update service. Self-contained: it runs in the page. */
const UPDATER: NativeHandlerMap = {
  CapacitorUpdater: {
    notifyAppReady: (_options, native) => ({ bundle: { id: 'builtin', version: native.state.version, status: 'success' } }),
    current: (_options, native) => ({
      bundle: { id: 'builtin', version: native.state.version, status: 'success', downloaded: '', checksum: '' },
      native: '0.0.1',
    }),
    getLatest: async (_options, native) => {
      const response = await fetch('/v4/updates', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          platform: 'android',
          device_id: 'e2e-device',
          app_id: 'app.holeout',
          custom_id: '',
          version_build: '0.0.1',
          version_code: '1',
          version_os: '14',
          version_name: native.state.version,
          plugin_version: '7.51.21',
          is_emulator: true,
          is_prod: false,
          defaultChannel: '',
        }),
      });
      const answer = (await response.json()) as Record<string, string>;
      // As the plugin: an error answer of kind up_to_date resolves, any other error rejects.
      if (answer.error && answer.kind !== 'up_to_date') throw new Error(answer.error);
      if (answer.error) return { ...answer, version: native.state.version };
      return { version: answer.version, url: answer.url, checksum: answer.checksum, sessionKey: answer.session_key };
    },
    download: async (options, native) => {
      const bytes = new Uint8Array(await (await fetch(String(options.url))).arrayBuffer());
      // A bundle damaged on the way: one more byte than the server sent.
      const received = native.state.damaged ? new Uint8Array([...bytes, 0]) : bytes;
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', received));
      const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
      if (hex !== options.checksum) throw new Error(`Checksum failed: ${String(options.version)}`);
      native.state.downloadedBytes = bytes.length;
      return { id: 'bundle-1', version: options.version, checksum: hex, status: 'pending', downloaded: '' };
    },
    set: (_options, native) => {
      if (native.state.setFails) throw new Error('The bundle has no index.html');
      return undefined;
    },
  },
};

async function openApp(page: Page, state: Record<string, unknown>) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.setViewportSize(MOBILE_VIEWPORT);
  await installFakeNativeBridge(page, { platform: 'android', state, plugins: UPDATER });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  return warnings;
}

const updaterCalls = async (page: Page, method?: string) => nativeCalls(page, 'CapacitorUpdater', method);
const goToBackground = (page: Page) => fireNativeEvent(page, 'App', 'appStateChange', { isActive: false });

test('a newer bundle is downloaded when the app starts and applied when it goes to the background', async ({ page }) => {
  await openApp(page, { version: '0.0.1' });
  await expect.poll(async () => (await updaterCalls(page, 'download')).length).toBe(1);
  const [download] = await updaterCalls(page, 'download');
  expect(download!.options).toMatchObject({ version: published, url: expect.stringMatching(/\/v4\/updates\/bundles\/[0-9a-f]{64}\.zip$/) });
  expect(
    await page.evaluate(
      () => (window as unknown as { __fakeNative: { state: Record<string, number> } }).__fakeNative.state.downloadedBytes,
    ),
  ).toBeGreaterThan(1000);
  // The boot is confirmed before anything else the updater does (a bundle that never confirms rolls back).
  expect((await updaterCalls(page)).map((c) => c.method)).toEqual(['notifyAppReady', 'getLatest', 'current', 'download']);
  await expectNoAxeViolations(page, 'login with a live update downloaded');

  expect(await updaterCalls(page, 'set')).toHaveLength(0);
  await goToBackground(page);
  await expect.poll(async () => (await updaterCalls(page, 'set')).map((c) => c.options)).toEqual([{ id: 'bundle-1' }]);
});

test('a device running the newest bundle downloads nothing', async ({ page }) => {
  await openApp(page, { version: published });
  await expect.poll(async () => (await updaterCalls(page)).map((c) => c.method)).toEqual(['notifyAppReady', 'getLatest']);
  await goToBackground(page);
  // Back in the foreground it checks again. One check runs at a time, and the first may still be
  // reading the current version when the event comes (a loaded machine): the app comes back until it has.
  await expect
    .poll(async () => {
      await fireNativeEvent(page, 'App', 'appStateChange', { isActive: true });
      return (await updaterCalls(page, 'getLatest')).length;
    })
    .toBeGreaterThanOrEqual(2);
  expect(await updaterCalls(page, 'download')).toHaveLength(0);
  expect(await updaterCalls(page, 'set')).toHaveLength(0);
  await expectNoAxeViolations(page, 'login, app current');
});

test('a download refused for its checksum is only logged: nothing is applied, and the next activation tries again', async ({ page }) => {
  const warnings = await openApp(page, { version: '0.0.1', damaged: true });
  await expect.poll(() => warnings.some((w) => w.startsWith('Content update download failed'))).toBe(true);
  await goToBackground(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(await updaterCalls(page, 'set')).toHaveLength(0);
  await expectNoAxeViolations(page, 'login after a refused download');

  await page.evaluate(() => {
    (window as unknown as { __fakeNative: { state: Record<string, unknown> } }).__fakeNative.state.damaged = false;
  });
  await fireNativeEvent(page, 'App', 'appStateChange', { isActive: true });
  await expect.poll(async () => (await updaterCalls(page, 'download')).length).toBe(2);
  await goToBackground(page);
  await expect.poll(async () => (await updaterCalls(page, 'set')).length).toBe(1);
});

test('when applying fails the splash screen is hidden and the app keeps running', async ({ page }) => {
  const warnings = await openApp(page, { version: '0.0.1', setFails: true });
  await expect.poll(async () => (await updaterCalls(page, 'download')).length).toBe(1);
  // Start-up hides the splash screen once; the failed apply must hide it again.
  await expect.poll(async () => (await nativeCalls(page, 'SplashScreen', 'hide')).length).toBeGreaterThan(0);
  const hidesBefore = (await nativeCalls(page, 'SplashScreen', 'hide')).length;
  await goToBackground(page);
  await expect.poll(async () => (await nativeCalls(page, 'SplashScreen', 'hide')).length).toBe(hidesBefore + 1);
  expect(warnings.some((w) => w.startsWith('Applying the content update failed'))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expectNoAxeViolations(page, 'login after a failed apply');
});
