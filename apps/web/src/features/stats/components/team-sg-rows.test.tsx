import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { rankedRows, TeamSgRows, type SgRowsCategory } from './team-sg-rows.tsx';

const PLAYERS = Array.from({ length: 14 }, (_, index) => ({
  uid: 100 + index,
  name: index === 13 ? 'Bartholomew Fitzgerald-Smythe' : `Player ${String.fromCharCode(65 + index)}`,
  colour: `#${(0x102030 + index * 0x0a0a0a).toString(16)}`,
}));

/** Four categories; player i gains (i - 6) / 10 strokes off the tee, and the reverse in the others. */
const CATEGORIES: SgRowsCategory[] = ['Drives', 'Approach', 'Short game', 'Putting'].map((label, category) => {
  const values = new Map(PLAYERS.map((player, index) => [player.uid, ((category === 0 ? 1 : -1) * (index - 6)) / 10]));
  const all = [...values.values()];
  return { label, values, average: all.reduce((sum, value) => sum + value, 0) / all.length };
});

function chart(label: string): HTMLElement {
  return screen.getAllByTestId('sg-category-chart').find((element) => element.dataset.category === label)!;
}

describe('TeamSgRows', () => {
  it('draws one chart per category with a labelled row per player, best first, and the team average marked', () => {
    renderWithProviders(<TeamSgRows categories={CATEGORIES} players={PLAYERS} />);
    expect(screen.getAllByTestId('sg-category-chart').map((element) => element.dataset.category)).toEqual([
      'Drives',
      'Approach',
      'Short game',
      'Putting',
    ]);
    const drives = chart('Drives');
    const labels = [...drives.querySelectorAll('[data-row-label]')].map((label) => label.textContent);
    expect(labels).toHaveLength(14);
    // Best off the tee is the last player (+0.7); a long name is cut, the table beside names it in full.
    expect(labels[0]).toBe('Bartholomew Fit…');
    expect(labels[13]).toBe('Player A');
    expect(drives.querySelectorAll('circle')).toHaveLength(14);
    expect(within(drives).getAllByTestId('team-average')).toHaveLength(1);
    // In putting the order turns round.
    expect(chart('Putting').querySelector('[data-row-label]')!.textContent).toBe('Player A');
  });

  it('puts the average where its value lies on a shared scale whose ticks are round numbers with 0 among them', () => {
    renderWithProviders(<TeamSgRows categories={CATEGORIES} players={PLAYERS} />);
    const drives = chart('Drives');
    const ticks = [...drives.querySelectorAll('[data-tick]')];
    expect(ticks.map((tick) => tick.textContent)).toEqual(['-1', '-0.5', '0', '0.5', '1']);
    const zero = Number(ticks[2]!.getAttribute('x'));
    const average = within(drives).getByTestId('team-average');
    // Team average off the tee: +0.05, just right of zero (players from -0.6 to +0.7).
    expect(Number(average.getAttribute('x1'))).toBeGreaterThan(zero);
    expect(Number(average.getAttribute('x1'))).toBeLessThan(Number(ticks[3]!.getAttribute('x')));
    // Every category shares the scale.
    expect([...chart('Putting').querySelectorAll('[data-tick]')].map((tick) => tick.textContent)).toEqual(
      ticks.map((tick) => tick.textContent),
    );
  });

  it('a chosen player stands out in every chart and the others fade', () => {
    renderWithProviders(<TeamSgRows categories={CATEGORIES} players={PLAYERS} highlight={103} />);
    for (const category of CATEGORIES) {
      const rows = [...chart(category.label).querySelectorAll('g[data-uid]')];
      const chosen = rows.find((row) => row.getAttribute('data-uid') === '103')!;
      expect(chosen).toHaveAttribute('opacity', '1');
      expect(chosen.querySelector('circle')).toHaveAttribute('r', '7');
      expect(rows.filter((row) => row.getAttribute('opacity') === '0.35')).toHaveLength(13);
    }
  });

  it('leaves out a player without a figure and ranks the rest', () => {
    const values = new Map([
      [100, -0.2],
      [102, 0.5],
    ]);
    expect(rankedRows(PLAYERS.slice(0, 3), values).map((row) => [row.uid, row.value])).toEqual([
      [102, 0.5],
      [100, -0.2],
    ]);
  });
});
