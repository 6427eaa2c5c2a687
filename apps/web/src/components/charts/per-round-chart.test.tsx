import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { seriesColour } from '@holeout/golf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMantineTheme } from '../../lib/theme.ts';
import {
  expectNoFocusableInHiddenCharts,
  installChartSize,
  quietUnsizedChartWarnings,
  uninstallChartSize,
} from '../../test/stats-fixtures.ts';
import { ChartFigure } from './chart-figure.tsx';
import { MOVING_AVERAGE_LABEL, PerRoundChart, perRoundChartData, perRoundTrend, SEASON_MEAN_LABEL } from './per-round-chart.tsx';

describe('perRoundTrend', () => {
  it('gives the moving average of 5 and the mean of the rounds shown', () => {
    // (1+2+3+4+5)/5 = 3, (2+3+4+5+6)/5 = 4; mean 21/6 = 3.5.
    expect(perRoundTrend([1, 2, 3, 4, 5, 6])).toEqual({ movingAverage: [null, null, null, null, 3, 4], mean: 3.5 });
  });
});

describe('perRoundChartData', () => {
  const labels = ['a', 'b', 'c', 'd', 'e', 'f'];

  it('draws one line with its moving average and its season mean at every round', () => {
    const { data, series } = perRoundChartData(labels, [{ label: 'Strokes gained', values: [-1, 0, 1, 2, 3, -5] }]);
    expect(series.map((each) => each.label)).toEqual(['Strokes gained', MOVING_AVERAGE_LABEL, SEASON_MEAN_LABEL]);
    expect(series.map((each) => each.strokeDasharray)).toEqual([undefined, '6 4', '2 4']);
    // (-1+0+1+2+3)/5 = 1; (0+1+2+3-5)/5 = 0.2; mean 0/6 = 0.
    expect(data.map((row) => row.average0)).toEqual([null, null, null, null, 1, 0.2]);
    expect(data.map((row) => row.mean0)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(data[0]).toEqual({ round: 'a', value0: -1, average0: null, mean0: 0 });
  });

  it('keeps separate lines apart, each with its own trend named after it', () => {
    const eighteen = [80, 82, null, 84, 86, 88];
    const nine = [null, null, 40, null, null, null];
    const { data, series } = perRoundChartData(labels, [
      { label: '18 holes', values: eighteen },
      { label: '9 holes', values: nine },
    ]);
    expect(series.map((each) => each.label)).toEqual([
      '18 holes',
      `${MOVING_AVERAGE_LABEL}, 18 holes`,
      `${SEASON_MEAN_LABEL}, 18 holes`,
      '9 holes',
      `${MOVING_AVERAGE_LABEL}, 9 holes`,
      `${SEASON_MEAN_LABEL}, 9 holes`,
    ]);
    expect(new Set(series.map((each) => each.color)).size).toBe(6);
    expect(series[0]!.color).toBe(seriesColour(0));
    // 18 holes: (80+82+84+86+88)/5 = 84 at the sixth round, mean 420/5 = 84; the 9-hole round is not in it.
    expect(data.map((row) => row.average0)).toEqual([null, null, null, null, null, 84]);
    expect(data[2]).toEqual({ round: 'c', value0: null, average0: null, mean0: 84, value1: 40, average1: null, mean1: 40 });
  });
});

describe('PerRoundChart', () => {
  beforeEach(quietUnsizedChartWarnings);
  afterEach(uninstallChartSize);

  it('names the trend lines in its legend and takes no focus inside its figure', () => {
    installChartSize();
    const { container } = render(
      <MantineProvider theme={buildMantineTheme(0)}>
        <ChartFigure
          title="Putts per round"
          chart={<PerRoundChart labels={['a', 'b']} lines={[{ label: 'Putts', values: [30, 32] }]} />}
          table={{
            columns: ['Round', 'Putts', MOVING_AVERAGE_LABEL],
            rows: [
              ['a', 30, '–'],
              ['b', 32, '–'],
            ],
          }}
        />
      </MantineProvider>,
    );
    const legend = within(screen.getByTestId('per-round-legend'));
    expect(legend.getByText(MOVING_AVERAGE_LABEL)).toBeInTheDocument();
    expect(legend.getByText(SEASON_MEAN_LABEL)).toBeInTheDocument();
    expect(legend.getByText('Putts')).toBeInTheDocument();
    // The legend is part of the chart: hidden from assistive technology like it (the table carries the numbers).
    expect(screen.getByTestId('per-round-legend').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('table', { name: 'Putts per round' })).toBeInTheDocument();
    expectNoFocusableInHiddenCharts(container);
  });
});
