import { Accordion, Box, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { RoundBody } from '@holeout/contracts';
import {
  BENCHMARK_LABELS,
  BENCHMARK_LEVELS,
  scoreRound,
  UNITS_PAIRS,
  type BenchmarkLevel,
  type Round,
  type ScoredRound,
  type StatCategory,
} from '@holeout/golf';
import { useMemo, useState } from 'react';
import { ScrollTable, STICKY_CELL, STICKY_CORNER } from '../../../components/scroll-table.tsx';
import { formatToPar } from '../../../lib/format.ts';
import { CATEGORY_LABELS, formatSg, SCORE_NAME_LABELS, scoreName, type ScoreName } from './event-labels.ts';

const LIES: Record<string, string> = {
  T: 'Tee',
  F: 'Fairway',
  R: 'Rough',
  S: 'Sand',
  H: 'Hazard',
  G: 'Green',
  I: 'Holed',
  O: 'Out of bounds',
};
const MISSES: Record<string, string> = {
  lo: 'long left',
  o: 'long',
  ro: 'long right',
  r: 'right',
  rs: 'short right',
  s: 'short',
  ls: 'short left',
  l: 'left',
};
const UNIT_SHORT = { feet: 'ft', yards: 'yd', meters: 'm' } as const;
/** Table words break between words only (the page lets long words break anywhere, which splits "Hole"). */
const TABLE_TEXT = { overflowWrap: 'normal' } as const;

/** Colour and shape of a score: under par a circle, over par a square (two for double bogey or worse). */
const MARKS: Record<ScoreName, { shape: 'circle' | 'square' | 'double' | 'none'; colour: string }> = {
  albatross: { shape: 'circle', colour: 'var(--mantine-color-red-9)' },
  eagle: { shape: 'circle', colour: 'var(--mantine-color-red-9)' },
  birdie: { shape: 'circle', colour: 'var(--mantine-color-red-9)' },
  par: { shape: 'none', colour: 'inherit' },
  bogey: { shape: 'square', colour: 'var(--mantine-color-blue-9)' },
  double: { shape: 'double', colour: 'var(--mantine-color-blue-9)' },
  worse: { shape: 'double', colour: 'var(--mantine-color-violet-9)' },
};

export function ScoreMark({ score, par }: { score: number; par: number }) {
  const name = scoreName(score, par);
  const mark = MARKS[name];
  return (
    <Group gap={8} wrap="nowrap" data-score={name}>
      <Box
        component="span"
        w={30}
        h={30}
        fw={700}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: mark.colour,
          border: mark.shape === 'none' ? '2px solid transparent' : `2px ${mark.shape === 'double' ? 'double' : 'solid'} ${mark.colour}`,
          borderWidth: mark.shape === 'double' ? 4 : 2,
          borderRadius: mark.shape === 'circle' ? '50%' : 2,
        }}
      >
        {score}
      </Box>
      <Text size="sm">{SCORE_NAME_LABELS[name]}</Text>
    </Group>
  );
}

const CATEGORY_ROWS: { label: string; categories: StatCategory[]; total?: boolean }[] = [
  { label: CATEGORY_LABELS.drive, categories: ['drive'] },
  { label: CATEGORY_LABELS.longApproach, categories: ['longApproach'] },
  { label: CATEGORY_LABELS.midApproach, categories: ['midApproach'] },
  { label: CATEGORY_LABELS.shortApproach, categories: ['shortApproach'] },
  { label: 'Approach', categories: ['longApproach', 'midApproach', 'shortApproach'], total: true },
  { label: CATEGORY_LABELS.fwChips, categories: ['fwChips'] },
  { label: CATEGORY_LABELS.roughChips, categories: ['roughChips'] },
  { label: CATEGORY_LABELS.sandChips, categories: ['sandChips'] },
  { label: CATEGORY_LABELS.other, categories: ['other'] },
  { label: 'Short game', categories: ['fwChips', 'roughChips', 'sandChips', 'other'], total: true },
  { label: CATEGORY_LABELS.longPutts, categories: ['longPutts'] },
  { label: CATEGORY_LABELS.midPutts, categories: ['midPutts'] },
  { label: CATEGORY_LABELS.shortPutts, categories: ['shortPutts'] },
  { label: 'Putting', categories: ['longPutts', 'midPutts', 'shortPutts'], total: true },
];

