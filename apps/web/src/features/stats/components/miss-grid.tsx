/**
 * A miss grid drawn as a target: nine squares, long at the top and short at the bottom, made in
 * the middle, each shaded by its share and labelled with how many of every 10 shots finished
 * there. The picture is hidden from assistive technology; the table beside it has every number.
 * A control above it picks all shots or the short, mid or long ones.
 */
import { SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { BANDS, type Band, type BandLabels } from '../lib/player-bands.ts';
import { missGridCells, undirectedMisses, type GridCell, type MissGridData } from '../lib/miss-grid.ts';
import { formatPerTen } from '../lib/format.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';

const CELL = 100;
const GAP = 6;
const SIZE = CELL * 3 + GAP * 2;

export function MissGridPicture({ cells }: { cells: GridCell[] }) {
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width="100%"
      style={{ display: 'block', maxWidth: 320, margin: '0 auto' }}
      focusable="false"
      data-testid="miss-grid"
    >
      {cells.map((cell) => {
        const x = cell.col * (CELL + GAP);
        const y = cell.row * (CELL + GAP);
        const centre = cell.cell === 'made';
        return (
          <g key={cell.cell} data-cell={cell.cell} data-row={cell.row} data-col={cell.col}>
            <rect
              x={x}
              y={y}
              width={CELL}
              height={CELL}
              rx={10}
              fill={cell.fill}
              stroke={centre ? '#212529' : '#868e96'}
              strokeWidth={centre ? 3 : 1}
            />
            <text x={x + CELL / 2} y={y + 36} textAnchor="middle" fontSize={14} fill={cell.text}>
              {cell.label}
            </text>
            <text x={x + CELL / 2} y={y + 74} textAnchor="middle" fontSize={30} fontWeight={700} fill={cell.text} data-testid="per-ten">
              {cell.perTenText}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export interface MissGridSet {
  all: MissGridData;
  short: MissGridData;
  mid: MissGridData;
  long: MissGridData;
}

type Choice = 'all' | Band;

/** One grid set with its band control, counts and table. */
export function MissGridFigure(props: {
  title: string;
  definition: string;
  grids: MissGridSet;
  bands: BandLabels;
  /** What the control picks from: "Putt length", "Approach distance". */
  controlLabel: string;
  /** The centre square: "Holed", "Green hit". */
  madeLabel: string;
  /** Singular and plural of what is counted: putt(s), approach(es). */
  noun: [string, string];
}) {
  const [choice, setChoice] = useState<Choice>('all');
  const grid = props.grids[choice];
  const cells = missGridCells(grid, props.madeLabel);
  const undirected = undirectedMisses(grid);
  const choiceLabel = choice === 'all' ? `All ${props.noun[1]}` : props.bands[choice];
  const counted = `${grid.shots} ${grid.shots === 1 ? props.noun[0] : props.noun[1]} counted`;
  return (
    <ChartFigure
      title={props.title}
      definition={props.definition}
      controls={
        <SegmentedControl
          aria-label={props.controlLabel}
          fullWidth
          value={choice}
          onChange={(value) => setChoice(value as Choice)}
          data={[{ value: 'all', label: 'All' }, ...BANDS.map((band) => ({ value: band, label: props.bands[band] }))]}
          styles={{
            label: {
              minHeight: 44,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              whiteSpace: 'normal',
              lineHeight: 1.2,
              paddingInline: 6,
            },
          }}
        />
      }
      note={
        <Text size="sm" aria-live="polite" data-testid="grid-count">
          {choiceLabel}: {counted}
          {undirected > 0 ? `; ${undirected} ${undirected === 1 ? 'miss' : 'misses'} recorded without a direction.` : '.'}
        </Text>
      }
      chart={<MissGridPicture cells={cells} />}
      caption={`${props.title}: ${choiceLabel}`}
      table={{
        columns: ['Direction', 'Count', 'Per 10'],
        rows: [
          ...cells.map((cell) => [cell.label, cell.count, cell.perTenText]),
          ...(undirected > 0 ? [['No direction recorded', undirected, formatPerTen((undirected / grid.shots) * 10)]] : []),
        ],
      }}
    />
  );
}
