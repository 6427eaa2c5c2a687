/**
 * Statistics benchmark: `npm run bench -w packages/golf`.
 *
 * Generates seeded, realistic seasons and times every statistic of GET /v4/stats/* on them: the
 * one scoring pass (limits + strokes gained for every shot), each statistic over the scored
 * rounds, and computeAllStats end to end. Each measurement warms up first, then reports the
 * median of many runs, so one garbage collection does not skew a number.
 */
import { performance } from 'node:perf_hooks';
import type { PlayerRound } from '../src/round.ts';
import { computeAllStats, prepareStats, STAT_FUNCTIONS, STAT_NAMES, type StatsOptions } from '../src/stats/index.ts';
import { generateSeason } from './round-generator.ts';

const WARM_UP_RUNS = 15;
const TIMED_RUNS = 51;
/** The spec's budget for a full season (300 rounds), every statistic, on one machine. */
const SEASON_BUDGET_MS = 50;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Median wall time of `run` in milliseconds, after warming up the JIT on the same work. */
function time(run: () => unknown): number {
  let sink: unknown;
  for (let i = 0; i < WARM_UP_RUNS; i++) sink = run();
  const samples: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    sink = run();
    samples.push(performance.now() - started);
  }
  // Keep the result alive so the work cannot be optimised away.
  if (sink === Symbol.for('never')) console.log(sink);
  return median(samples);
}

interface Row {
  step: string;
  ms: number;
}

function benchScenario(title: string, rounds: PlayerRound[], options: StatsOptions): number {
  const input = prepareStats(rounds, options);
  let keptShots = 0;
  for (const r of input.rounds) for (const hole of r.scored.holes) keptShots += hole.shots.length;
  const rows: Row[] = [{ step: 'prepare (limits + scoring)', ms: time(() => prepareStats(rounds, options)) }];
  for (const name of STAT_NAMES) {
    const stat = STAT_FUNCTIONS[name];
    rows.push({ step: name, ms: time(() => stat(input)) });
  }
  const statsOnly = rows.slice(1).reduce((sum, row) => sum + row.ms, 0);
  const total = time(() => computeAllStats(rounds, options));
  rows.push({ step: 'sum of the 14 statistics', ms: statsOnly });
  rows.push({ step: 'computeAllStats (everything)', ms: total });

  console.log(`\n${title}`);
  console.log(
    `  ${input.rounds.length} rounds kept of ${rounds.length} (limited: ${input.limited}), ` +
      `${new Set(input.rounds.map((r) => r.uid)).size} players, ${keptShots} shots, benchmark ${input.benchmark}`,
  );
  console.log(`  ${'step'.padEnd(30)} ${'ms (median)'.padStart(12)} ${'shots/s'.padStart(14)}`);
  for (const row of rows) {
    const perSecond = row.ms > 0 ? Math.round(keptShots / (row.ms / 1000)).toLocaleString('en-US') : '-';
    console.log(`  ${row.step.padEnd(30)} ${row.ms.toFixed(3).padStart(12)} ${perSecond.padStart(14)}`);
  }
  return total;
}

const options: StatsOptions = { benchmark: 'SCRATCH' };
console.log(`Holeout statistics benchmark: node ${process.version}, ${WARM_UP_RUNS} warm-up runs, median of ${TIMED_RUNS}`);
console.log('Rounds: seeded generator (bench/round-generator.ts), benchmark SCRATCH, default category boundaries');

benchScenario('Team: 15 players x 20 rounds x 18 holes', generateSeason(2026, 15, 20), options);
const season = benchScenario('Season: 300 rounds x 18 holes (one player)', generateSeason(1975, 1, 300), options);
benchScenario('Over the limits: 20 players x 20 rounds (cut to 15 players)', generateSeason(99, 20, 20), options);

const verdict = season < SEASON_BUDGET_MS ? 'within' : 'OVER';
console.log(`\nFull season, every statistic: ${season.toFixed(2)} ms, ${verdict} the ${SEASON_BUDGET_MS} ms budget.`);
if (season >= SEASON_BUDGET_MS) process.exitCode = 1;
