/**
 * Charts drawn as plain SVG, for the figures a phone opens first (the Statistics page's strokes
 * gained and its trend per round): no chart library to download, so the page draws sooner on a
 * slow network. Like every chart they only draw: each sits in ChartFigure's aria-hidden box with
 * the same numbers in a table, and nothing in them takes focus.
 */
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { axisTickLabel, lineTicks, scaleTicks } from './scale.ts';

/** Text in a chart: Mantine's text colour (black on white, well over 4.5:1) at 12 px. */
const TEXT = { fill: 'var(--mantine-color-text)', fontSize: 12 } as const;
const GRID = 'var(--mantine-color-gray-3)';
const ZERO_LINE = 'var(--mantine-color-gray-7)';
/** The width a chart is drawn at before its box is measured (and where nothing lays out, as in tests). */
const DEFAULT_WIDTH = 360;

/** The width of the chart's box, followed as it changes (a phone turned, a menu opened). */
function useBoxWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const measure = () => {
      const measured = Math.floor(box.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function ChartBox({ kind, height, children }: { kind: string; height: number; children: (width: number) => ReactNode }) {
  const [ref, width] = useBoxWidth();
  return (
    <div ref={ref} style={{ width: '100%', height }}>
      <svg
        data-chart={kind}
        width={width}
        height={height}
        role="presentation"
        focusable="false"
        style={{ display: 'block', overflow: 'visible' }}
      >
        {children(width)}
      </svg>
    </div>
  );
}

/** A linear scale from a domain onto pixels. */
const linear =
  ([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]) =>
  (value: number) =>
    d1 === d0 ? (r0 + r1) / 2 : r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);

export interface BarDatum {
  label: string;
  value: number;
  colour: string;
}

/**
 * Horizontal bars from 0, one per row, each labelled with its value at its end, over a symmetric
 * scale with a line at 0 (strokes gained: the benchmark).
 */
export function SvgBars({
  rows,
  domain,
  height,
  labelWidth,
  format,
  maxBar = 28,
}: {
  rows: readonly BarDatum[];
  domain: readonly [number, number];
  height: number;
  labelWidth: number;
  format: (value: number) => string;
  maxBar?: number;
}) {
  const margin = { top: 4, right: 8, bottom: 22, left: labelWidth };
  const ticks = scaleTicks(domain[0], domain[1]).filter((tick) => tick >= domain[0] && tick <= domain[1]);
  return (
    <ChartBox kind="bars" height={height}>
      {(width) => {
        const x = linear(domain, [margin.left, Math.max(margin.left + 1, width - margin.right)]);
        const band = (height - margin.top - margin.bottom) / Math.max(1, rows.length);
        const thickness = Math.min(maxBar, band * 0.7);
        const bottom = height - margin.bottom;
        return (
          <g>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={x(tick)} x2={x(tick)} y1={margin.top} y2={bottom} stroke={GRID} strokeDasharray="4 4" />
                <text x={x(tick)} y={bottom + 16} textAnchor="middle" {...TEXT}>
                  {axisTickLabel(tick)}
                </text>
              </g>
            ))}
            {rows.map((row, index) => {
              const centre = margin.top + band * index + band / 2;
              const from = x(0);
              const to = x(row.value);
              return (
                <g key={row.label} data-bar={row.label}>
                  <text x={margin.left - 6} y={centre} textAnchor="end" dominantBaseline="central" {...TEXT}>
                    {row.label}
                  </text>
                  <rect
                    x={Math.min(from, to)}
                    y={centre - thickness / 2}
                    width={Math.abs(to - from)}
                    height={thickness}
                    fill={row.colour}
                    rx={2}
                  />
                  <text
                    x={row.value < 0 ? to - 4 : to + 4}
                    y={centre}
                    textAnchor={row.value < 0 ? 'end' : 'start'}
                    dominantBaseline="central"
                    {...TEXT}
                  >
                    {format(row.value)}
                  </text>
                </g>
              );
            })}
            <line x1={x(0)} x2={x(0)} y1={margin.top} y2={bottom} stroke={ZERO_LINE} strokeWidth={1.5} />
          </g>
        );
      }}
    </ChartBox>
  );
}