/** Shots and strokes gained per category of a scored round. */
export function categoryTotals(scored: ScoredRound): Map<StatCategory, { shots: number; sg: number }> {
  const totals = new Map<StatCategory, { shots: number; sg: number }>();
  for (const hole of scored.holes) {
    for (const shot of hole.shots) {
      const entry = totals.get(shot.category) ?? { shots: 0, sg: 0 };
      entry.shots += 1;
      entry.sg += shot.sg;
      totals.set(shot.category, entry);
    }
  }
  return totals;
}

/** A bar beside the figure (the figure is the table's; the bar only draws it). */
function SgBar({ value, scale }: { value: number; scale: number }) {
  const width = scale > 0 ? Math.min(50, (Math.abs(value) / scale) * 50) : 0;
  return (
    <Box pos="relative" h={12} w="100%" miw={60} aria-hidden style={{ background: 'var(--mantine-color-gray-1)' }}>
      <Box pos="absolute" top={0} bottom={0} left="50%" w={1} style={{ background: 'var(--mantine-color-gray-6)' }} />
      <Box
        pos="absolute"
        top={2}
        bottom={2}
        style={{
          left: value >= 0 ? '50%' : `${50 - width}%`,
          width: `${width}%`,
          background: value >= 0 ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-red-8)',
        }}
      />
    </Box>
  );
}

