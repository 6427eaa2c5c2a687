/**
 * A round whose golfer kept the shots' positions: each hole's shots drawn as a path from the tee to
 * the pin (a small drawing per hole), with the same shots in a table beside it.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { RoundBody } from '@holeout/contracts';
import { entryUnitForLie, hasPosition, localMeters, type GeoPoint } from '@holeout/golf';
import { ChartFigure, type FigureTable } from '../../../components/charts/chart-figure.tsx';

type RoundHole = RoundBody['holes'][number];

const LIE_WORDS = { T: 'Tee', F: 'Fairway', R: 'Rough', S: 'Sand', H: 'Hazard', G: 'Green' } as const;
const RESULT_WORDS = { F: 'Fairway', R: 'Rough', S: 'Sand', H: 'Hazard', G: 'Green', I: 'Holed', O: 'Out of bounds' } as const;
const UNIT_SHORT = { feet: 'ft', yards: 'yd', meters: 'm' } as const;

const WIDTH = 140;
const HEIGHT = 220;
const PAD = 14;

interface PathPoint {
  x: number;
  y: number;
  label: string;
}

/**
 * The drawing's points: the positioned shots in order, then the pin. Turned so the line from the
 * first to the last point runs up the drawing (tee at the bottom, pin at the top), and scaled to fit
 * with the same scale on both axes, so the shape of the hole is kept.
 */
export function pathPoints(hole: RoundHole): PathPoint[] {
  const located: (GeoPoint & { label: string })[] = hole.shots.flatMap((shot, index) =>
    hasPosition(shot) ? [{ lat: shot.lat, lon: shot.lon, label: String(index + 1) }] : [],
  );
  if (hole.pin) located.push({ ...hole.pin, label: 'Pin' });
  const first = located[0];
  const last = located.at(-1);
  if (!first || !last) return [];
  const flat = localMeters(located, first);
  const end = flat.at(-1)!;
  // Rotate by the angle that puts the last point straight up (+y) from the first.
  const angle = Math.atan2(end.x, end.y);
  const turned = flat.map(({ x, y }) => ({ x: x * Math.cos(angle) - y * Math.sin(angle), y: x * Math.sin(angle) + y * Math.cos(angle) }));
  const xs = turned.map((point) => point.x);
  const ys = turned.map((point) => point.y);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  const scale = Math.min((WIDTH - 2 * PAD) / Math.max(spanX, 1), (HEIGHT - 2 * PAD) / Math.max(spanY, 1));
  const midX = (Math.max(...xs) + Math.min(...xs)) / 2;
  const minY = Math.min(...ys);
  return turned.map((point, index) => ({
    x: WIDTH / 2 + (point.x - midX) * scale,
    // SVG's y runs down: the tee (lowest y) sits at the bottom.
    y: HEIGHT - PAD - (point.y - minY) * scale,
    label: located[index]!.label,
  }));
}

function HolePathDrawing({ hole }: { hole: RoundHole }) {
  const points = pathPoints(hole);
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} data-testid={`shot-path-${hole.hole}`}>
      <rect x={0} y={0} width={WIDTH} height={HEIGHT} rx={8} fill="var(--mantine-color-green-light)" />
      <polyline
        points={points.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')}
        fill="none"
        stroke="var(--mantine-color-text)"
        strokeWidth={1.5}
        strokeDasharray="4 3"
      />
      {points.map((point) =>
        point.label === 'Pin' ? (
          <g key="pin">
            <line x1={point.x} y1={point.y} x2={point.x} y2={point.y - 12} stroke="var(--mantine-color-text)" strokeWidth={1.5} />
            <polygon points={`${point.x},${point.y - 12} ${point.x + 8},${point.y - 9} ${point.x},${point.y - 6}`} fill="#c92a2a" />
          </g>
        ) : (
          <g key={point.label}>
            <circle cx={point.x} cy={point.y} r={7} fill="var(--mantine-color-body)" stroke="var(--mantine-color-text)" />
            <text x={point.x} y={point.y + 3.5} textAnchor="middle" fontSize={9} fill="var(--mantine-color-text)">
              {point.label}
            </text>
          </g>
        ),
      )}
    </svg>
  );
}

function holeTable(hole: RoundHole, units: RoundBody['units']): FigureTable {
  return {
    columns: ['Shot', 'From', 'To the hole', 'Result'],
    rows: hole.shots.map((shot, index) => [
      index + 1,
      LIE_WORDS[shot.from],
      `${shot.dist} ${UNIT_SHORT[entryUnitForLie(units, shot.from)]}`,
      RESULT_WORDS[shot.to],
    ]),
  };
}

/** Every hole of the round with kept positions, as a drawing of its shots and a table of them. */
export function ShotPaths({ round }: { round: RoundBody }) {
  const holes = round.holes.filter((hole) => hole.shots.some(hasPosition));
  if (holes.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="shot-paths-heading">
      <Title order={2} size="h3" id="shot-paths-heading">
        Shot paths
      </Title>
      <Text size="sm" c="dimmed">
        Where each shot was played from, as kept on the course, with the pin. Numbers are the shots.
      </Text>
      {holes.map((hole) => (
        <ChartFigure
          key={hole.hole}
          title={`Hole ${hole.hole} · par ${hole.par}`}
          chart={<HolePathDrawing hole={hole} />}
          table={holeTable(hole, round.units)}
          caption={`Hole ${hole.hole} shots`}
        />
      ))}
    </Stack>
  );
}
