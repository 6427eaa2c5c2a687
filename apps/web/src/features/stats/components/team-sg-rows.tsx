/**
 * A team's strokes gained on a phone: one small chart per category instead of one bar per player
 * and category. Each chart has a labelled row per player (a dot at their figure, best at the top),
 * the team average as a dashed line and zero as a solid one, on one scale shared by every category
 * so the charts compare. A chosen player stands out in every chart (larger, ringed, name in bold)
 * and the others fade. Drawn as plain SVG: it sits in ChartFigure's hidden box, with the table beside it.
 */
import { Box, Stack, Text } from '@mantine/core';
import { axisTickLabel, scaleTicks } from '../../../components/charts/stat-charts.tsx';

export interface SgRowsPlayer {
  uid: number;
  name: string;
  colour: string;
}

export interface SgRowsCategory {
  label: string;
  /** Each counted player's strokes gained in this category. */
  values: ReadonlyMap<number, number>;
  average: number;
}

const WIDTH = 340;
const LABEL_WIDTH = 112;
const RIGHT_PAD = 14;
const ROW_HEIGHT = 22;
const TOP = 10;
const AXIS_HEIGHT = 22;
/** Names longer than this are cut with an ellipsis; the table beside the chart names every player in full. */
const NAME_CHARS = 16;

function shortName(name: string): string {
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name;
}

/** The players of one category, best first; ties keep the team's order. */
export function rankedRows(players: readonly SgRowsPlayer[], values: ReadonlyMap<number, number>): Array<SgRowsPlayer & { value: number }> {
  return players
    .filter((player) => values.has(player.uid))
    .map((player) => ({ ...player, value: values.get(player.uid)! }))
    .sort((a, b) => b.value - a.value);
}

function CategoryChart({
  category,
  players,
  ticks,
  highlight,
}: {
  category: SgRowsCategory;
  players: readonly SgRowsPlayer[];
  ticks: number[];
  highlight: number | null;
}) {
  const rows = rankedRows(players, category.values);
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const plotWidth = WIDTH - LABEL_WIDTH - RIGHT_PAD;
  const x = (value: number) => LABEL_WIDTH + ((value - low) / (high - low || 1)) * plotWidth;
  const plotBottom = TOP + rows.length * ROW_HEIGHT;
  const height = plotBottom + AXIS_HEIGHT;
  return (
    <Box data-testid="sg-category-chart" data-category={category.label}>
      <Text size="sm" fw={600}>
        {category.label}
      </Text>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" style={{ display: 'block', maxWidth: 560 }} focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={x(tick)}
              x2={x(tick)}
              y1={TOP}
              y2={plotBottom}
              stroke={tick === 0 ? 'var(--mantine-color-gray-7)' : 'var(--mantine-color-default-border)'}
              strokeWidth={tick === 0 ? 1.5 : 1}
            />
            <text x={x(tick)} y={plotBottom + 15} fontSize={11} textAnchor="middle" fill="currentColor" data-tick="">
              {axisTickLabel(tick)}
            </text>
          </g>
        ))}
        <line
          x1={x(category.average)}
          x2={x(category.average)}
          y1={TOP - 4}
          y2={plotBottom}
          stroke="currentColor"
          strokeWidth={1.5}
          strokeDasharray="4 3"
          data-testid="team-average"
        />
        {rows.map((row, index) => {
          const y = TOP + index * ROW_HEIGHT + ROW_HEIGHT / 2;
          const chosen = highlight === row.uid;
          const faded = highlight !== null && !chosen;
          return (
            <g key={row.uid} data-uid={row.uid} opacity={faded ? 0.35 : 1}>
              <text
                x={LABEL_WIDTH - 8}
                y={y + 4}
                fontSize={12}
                textAnchor="end"
                fill="currentColor"
                fontWeight={chosen ? 700 : 400}
                data-row-label=""
              >
                {shortName(row.name)}
              </text>
              <line x1={x(0)} x2={x(row.value)} y1={y} y2={y} stroke={row.colour} strokeWidth={2} />
              <circle
                cx={x(row.value)}
                cy={y}
                r={chosen ? 7 : 5}
                fill={row.colour}
                stroke={chosen ? 'currentColor' : 'none'}
                strokeWidth={chosen ? 2 : 0}
              />
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

/** One chart per category, on one scale. */
export function TeamSgRows({
  categories,
  players,
  highlight = null,
}: {
  categories: readonly SgRowsCategory[];
  players: readonly SgRowsPlayer[];
  highlight?: number | null;
}) {
  const values = categories.flatMap((category) => [...category.values.values(), category.average]);
  const ticks = scaleTicks(Math.min(...values), Math.max(...values), 5);
  return (
    <Stack gap="md">
      {categories.map((category) => (
        <CategoryChart key={category.label} category={category} players={players} ticks={ticks} highlight={highlight} />
      ))}
      <Text size="xs">Dot: a player, best at the top. Dashed line: the team average. Solid line: zero, the benchmark.</Text>
    </Stack>
  );
}