function CategoryTable({ scored }: { scored: ScoredRound }) {
  const totals = categoryTotals(scored);
  const rows = CATEGORY_ROWS.map((row) => {
    const shots = row.categories.reduce((n, c) => n + (totals.get(c)?.shots ?? 0), 0);
    const sg = row.categories.reduce((n, c) => n + (totals.get(c)?.sg ?? 0), 0);
    return { ...row, shots, sg };
  });
  const scale = Math.max(0.5, ...rows.map((row) => Math.abs(row.sg)));
  return (
    <Box role="region" aria-label="Strokes gained by category, scrollable" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped miw={320} style={TABLE_TEXT} data-testid="category-table">
        <Table.Caption>Strokes gained by category</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Category</Table.Th>
            <Table.Th scope="col" ta="right">
              Shots
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Strokes gained
            </Table.Th>
            <Table.Th scope="col" w="30%">
              <Text span size="sm" c="dimmed" fw={400}>
                Chart
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label} fw={row.total ? 700 : undefined}>
              <Table.Th scope="row" fw={row.total ? 700 : 400}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right">{row.shots}</Table.Td>
              <Table.Td ta="right">{formatSg(row.sg)}</Table.Td>
              <Table.Td>
                <SgBar value={row.sg} scale={scale} />
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right">{scored.holes.reduce((n, hole) => n + hole.shots.length, 0)}</Table.Td>
            <Table.Td ta="right">{formatSg(scored.sg.overall)}</Table.Td>
            <Table.Td>
              <SgBar value={scored.sg.overall} scale={Math.max(scale, Math.abs(scored.sg.overall))} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function ScorecardTable({ scored }: { scored: ScoredRound }) {
  return (
    <Table style={TABLE_TEXT} data-testid="scorecard">
      <Table.Caption>Scorecard: each hole's score against par, and its strokes gained</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Hole</Table.Th>
          <Table.Th scope="col">Par</Table.Th>
          <Table.Th scope="col">Score</Table.Th>
          <Table.Th scope="col" ta="right">
            Strokes gained
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {scored.holes.map((hole) => (
          <Table.Tr key={hole.hole}>
            <Table.Th scope="row">{hole.hole}</Table.Th>
            <Table.Td>{hole.par}</Table.Td>
            <Table.Td>
              <ScoreMark score={hole.score} par={hole.par} />
            </Table.Td>
            <Table.Td ta="right">{formatSg(hole.sg)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td>{scored.par}</Table.Td>
          <Table.Td>
            {scored.score} ({formatToPar(scored.score - scored.par)})
          </Table.Td>
          <Table.Td ta="right">{formatSg(scored.sg.overall)}</Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function HoleShotsTable({ round, scored, index }: { round: Round; scored: ScoredRound; index: number }) {
  const hole = scored.holes[index]!;
  const entered = round.holes[index]!.shots;
  const pair = UNITS_PAIRS[round.units];
  return (
    // The shot number stays at the left edge with its strokes gained and category beside it: the
    // figures a coach reads the shots for show on a phone before any scrolling.
    <ScrollTable
      label={`Shots of hole ${hole.hole}`}
      minWidth={520}
      cue="Scroll sideways for lie, distance and result; the shot number stays in view."
      tableProps={{ withTableBorder: false }}
    >
      <Table.Caption>Shots of hole {hole.hole}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" style={STICKY_CORNER}>
            Shot
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Strokes gained
          </Table.Th>
          <Table.Th scope="col">Category</Table.Th>
          <Table.Th scope="col">Lie</Table.Th>
          <Table.Th scope="col" ta="right">
            Distance
          </Table.Th>
          <Table.Th scope="col">Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {hole.shots.map((shot, shotIndex) => {
          const original = entered[shotIndex]!;
          const unit = UNIT_SHORT[pair[original.from === 'G' ? 'putt' : 'long']];
          return (
            <Table.Tr key={shotIndex}>
              <Table.Th scope="row" style={STICKY_CELL}>
                {shotIndex + 1}
              </Table.Th>
              <Table.Td ta="right">{formatSg(shot.sg)}</Table.Td>
              <Table.Td>{CATEGORY_LABELS[shot.category]}</Table.Td>
              <Table.Td>{LIES[shot.from]}</Table.Td>
              <Table.Td ta="right">
                {original.dist} {unit}
              </Table.Td>
              <Table.Td>
                {LIES[shot.to]}
                {shot.miss ? `, missed ${MISSES[shot.miss]}` : ''}
                {shot.penalty > 0 ? ' (+1 penalty)' : ''}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** A round on the event page: scorecard, strokes gained by category and every hole's shots, against a benchmark. */
export function RoundDetails({ round, defaultBenchmark }: { round: RoundBody; defaultBenchmark: BenchmarkLevel }) {
  const [benchmark, setBenchmark] = useState<BenchmarkLevel>(defaultBenchmark);
  const scored = useMemo(() => {
    try {
      return scoreRound(round, benchmark);
    } catch {
      return null;
    }
  }, [round, benchmark]);
  if (!scored) return <Text size="sm">This round could not be scored.</Text>;

  return (
    <Stack gap="lg">
      <NativeSelect
        label="Benchmark"
        description="Strokes gained are measured against golfers of this level"
        data={BENCHMARK_LEVELS.map((level) => ({ value: level, label: BENCHMARK_LABELS[level] }))}
        value={benchmark}
        onChange={(event) => setBenchmark(event.currentTarget.value as BenchmarkLevel)}
        maw={320}
      />
      <Stack gap="xs" component="section" aria-labelledby="scorecard-heading">
        <Title order={2} size="h3" id="scorecard-heading">
          Scorecard
        </Title>
        <Text size="sm" c="dimmed">
          Birdie or better: a circle. Bogey: a square. Double bogey or worse: a double square.
        </Text>
        <ScorecardTable scored={scored} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="categories-heading">
        <Title order={2} size="h3" id="categories-heading">
          Strokes gained by category
        </Title>
        <CategoryTable scored={scored} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="shots-heading">
        <Title order={2} size="h3" id="shots-heading">
          Shots
        </Title>
        <Accordion multiple variant="contained">
          {scored.holes.map((hole, index) => (
            <Accordion.Item key={hole.hole} value={String(hole.hole)}>
              <Accordion.Control>
                Hole {hole.hole} · par {hole.par} · {hole.score} ({SCORE_NAME_LABELS[scoreName(hole.score, hole.par)]}) ·{' '}
                {formatSg(hole.sg)}
              </Accordion.Control>
              <Accordion.Panel>
                <HoleShotsTable round={round} scored={scored} index={index} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Stack>
  );
}
