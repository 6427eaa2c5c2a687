import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNoAxeViolations, logIn, MOBILE_VIEWPORT } from './helpers.ts';

/**
 * A coach's day on a phone (390 px): team strokes gained as one small chart per category with a
 * row per player (not one bar per player and category), a chosen player highlighted; the shots of a
 * round keep their shot number in view while the table scrolls sideways, with strokes gained beside
 * it; no table header broken inside a word; every category label of a chart drawn. axe on each state.
 */

test.use({ viewport: MOBILE_VIEWPORT });

async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expect(page.getByTestId('card-skeleton')).toHaveCount(0);
}

/**
 * Header words split across lines, and headers whose text overflows their cell. A word is what
 * lies between spaces, hyphens and slashes: a line may end after "3-" in "3-putt", never inside "Rank".
 */
async function brokenHeaders(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const found: string[] = [];
    for (const header of main.querySelectorAll('th')) {
      if (header.getClientRects().length === 0) continue;
      if (header.scrollWidth > header.clientWidth + 1) found.push(`"${header.textContent}" overflows its cell`);
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/[^\s\-/]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top + rect.height / 2)),
          );
          if (lines.size > 1) found.push(`"${word[0]}" in "${header.textContent}" is split over ${lines.size} lines`);
        }
      }
    }
    return found;
  });
}

/** The players with rounds counted in a team table: their Rounds cell is a number. */
async function countedPlayers(table: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const row of await table.getByRole('row').all()) {
    const header = await row.getByRole('rowheader').allTextContents();
    const cells = await row.getByRole('cell').allTextContents();
    if (header[0] && header[0] !== 'Team average' && /^\d+$/.test(cells[0] ?? '')) names.push(header[0].trim());
  }
  return names;
}

