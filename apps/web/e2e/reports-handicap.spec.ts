import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { installFakeNativeBridge, nativeCalls, setNativeState } from './fake-native-bridge.ts';
import { DEMO_ACCOUNTS, expectNoAxeViolations, freshEmail, logIn, MOBILE_VIEWPORT, registerAndLogIn } from './helpers.ts';

/**
 * Reports, the handicap index and a golfer's data on a phone (390 px), axe at each state: the
 * premium demo player's handicap card on Statistics, Share report downloaded (a PDF) and mailed,
 * Download my data (a zip) on My Profile; a new golfer imports a two-hole round on Events and finds
 * it listed; in the phone app (a fake native bridge), both files go to the share sheet.
 */

test.use({ viewport: MOBILE_VIEWPORT });

/** The first bytes of a downloaded file. */
async function firstBytes(download: Download, count: number): Promise<string> {
  const path = await download.path();
  return readFileSync(path).subarray(0, count).toString('latin1');
}

async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
}

test('the premium player reads the handicap index, downloads and mails a report, and downloads their data', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto('/home');
  await settled(page, 'Statistics');

  // The demo courses are rated: the premium player has an index, the differentials that count marked in words.
  const card = page.getByRole('region', { name: 'Handicap index' });
  await expect(card.getByTestId('handicap-index')).toHaveText(/^\+?\d+\.\d$/);
  const differentials = card.getByRole('table', { name: /Score differentials/ });
  await expect(differentials.getByRole('cell', { name: 'Counted', exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: /^(Use as my custom target|This is your custom target)$/ })).toBeVisible();
  // Premium includes Basic: the history is drawn, with its table.
  await expect(page.getByRole('region', { name: 'Handicap index history' }).getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page, '/home with the handicap card');

  // Share report, downloaded: a PDF.
  await page.getByRole('button', { name: 'Share report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share report' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Download (PDF)' }).check();
  await expectNoAxeViolations(page, 'Share report');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download report' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/^holeout-report-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(await firstBytes(pdf, 5)).toBe('%PDF-');
  await expect(dialog.getByText('Report downloaded')).toBeVisible();

  // Mailed to the player's own address; the choice is remembered for the next report.
  await dialog.getByRole('radio', { name: 'E-mail it' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Report on its way')).toBeVisible();
  await expect(dialog.getByText(`will be sent to ${DEMO_ACCOUNTS.premium}`)).toBeVisible();
  await expectNoAxeViolations(page, 'Share report mailed');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('savedReportDelivery'))).toBe('email');

  // My Profile: Download my data, a zip.
  await page.goto('/account');
  await settled(page, 'My Profile');
  const data = page.getByRole('region', { name: 'Your data' });
  await expect(data.getByText(/every round shot by shot/)).toBeVisible();
  const exporting = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download my data' }).click();
  const zip = await exporting;
  expect(zip.suggestedFilename()).toMatch(/^holeout-export-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(await firstBytes(zip, 2)).toBe('PK');
  await expect(data.getByText(/Your data is downloaded/)).toBeVisible();
  await expectNoAxeViolations(page, '/account with Download my data');
});

test('a golfer imports a two-hole round from a CSV on Events and finds it listed', async ({ page }) => {
  test.setTimeout(120_000);
  await registerAndLogIn(page, {
    email: freshEmail('import'),
    password: 'a long import password 42',
    firstName: 'Ida',
    lastName: 'Import',
  });
  const course = `Import Links ${Date.now()}`;
  const day = new Date().toISOString().slice(0, 10);
  const header = 'event_id,date,course,hole,par,shot,start_lie,start_dist,end_lie,end_dist,penalty';
  const shots = [
    [1, 3, 1, 'T', 150, 'G', 12],
    [1, 3, 2, 'G', 12, 'I', 0],
    [2, 4, 1, 'T', 380, 'F', 130],
    [2, 4, 2, 'F', 130, 'G', 20],
    [2, 4, 3, 'G', 20, 'I', 0],
  ].map(([hole, par, shot, from, dist, to, end]) => `r1,${day},${course},${hole},${par},${shot},${from},${dist},${to},${end},0`);
  const csv = `${[header, ...shots].join('\n')}\n`;

  await page.goto('/events');
  await settled(page, 'Events');
  await page.getByRole('button', { name: 'Import rounds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import rounds' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'Import rounds');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'rounds.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('1 round imported: they are in your events.')).toBeVisible();
  await expectNoAxeViolations(page, 'Import rounds done');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('event-card').filter({ hasText: course })).toBeVisible();

  // A file with a bad row is refused whole, the row and column named.
  await page.getByRole('button', { name: 'Import rounds' }).click();
  const bad = csv.replace(`${course},1,3,2,G,12`, `${course},1,x,2,G,12`);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    dialog
      .getByRole('list', { name: 'Problems in the file' })
      .getByText(/^Row 2, column par: /)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Import rounds refused');
});

/** A file the app wrote through the fake Filesystem plugin: its name, folder and first bytes. */
async function writtenFile(page: Page, at: number): Promise<{ path: string; directory: unknown; head: string }> {
  const writes = await nativeCalls(page, 'Filesystem', 'writeFile');
  const { path, directory, data } = writes[at]!.options as { path: string; directory: unknown; data: string };
  return { path, directory, head: Buffer.from(data, 'base64').subarray(0, 5).toString('latin1') };
}

test('in the phone app, a report and the data export go to the share sheet, and closing it is no failure', async ({ page }) => {
  test.setTimeout(180_000);
  const pushToken = `fake-fcm-share-${Date.now()}`;
  await installFakeNativeBridge(page, {
    platform: 'android',
    state: { pushToken },
    plugins: {
      // The native plugins answer as Capacitor 7's do: writeFile the file's URI, share nothing (or a rejection when closed).
      Filesystem: { writeFile: (options) => ({ uri: `file:///data/user/0/app.holeout/cache/${String(options.path)}` }) },
      Share: {
        share: (_options, native) => {
          if (native.state.closeSheet) throw new Error('Share canceled');
          return {};
        },
      },
    },
  });
  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto('/home');
  await settled(page, 'Statistics');

  await page.getByRole('button', { name: 'Share report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share report' });
  await dialog.getByRole('radio', { name: 'Download (PDF)' }).check();
  await dialog.getByRole('button', { name: 'Download report' }).click();
  await expect(dialog.getByText('Report saved')).toBeVisible();
  const report = await writtenFile(page, 0);
  expect(report).toEqual({ path: expect.stringMatching(/^holeout-report-\d{4}-\d{2}-\d{2}\.pdf$/), directory: 'CACHE', head: '%PDF-' });
  const [share] = await nativeCalls(page, 'Share', 'share');
  expect(share!.options.files).toEqual([`file:///data/user/0/app.holeout/cache/${report.path}`]);
  await expectNoAxeViolations(page, 'Share report saved through the share sheet (app, 390 px)');

  // The sheet closed without a choice: said, not an error.
  await setNativeState(page, 'closeSheet', true);
  await dialog.getByRole('button', { name: 'Download report' }).click();
  await expect(dialog.getByText('Report not saved')).toBeVisible();
  await expectNoAxeViolations(page, 'Share report with the share sheet closed (app, 390 px)');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await setNativeState(page, 'closeSheet', false);
  await page.goto('/account');
  await settled(page, 'My Profile');
  const data = page.getByRole('region', { name: 'Your data' });
  await data.getByRole('button', { name: 'Download my data' }).click();
  await expect(data.getByText('Your data went where you chose in the share sheet.')).toBeVisible();
  const writes = await nativeCalls(page, 'Filesystem', 'writeFile');
  const exported = await writtenFile(page, writes.length - 1);
  expect(exported.path).toMatch(/^holeout-export-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(exported.head.slice(0, 2)).toBe('PK');
});
