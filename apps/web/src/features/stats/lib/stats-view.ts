/**
 * What the statistics pages are looking at: the rounds selected on Events (all when none) and the
 * benchmark chosen with the switch (the user's own until they pick one). The choice lives for the
 * session in memory and in localStorage (the stored key savedReportBenchmark, dropped at logout), so every
 * statistics page shows the same benchmark.
 */
import { BENCHMARK_LABELS, BENCHMARK_LEVELS, type BenchmarkLevel } from '@holeout/golf';
import { readStored, removeStored, writeStored } from '../../../lib/storage.ts';
import { createStore, useStore } from '../../../lib/store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/** A named level, or CUSTOM for the user's saved custom-sg-settings target ("My target"). */
export type BenchmarkChoice = BenchmarkLevel | 'CUSTOM';

export interface StatsParams {
  /** Selected round event ids; undefined for all rounds. */
  rounds?: number[] | undefined;
  /** Player uids (coaches); undefined for the caller. */
  players?: number[] | undefined;
  benchmark?: BenchmarkChoice | undefined;
}

export const MY_TARGET_LABEL = 'My target';

export function benchmarkLabel(choice: BenchmarkChoice): string {
  return choice === 'CUSTOM' ? MY_TARGET_LABEL : BENCHMARK_LABELS[choice];
}

const STORAGE_KEY = 'savedReportBenchmark';

function isChoice(value: unknown): value is BenchmarkChoice {
  return value === 'CUSTOM' || (BENCHMARK_LEVELS as readonly unknown[]).includes(value);
}

const stored = readStored(STORAGE_KEY);
/** The switch's choice; null means the user's own benchmark. */
export const benchmarkChoice = createStore<BenchmarkChoice | null>(isChoice(stored) ? stored : null);

export function chooseBenchmark(choice: BenchmarkChoice | null): void {
  benchmarkChoice.set(choice);
  if (choice) writeStored(STORAGE_KEY, choice);
  else removeStored(STORAGE_KEY);
}

/** The benchmark the pages show: the choice, unless it is "My target" and no target is saved. */
export function useBenchmark(): { choice: BenchmarkChoice; choices: BenchmarkChoice[]; hasCustom: boolean } {
  const own = useSession((s) => s.user.benchmark as BenchmarkLevel);
  const hasCustom = useSession((s) => Boolean(s.settings?.custom_sg));
  const chosen = useStore(benchmarkChoice, (value) => value);
  const choice = chosen === 'CUSTOM' && !hasCustom ? own : (chosen ?? own);
  return { choice, choices: hasCustom ? [...BENCHMARK_LEVELS, 'CUSTOM'] : [...BENCHMARK_LEVELS], hasCustom };
}

/** Selection and benchmark together: the query every statistics page sends. */
export function useStatsParams(): StatsParams {
  const selected = useSession((s) => s.selectedRounds);
  const { choice } = useBenchmark();
  return { rounds: selected.length > 0 ? selected : undefined, benchmark: choice };
}
