import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/lib/paths.ts';
import { DEMO_ACCOUNTS, DESKTOP_VIEWPORT, logIn, menu, MOBILE_VIEWPORT, WCAG_TAGS, type DemoAccount } from './helpers.ts';

/**
 * WCAG 2.2 AA with axe: every route of lib/paths.ts, logged out and as each demo account, at
 * desktop width and at 390 px, with the menu and the Log Out dialog open once each. Zero violations.
 */
const ALL_PATHS = Object.values(paths);
const VIEWPORTS = { desktop: DESKTOP_VIEWPORT, mobile: MOBILE_VIEWPORT } as const;

interface Finding {
  where: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
  summary: string;
}

async function scan(page: Page, where: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      where,
      rule: violation.id,
      impact: violation.impact,
      targets: node.target.map(String),
      summary: node.failureSummary ?? violation.help,
    })),
  );
}

/** Waits until the page has settled: its one h1 is shown and nothing is loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
}

/** The structural rules axe leaves to us: one h1, a page title, no nested nav, the skip link first. */
async function checkStructure(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  const title = await page.title();
  const h1 = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  if (!/^.+ · Holeout$/.test(title)) problems.push(`${where}: document.title "${title}" does not name the page`);
  if ((await page.locator('h1').count()) !== 1) problems.push(`${where}: ${await page.locator('h1').count()} h1 elements`);
  if ((await page.locator('nav nav').count()) > 0) problems.push(`${where}: a <nav> inside a <nav>`);
  if (!h1) problems.push(`${where}: empty h1`);
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  if (first !== 'Skip to content') problems.push(`${where}: first focusable element is "${first}", not "Skip to content"`);
  await page.keyboard.press('Enter');
  const focusedMain = await page.evaluate(() => document.activeElement?.tagName === 'MAIN');
  if (!focusedMain) problems.push(`${where}: "Skip to content" did not move focus to the main region`);
  return problems;
}

function report(findings: Finding[], problems: string[]): string {
  const lines = findings.map(
    (f) => `${f.where}: [${f.impact}] ${f.rule} at ${f.targets.join(' ')}\n    ${f.summary.replace(/\n/g, '\n    ')}`,
  );
  return [...lines, ...problems].join('\n');
}

/**
 * Pages as they look with data (a route alone shows a picker or "not found"): the first drill with a
 * score the account sees, its progress and team results, a practice using it and that practice's
 * results, and the calendar's week.
 */
async function pagesWithData(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) return [];
  const get = async (path: string) => {
    const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
    return response.ok()
      ? ((await response.json()) as Record<string, Array<{ drill_id?: number; event_id?: number; score_field?: string | null }>>)
      : {};
  };
  const found = [`${paths.calendar}?view=week`];
  const drill = (await get('/v4/drills')).drills?.find((d) => d.score_field);
  if (!drill) return found;
  found.push(
    `${paths.drill}?drill_id=${drill.drill_id}`,
    `${paths.drillprogress}?drill_id=${drill.drill_id}`,
    `${paths.drillresultsTeam}?drill_id=${drill.drill_id}`,
  );
  const event = (await get(`/v4/drills/events?drill_id=${drill.drill_id}`)).events?.[0];
  if (event) found.push(`${paths.event}?event_id=${event.event_id}`, `${paths.drillresults}?event_id=${event.event_id}`);
  return found;
}

async function visitEveryPage(page: Page, label: string): Promise<{ findings: Finding[]; problems: string[] }> {
  const findings: Finding[] = [];
  const problems: string[] = [];
  const visit = async (path: string) => {
    await page.goto(path);
    await settle(page);
    const where = `${label} ${path} (at ${new URL(page.url()).pathname})`;
    findings.push(...(await scan(page, where)));
    problems.push(...(await checkStructure(page, where)));
  };
  for (const path of ALL_PATHS) await visit(path);
  // Asked once the page is on the app (a blank page has no storage to read the token from).
  for (const path of await pagesWithData(page)) await visit(path);
  return { findings, problems };
}

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  test.describe.configure({ timeout: 480_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test(`logged out, ${viewportName}: every page`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const { findings, problems } = await visitEveryPage(page, `logged out ${viewportName}`);
      expect(findings.length + problems.length, report(findings, problems)).toBe(0);
    });

    for (const account of Object.keys(DEMO_ACCOUNTS) as DemoAccount[]) {
      test(`${account}@, ${viewportName}: every page, the menu and the Log Out dialog`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await logIn(page, DEMO_ACCOUNTS[account]);
        const label = `${account} ${viewportName}`;
        const { findings, problems } = await visitEveryPage(page, label);

        await page.goto(paths.root);
        await settle(page);
        if (viewportName === 'mobile') {
          await page.getByRole('button', { name: 'Toggle menu' }).click();
          await expect(menu(page).getByRole('link', { name: 'My Profile' })).toBeVisible();
          findings.push(...(await scan(page, `${label} menu open`)));
        }
        await menu(page).getByRole('button', { name: 'Log Out' }).click();
        const dialog = page.getByRole('dialog', { name: 'Log Out' });
        await expect(dialog.getByRole('button', { name: 'Yes' })).toBeVisible();
        findings.push(...(await scan(page, `${label} Log Out dialog`)));
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toHaveCount(0);

        expect(findings.length + problems.length, report(findings, problems)).toBe(0);
      });
    }
  }

  test('every theme: the profile page, the root page and the menu', async ({ page }) => {
    await page.setViewportSize(DESKTOP_VIEWPORT);
    await logIn(page, DEMO_ACCOUNTS.premium);
    const findings: Finding[] = [];
    // Blue (the demo accounts' theme) comes last, so the account ends as it started.
    const themes = ['red', 'green', 'orange', 'purple', 'blue'];
    try {
      for (const theme of themes) {
        await page.goto(paths.account);
        await settle(page);
        await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: theme }).check();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByTestId('preferences-status')).toHaveText('Theme saved');
        findings.push(...(await scan(page, `${theme} /account`)));
        await page.goto(paths.root);
        await settle(page);
        findings.push(...(await scan(page, `${theme} / with the menu`)));
      }
    } finally {
      if ((await page.locator('html').getAttribute('data-theme')) !== 'blue') {
        await page.goto(paths.account);
        await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'blue' }).check();
        await expect(page.getByTestId('preferences-status')).toHaveText('Theme saved');
      }
    }
    expect(findings.length, report(findings, [])).toBe(0);
  });
});