test('on Team scoring the coach reads one small chart per category, highlights a player, and no header breaks inside a word', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.coach);
  await page.goto('/team-scoring');
  await settled(page, 'Team scoring');
  const figure = page.getByRole('region', { name: 'Strokes gained by part of the game' });
  const table = figure.getByRole('table', { name: 'Strokes gained by part of the game' });
  await expect(table.getByRole('cell', { name: 'Loading…' })).toHaveCount(0);
  const players = await countedPlayers(table);
  expect(players.length).toBeGreaterThan(1);

  // One chart per category, each with a labelled dot per counted player and the team average; no grouped bars.
  const charts = figure.getByTestId('sg-category-chart');
  await expect(charts).toHaveCount(5);
  expect(await charts.evaluateAll((all) => all.map((chart) => (chart as HTMLElement).dataset.category))).toEqual([
    'Overall',
    'Tee',
    'Approach',
    'Short game',
    'Putting',
  ]);
  await expect(figure.locator('.recharts-bar-rectangle')).toHaveCount(0);
  for (const chart of await charts.all()) {
    const labels = await chart.locator('[data-row-label]').allTextContents();
    expect(labels).toHaveLength(players.length);
    await expect(chart.locator('circle')).toHaveCount(players.length);
    await expect(chart.getByTestId('team-average')).toHaveCount(1);
    // The scale: round numbers with 0 among them, every tick label drawn and none on top of another.
    const ticks = chart.locator('[data-tick]');
    const tickTexts = await ticks.allTextContents();
    expect(tickTexts).toContain('0');
    expect(tickTexts.length).toBeGreaterThanOrEqual(2);
    const boxes = await ticks.evaluateAll((all) => all.map((tick) => tick.getBoundingClientRect()).map((box) => [box.left, box.right]));
    for (let index = 1; index < boxes.length; index += 1) expect(boxes[index]![0]!).toBeGreaterThanOrEqual(boxes[index - 1]![1]!);
  }
  // Every label row lies inside the phone's width.
  const widest = await charts.locator('svg').evaluateAll((all) => Math.max(...all.map((svg) => svg.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
  await expect(figure.getByText(/Scroll sideways for more columns; the player stays in view/)).toBeVisible();
  expect(await brokenHeaders(page)).toEqual([]);
  await expectNoAxeViolations(page, 'team-scoring at 390 px');

  // Highlighting one player: their rows stand out in every chart, the others fade.
  const chosen = players[players.length - 1]!;
  await figure.getByLabel('Highlight a player').selectOption({ label: chosen });
  for (const chart of await charts.all()) {
    await expect(chart.locator('g[data-uid][opacity="1"]')).toHaveCount(1);
    await expect(chart.locator('g[data-uid][opacity="0.35"]')).toHaveCount(players.length - 1);
    await expect(chart.locator('g[data-uid][opacity="1"] circle')).toHaveAttribute('r', '7');
  }
  await expectNoAxeViolations(page, 'team-scoring with a player highlighted');
});

test('the shots of a round keep the shot number in view when scrolled sideways, with strokes gained beside it', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.premium);
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const course = `Phone Tables Park ${Date.now()}`;
  const response = await page.request.post('/v4/events', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      event_type: 'ROUND',
      title: '',
      start: new Date().toISOString(),
      notes: '',
      tags: [],
      round: {
        course,
        units: 'FEET_YARDS',
        holes: [
          {
            hole: 1,
            par: 5,
            shots: [
              { from: 'T', dist: 520, to: 'R', miss: 'l' },
              { from: 'R', dist: 250, to: 'F' },
              { from: 'F', dist: 90, to: 'S' },
              { from: 'S', dist: 12, to: 'G' },
              { from: 'G', dist: 6, to: 'G' },
              { from: 'G', dist: 1, to: 'I' },
            ],
          },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { event_id: eventId } = (await response.json()) as { event_id: number };

  await page.goto(`/event?event_id=${eventId}`);
  await page.getByRole('button', { name: /^Hole 1 · par 5/ }).click();
  const region = page.getByRole('region', { name: 'Shots of hole 1: table' });
  const table = region.getByRole('table', { name: 'Shots of hole 1' });
  await expect(table).toBeVisible();
  await expect(page.getByText('Scroll sideways for lie, distance and result; the shot number stays in view.')).toBeVisible();
  await expectNoAxeViolations(page, 'a round with its shots open at 390 px');

  const sandShot = table.getByRole('row', { name: /Fairway 90 yd Sand/ });
  const shotNumber = sandShot.getByRole('rowheader', { name: '3', exact: true });
  const result = sandShot.getByRole('cell', { name: 'Sand', exact: true });
  const regionBox = (await region.boundingBox())!;
  const firstBefore = (await shotNumber.evaluate((cell) => cell.getBoundingClientRect().toJSON())) as DOMRect;
  const resultBefore = (await result.evaluate((cell) => cell.getBoundingClientRect().toJSON())) as DOMRect;
  // The table is wider than the phone: the result starts off to the right.
  expect(resultBefore.right).toBeGreaterThan(regionBox.x + regionBox.width);
  // Strokes gained and the category sit next to the shot number, in view before any scrolling.
  const keyHeaders = await table
    .getByRole('columnheader')
    .evaluateAll((all) => all.slice(0, 3).map((header) => [header.textContent, header.getBoundingClientRect().right]));
  expect(keyHeaders.map(([text]) => text)).toEqual(['Shot', 'Strokes gained', 'Category']);
  for (const [, right] of keyHeaders) expect(right as number).toBeLessThanOrEqual(regionBox.x + regionBox.width + 1);

  await region.evaluate((viewport) => viewport.scrollTo({ left: viewport.scrollWidth }));
  await expect.poll(() => region.evaluate((viewport) => viewport.scrollLeft)).toBeGreaterThan(40);
  await expect
    .poll(async () => ((await result.evaluate((cell) => cell.getBoundingClientRect().toJSON())) as DOMRect).left)
    .toBeLessThan(resultBefore.left - 40);
  const firstAfter = (await shotNumber.evaluate((cell) => cell.getBoundingClientRect().toJSON())) as DOMRect;
  expect(Math.abs(firstAfter.left - firstBefore.left)).toBeLessThanOrEqual(1);
  expect(firstAfter.left).toBeGreaterThanOrEqual(regionBox.x - 1);
  // The fixed cell is drawn over the cells scrolled under it: what is at its centre is the cell itself.
  const onTop = await shotNumber.evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && cell.contains(hit);
  });
  expect(onTop).toBe(true);
  expect(await brokenHeaders(page)).toEqual([]);
  await expectNoAxeViolations(page, 'a round with its shots scrolled sideways at 390 px');
});

test('every distance band of a column chart is labelled on a phone, and its scale shows 0', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.premium);
  await page.goto('/player-putting');
  await settled(page, 'Putting');
  const figure = page.getByRole('region', { name: 'Putts made by distance' });
  const bands = await figure
    .getByRole('table', { name: /^Putts made by distance/ })
    .locator('tbody tr')
    .count();
  expect(bands).toBeGreaterThan(4);
  const categoryTicks = figure.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(categoryTicks).toHaveCount(bands);
  const texts = await categoryTicks.allTextContents();
  expect(texts.every((text) => text.trim().length > 0)).toBe(true);
  // No two labels drawn on top of each other.
  const boxes = await categoryTicks.evaluateAll((all) =>
    all.map((tick) => tick.getBoundingClientRect()).map((box) => ({ left: box.left, right: box.right, top: box.top, bottom: box.bottom })),
  );
  for (let index = 1; index < boxes.length; index += 1) {
    const [a, b] = [boxes[index - 1]!, boxes[index]!];
    const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    // Tilted labels may share columns of pixels; only boxes overlapping in both directions would hide text.
    expect(overlap && Math.abs(a.top - b.top) < 2, `${texts[index - 1]} and ${texts[index]} overlap`).toBe(false);
  }
  expect(await figure.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents()).toContain('0%');
  expect(await brokenHeaders(page)).toEqual([]);
  await expectNoAxeViolations(page, 'player-putting at 390 px');
});
