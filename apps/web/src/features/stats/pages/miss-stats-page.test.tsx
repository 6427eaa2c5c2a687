import type { UnitsPair } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoFocusableInHiddenCharts,
  installChartSize,
  missGrid,
  quietUnsizedChartWarnings,
  renderStatsPage,
  resetStatsTest,
  tableRows,
  type StatBodies,
} from '../../../test/stats-fixtures.ts';
import MissStatsPage from './miss-stats-page.tsx';

const miss = (to: 'F' | 'R' | 'S' | 'H' | 'O', end_dist: number | null) => ({ from: 'F' as const, dist: 140, to, end_dist, miss: null });

const BODIES: StatBodies = {
  scores: { limited: false, scores: [{ event_id: 1, uid: 7, start: '2026-05-02T12:00:00Z', holes: 18, score: 84, par: 72 }] },
  // 9 putts: 5 holed, one each long-left, short-right and short, one miss with no direction.
  putt_misses: {
    limited: false,
    players: [
      {
        uid: 7,
        all: missGrid({ made: 5, lo: 1, rs: 1, s: 1, shots: 9 }),
        short: missGrid({ made: 4, shots: 4 }),
        mid: missGrid({ made: 1, rs: 1, s: 1, shots: 4 }),
        long: missGrid({ lo: 1, shots: 1 }),
      },
    ],
  },
  app_misses: {
    limited: false,
    players: [
      {
        uid: 7,
        all: missGrid({ made: 8, o: 3, ro: 2, r: 4, s: 5, rs: 2, shots: 24 }),
        short: missGrid({ made: 4, s: 2, shots: 6 }),
        mid: missGrid({ made: 3, o: 2, r: 3, s: 2, shots: 10 }),
        long: missGrid({ made: 1, o: 1, ro: 2, r: 1, s: 1, rs: 2, shots: 8 }),
      },
    ],
  },
  og_misses: {
    limited: false,
    players: [
      {
        uid: 7,
        approaches: 24,
        layups: 3,
        misses: [
          miss('F', 60),
          miss('F', 40),
          miss('F', 50),
          ...Array.from({ length: 7 }, () => miss('R', 25)),
          ...Array.from({ length: 4 }, () => miss('S', 15)),
          miss('H', null),
          miss('O', null),
        ],
        to: { F: 3, R: 7, S: 4, H: 1, O: 1 },
      },
    ],
  },
};

const openMissStats = (units: UnitsPair = 'FEET_YARDS') =>
  renderStatsPage(<MissStatsPage />, { bodies: BODIES, settings: { units }, route: '/miss-stats' });

/** A figure's card once its figures are in (until then the card with that heading holds a skeleton). */
async function figure(name: string): Promise<HTMLElement> {
  await waitFor(() => expect(within(screen.getByRole('region', { name })).getByRole('table')).toBeInTheDocument());
  return screen.getByRole('region', { name });
}

/** A square of a grid picture: where its rect sits, its label and its per-10 text. */
function square(region: HTMLElement, cell: string) {
  const group = within(region).getByTestId('miss-grid').querySelector(`[data-cell="${cell}"]`);
  if (!group) throw new Error(`No square ${cell}`);
  const rect = group.querySelector('rect')!;
  const [label, value] = [...group.querySelectorAll('text')].map((text) => text.textContent);
  return { x: Number(rect.getAttribute('x')), y: Number(rect.getAttribute('y')), label, value, fill: rect.getAttribute('fill') };
}

beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Miss statistics page', () => {
  it('draws the putt grid with each direction in its square and its per-10 value', async () => {
    openMissStats();
    expect(await screen.findByRole('heading', { level: 1, name: 'Miss statistics' })).toBeInTheDocument();
    const putts = await figure('Putt misses');
    // Long at the top, short at the bottom, left to right as the player looks at the hole; squares 100 wide, 6 apart.
    const placed = Object.fromEntries(
      ['lo', 'o', 'ro', 'l', 'made', 'r', 'ls', 's', 'rs'].map((cell) => [cell, [square(putts, cell).x, square(putts, cell).y]]),
    );
    expect(placed).toEqual({
      lo: [0, 0],
      o: [106, 0],
      ro: [212, 0],
      l: [0, 106],
      made: [106, 106],
      r: [212, 106],
      ls: [0, 212],
      s: [106, 212],
      rs: [212, 212],
    });
    expect(square(putts, 'lo')).toMatchObject({ label: 'Long left', value: '1.1' });
    expect(square(putts, 'rs')).toMatchObject({ label: 'Short right', value: '1.1' });
    expect(square(putts, 'made')).toMatchObject({ label: 'Holed', value: '5.6', fill: '#206bb6' });
    expect(square(putts, 'o')).toMatchObject({ label: 'Long', value: '0.0' });
    expect(within(putts).getByTestId('grid-count')).toHaveTextContent('All putts: 9 putts counted; 1 miss recorded without a direction.');
    expect(tableRows(within(putts).getByRole('table', { name: 'Putt misses: All putts' }))).toEqual([
      ['Direction', 'Count', 'Per 10'],
      ['Long left', '1', '1.1'],
      ['Long', '0', '0.0'],
      ['Long right', '0', '0.0'],
      ['Left', '0', '0.0'],
      ['Holed', '5', '5.6'],
      ['Right', '0', '0.0'],
      ['Short left', '0', '0.0'],
      ['Short', '1', '1.1'],
      ['Short right', '1', '1.1'],
      ['No direction recorded', '1', '1.1'],
    ]);
  });

  it('switches the grids between all, short, mid and long', async () => {
    const user = userEvent.setup();
    openMissStats();
    const putts = await figure('Putt misses');
    expect(
      within(putts)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual(['All', 'Under 6 ft', '6–20 ft', 'Over 20 ft']);

    await user.click(within(putts).getByRole('radio', { name: 'Over 20 ft' }));
    expect(square(putts, 'lo').value).toBe('10.0');
    expect(square(putts, 'made').value).toBe('0.0');
    expect(square(putts, 'rs').value).toBe('0.0');
    expect(within(putts).getByTestId('grid-count')).toHaveTextContent('Over 20 ft: 1 putt counted.');
    expect(within(putts).getByRole('table', { name: 'Putt misses: Over 20 ft' })).toBeInTheDocument();

    await user.click(within(putts).getByRole('radio', { name: '6–20 ft' }));
    expect(square(putts, 'lo').value).toBe('0.0');
    expect(square(putts, 'rs').value).toBe('2.5');
    expect(square(putts, 's').value).toBe('2.5');
    expect(square(putts, 'made').value).toBe('2.5');
    expect(within(putts).getByTestId('grid-count')).toHaveTextContent('6–20 ft: 4 putts counted; 1 miss recorded without a direction.');

    const approaches = await figure('Approach misses');
    expect(square(approaches, 'made')).toMatchObject({ label: 'Green hit', value: '3.3' });
    expect(square(approaches, 's').value).toBe('2.1');
    await user.click(within(approaches).getByRole('radio', { name: '100–150 yd' }));
    expect(square(approaches, 'r').value).toBe('3.0');
    expect(square(approaches, 'o').value).toBe('2.0');
    expect(square(approaches, 'ro').value).toBe('0.0');
    expect(square(approaches, 'made').value).toBe('3.0');
    expect(within(approaches).getByTestId('grid-count')).toHaveTextContent('100–150 yd: 10 approaches counted.');
    // The putt grid keeps its own choice.
    expect(square(putts, 'rs').value).toBe('2.5');
  });

  it('shows outside-green misses by lie, the approaches counted, and the layups apart with their definition', async () => {
    const user = userEvent.setup();
    openMissStats();
    const og = await figure('Missed greens: where the ball finished');
    expect(tableRows(within(og).getByRole('table'))).toEqual([
      ['Finished in', 'Misses', 'Share of approaches', 'Mean distance left (yd)'],
      ['Fairway', '3', '12.5%', '50'],
      ['Rough', '7', '29.2%', '25'],
      ['Sand', '4', '16.7%', '15'],
      ['Penalty area', '1', '4.2%', '–'],
      ['Out of bounds', '1', '4.2%', '–'],
    ]);
    expect(within(og).getByTestId('og-count')).toHaveTextContent('16 of 24 approaches missed the green.');
    expect(within(og).getByTestId('layups')).toHaveTextContent('3 layups, not counted as misses');
    await user.click(within(og).getByRole('button', { name: 'What is Layup?' }));
    expect(await screen.findByText(/played short of the green on purpose/)).toBeInTheDocument();
  });

  it('labels the bands and distances in meters for a METERS_METERS user', async () => {
    openMissStats('METERS_METERS');
    const putts = await figure('Putt misses');
    expect(within(putts).getByRole('radio', { name: 'Under 1.8 m' })).toBeInTheDocument();
    expect(within(putts).getByRole('radio', { name: '1.8–6.1 m' })).toBeInTheDocument();
    expect(within(putts).getByRole('radio', { name: 'Over 6.1 m' })).toBeInTheDocument();
    const approaches = await figure('Approach misses');
    expect(
      within(approaches)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual(['All', '46–91 m', '91–137 m', 'Over 137 m']);
    const og = await figure('Missed greens: where the ball finished');
    // 25 yd = 22.9 m; 50 yd = 45.7 m.
    expect(tableRows(within(og).getByRole('table')).slice(0, 3)).toEqual([
      ['Finished in', 'Misses', 'Share of approaches', 'Mean distance left (m)'],
      ['Fairway', '3', '12.5%', '46'],
      ['Rough', '7', '29.2%', '23'],
    ]);
  });

  it('keeps the pictures hidden from assistive technology with nothing focusable inside', async () => {
    installChartSize();
    const { container } = openMissStats();
    await figure('Missed greens: where the ball finished');
    await waitFor(() => expect(container.querySelector('[aria-hidden="true"] svg.recharts-surface')).not.toBeNull());
    const grids = screen.getAllByTestId('miss-grid');
    expect(grids).toHaveLength(2);
    for (const grid of grids) expect(grid.closest('[aria-hidden="true"]')).not.toBeNull();
    expectNoFocusableInHiddenCharts(container);
  }, 20_000);
});
