import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DataTable, shownColumnOrder } from './charts/chart-figure.tsx';
import { ScrollTable, STICKY_CELL, STICKY_CORNER } from './scroll-table.tsx';

function Shots({ cue }: { cue?: string }) {
  return (
    <ScrollTable label="Shots of hole 3" minWidth={520} cue={cue}>
      <Table.Caption>Shots of hole 3</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" style={STICKY_CORNER}>
            Shot
          </Table.Th>
          <Table.Th scope="col">Strokes gained</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row" style={STICKY_CELL}>
            1
          </Table.Th>
          <Table.Td>+0.12</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </ScrollTable>
  );
}

/** Lays every element out as `client` px wide holding `scroll` px of content (jsdom lays nothing out). */
function layOut(client: number, scroll: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
}

describe('ScrollTable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows its cue only while the table is wider than its box', () => {
    layOut(1000, 600);
    renderWithProviders(<Shots cue="Scroll sideways; the shot stays in view." />);
    expect(screen.queryByTestId('scroll-cue')).not.toBeInTheDocument();
    vi.restoreAllMocks();
    layOut(390, 520);
    renderWithProviders(<Shots cue="Scroll sideways; the shot stays in view." />);
    expect(screen.getByTestId('scroll-cue')).toHaveTextContent('Scroll sideways; the shot stays in view.');
  });

  it('scrolls in a named region the keyboard reaches, keeps the fixed cells at the left edge and shows its cue', () => {
    renderWithProviders(<Shots cue="Scroll sideways; the shot stays in view." />);
    const region = screen.getByRole('region', { name: 'Shots of hole 3: table' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Shots of hole 3' });
    // Separate borders: collapsed ones let the scrolled cells show through the fixed column's edge.
    expect(table).toHaveStyle({ borderCollapse: 'separate', overflowWrap: 'normal', wordBreak: 'normal' });
    expect(within(table).getByRole('columnheader', { name: 'Shot' })).toHaveStyle({ position: 'sticky', left: '0px', zIndex: '2' });
    expect(within(table).getByRole('rowheader', { name: '1' })).toHaveStyle({ position: 'sticky', left: '0px', zIndex: '1' });
    expect(within(table).getByRole('columnheader', { name: 'Strokes gained' })).not.toHaveStyle({ position: 'sticky' });
    expect(screen.getByTestId('scroll-cue')).toHaveTextContent('Scroll sideways; the shot stays in view.');
  });

  it('shows no cue when given none', () => {
    renderWithProviders(<Shots />);
    expect(screen.queryByTestId('scroll-cue')).not.toBeInTheDocument();
  });
});

describe('DataTable', () => {
  const greens = {
    columns: ['Approaches', 'Distance', 'Greens hit', 'Approaches played', 'Greens hit %'],
    rows: [
      ['Long', '200+ yd', 3, 10, '30%'],
      ['Mid', '150-200 yd', 6, 10, '60%'],
    ],
  };

  it('puts the key figure next to the first column', () => {
    expect(shownColumnOrder(5, 4)).toEqual([0, 4, 1, 2, 3]);
    expect(shownColumnOrder(5, undefined)).toEqual([0, 1, 2, 3, 4]);
    expect(shownColumnOrder(5, 1)).toEqual([0, 1, 2, 3, 4]);
    expect(shownColumnOrder(5, 9)).toEqual([0, 1, 2, 3, 4]);
  });

  it('a wide table keeps its first column fixed, shows its key figure beside it and says it scrolls', () => {
    renderWithProviders(<DataTable table={{ ...greens, keyColumn: 4 }} caption="Greens hit by distance" />);
    const table = screen.getByRole('table', { name: 'Greens hit by distance' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Approaches', 'Greens hit %', 'Distance', 'Greens hit', 'Approaches played']);
    const mid = within(table).getByRole('row', { name: /^Mid/ });
    expect(
      within(mid)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['60%', '150-200 yd', '6', '10']);
    expect(within(mid).getByRole('rowheader', { name: 'Mid' })).toHaveStyle({ position: 'sticky' });
    expect(screen.getByTestId('scroll-cue')).toHaveTextContent('the approaches column stays in view');
  });

  it('a narrow table neither fixes a column nor shows a cue', () => {
    renderWithProviders(<DataTable table={{ columns: ['From', 'Strokes gained'], rows: [['Tee', '+0.10']] }} caption="Off the tee" />);
    expect(screen.getByRole('rowheader', { name: 'Tee' })).not.toHaveStyle({ position: 'sticky' });
    expect(screen.queryByTestId('scroll-cue')).not.toBeInTheDocument();
  });
});
