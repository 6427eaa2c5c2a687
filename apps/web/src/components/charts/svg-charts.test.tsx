import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lineTicks } from './scale.ts';
import { linePath, shownLabelIndexes, SvgBars, SvgLines } from './svg-charts.tsx';

describe('lineTicks', () => {
  it('covers the values with round numbers, without reaching for 0', () => {
    expect(lineTicks(78, 95)).toEqual([75, 80, 85, 90, 95]);
    expect(lineTicks(-2.3, 1.1)).toEqual([-3, -2, -1, 0, 1, 2]);
    expect(lineTicks(0.42, 0.61)).toEqual([0.4, 0.45, 0.5, 0.55, 0.6, 0.65]);
  });

  it('gives a flat line room above and below', () => {
    const ticks = lineTicks(72, 72);
    expect(ticks[0]).toBeLessThan(72);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(72);
  });
});

describe('linePath', () => {
  const x = (index: number) => index * 10;
  const y = (value: number) => 100 - value;

  it('joins the points that have a value, passing over those without', () => {
    expect(linePath([1, null, 3, 4], x, y)).toBe('M0.0,99.0L20.0,97.0L30.0,96.0');
    expect(linePath([null, null, 5], x, y)).toBe('M20.0,95.0');
    expect(linePath([null, null], x, y)).toBe('');
  });
});

describe('shownLabelIndexes', () => {
  it('shows every label that fits, else the first, the last and evenly spread ones', () => {
    expect(shownLabelIndexes(3, 5)).toEqual([0, 1, 2]);
    expect(shownLabelIndexes(20, 5)).toEqual([0, 5, 10, 14, 19]);
    expect(shownLabelIndexes(40, 2)).toEqual([0, 39]);
  });
});

describe('the SVG charts', () => {
  it('draw a bar per row from 0, its value at its end, a loss to the left of the zero line', () => {
    const { container } = render(
      <MantineProvider>
        <SvgBars
          rows={[
            { label: 'Driving', value: 1.5, colour: '#00f' },
            { label: 'Putting', value: -2, colour: '#f00' },
          ]}
          domain={[-3, 3]}
          height={120}
          labelWidth={80}
          format={(value) => value.toFixed(2)}
        />
      </MantineProvider>,
    );
    const svg = container.querySelector('svg[data-chart="bars"]')!;
    expect(svg.getAttribute('focusable')).toBe('false');
    const [gain, loss] = [...svg.querySelectorAll('rect')];
    expect(svg.querySelector('[data-bar="Driving"]')!.textContent).toBe('Driving1.50');
    expect(svg.querySelector('[data-bar="Putting"]')!.textContent).toBe('Putting-2.00');
    // At 360 px: 0 sits at the middle of 80..352, 216; a loss ends left of it, a gain starts at it.
    expect(Number(gain!.getAttribute('x'))).toBeCloseTo(216);
    expect(Number(loss!.getAttribute('x')) + Number(loss!.getAttribute('width'))).toBeCloseTo(216);
    expect(Number(loss!.getAttribute('width'))).toBeGreaterThan(Number(gain!.getAttribute('width')));
    expect(gain!.getAttribute('fill')).toBe('#00f');
  });

  it('draw lines over the rounds with dots on the rounds only, and a zero line when asked', () => {
    const { container } = render(
      <MantineProvider>
        <SvgLines
          labels={['1 Oct', '8 Oct', '15 Oct']}
          series={[
            { name: 'value0', colour: '#111', values: [-1, 0.5, 2], dots: true },
            { name: 'mean0', colour: '#222', values: [0.5, 0.5, 0.5], dash: '2 4' },
          ]}
          height={200}
          format={(value) => String(value)}
          zeroLine
        />
      </MantineProvider>,
    );
    const svg = container.querySelector('svg[data-chart="lines"]')!;
    expect(svg.querySelectorAll('[data-line="value0"] circle')).toHaveLength(3);
    expect(svg.querySelectorAll('[data-line="mean0"] circle')).toHaveLength(0);
    expect(svg.querySelector('[data-line="mean0"] path')!.getAttribute('stroke-dasharray')).toBe('2 4');
    expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toEqual(
      expect.arrayContaining(['1 Oct', '8 Oct', '15 Oct', '-1', '0', '2']),
    );
  });
});