export interface LineSeries {
  name: string;
  colour: string;
  values: ReadonlyArray<number | null>;
  dash?: string;
  /** Dots at its points (the rounds themselves; trend lines have none). */
  dots?: boolean;
}

/** How many round labels fit under a chart of this width, about 64 px each. */
const labelsThatFit = (width: number) => Math.max(2, Math.floor(width / 64));

/** The indexes of the x labels shown: first and last always, evenly spread between. */
export function shownLabelIndexes(count: number, fit: number): number[] {
  if (count <= fit) return Array.from({ length: count }, (_, index) => index);
  const step = (count - 1) / (fit - 1);
  return [...new Set(Array.from({ length: fit }, (_, index) => Math.round(index * step)))];
}

/**
 * Lines over a row of points (rounds, oldest first), each joined across the points where it has no
 * value (a line of 18-hole scores runs past a 9-hole round, which is a line of its own); a scale
 * of round numbers on the left, with 0 drawn across when asked.
 */
export function SvgLines({
  labels,
  series,
  height,
  format,
  domain,
  zeroLine = false,
}: {
  labels: readonly string[];
  series: readonly LineSeries[];
  height: number;
  format: (value: number) => string;
  domain?: readonly [number | 'auto', number | 'auto'];
  zeroLine?: boolean;
}) {
  const values = series.flatMap((line) => line.values.filter((value): value is number => value !== null && Number.isFinite(value)));
  if (zeroLine) values.push(0);
  const low = typeof domain?.[0] === 'number' ? domain[0] : Math.min(...values);
  const high = typeof domain?.[1] === 'number' ? domain[1] : Math.max(...values);
  const ticks = values.length === 0 ? [0, 1] : lineTicks(low, high, 5);
  const yDomain: [number, number] = [ticks[0]!, ticks[ticks.length - 1]!];
  const tickText = ticks.map((tick) => format(tick));
  const margin = { top: 8, right: 12, bottom: 24, left: Math.max(28, 8 + 7 * Math.max(...tickText.map((text) => text.length))) };
  return (
    <ChartBox kind="lines" height={height}>
      {(width) => {
        const right = Math.max(margin.left + 1, width - margin.right);
        const x = (index: number) =>
          labels.length <= 1 ? (margin.left + right) / 2 : linear([0, labels.length - 1], [margin.left, right])(index);
        const y = linear(yDomain, [height - margin.bottom, margin.top]);
        return (
          <g>
            {ticks.map((tick, index) => (
              <g key={tick}>
                <line x1={margin.left} x2={right} y1={y(tick)} y2={y(tick)} stroke={GRID} strokeDasharray="4 4" />
                <text x={margin.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="central" {...TEXT}>
                  {tickText[index]}
                </text>
              </g>
            ))}
            {zeroLine && <line x1={margin.left} x2={right} y1={y(0)} y2={y(0)} stroke={ZERO_LINE} strokeWidth={1.5} />}
            {shownLabelIndexes(labels.length, labelsThatFit(right - margin.left)).map((index) => (
              <text
                key={index}
                x={x(index)}
                y={height - margin.bottom + 16}
                textAnchor={
                  labels.length > 1 && index === 0 ? 'start' : labels.length > 1 && index === labels.length - 1 ? 'end' : 'middle'
                }
                {...TEXT}
              >
                {labels[index]}
              </text>
            ))}
            {series.map((line) => (
              <g key={line.name} data-line={line.name}>
                <path d={linePath(line.values, x, y)} fill="none" stroke={line.colour} strokeWidth={2} strokeDasharray={line.dash} />
                {line.dots &&
                  line.values.map((value, index) =>
                    value === null ? null : <circle key={index} cx={x(index)} cy={y(value)} r={3} fill={line.colour} />,
                  )}
              </g>
            ))}
          </g>
        );
      }}
    </ChartBox>
  );
}

/** An SVG path through the points that have a value, in order; points without one are passed over. */
export function linePath(values: ReadonlyArray<number | null>, x: (index: number) => number, y: (value: number) => number): string {
  let path = '';
  values.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) return;
    path += `${path === '' ? 'M' : 'L'}${x(index).toFixed(1)},${y(value).toFixed(1)}`;
  });
  return path;
}
