import { NativeSelect } from '@mantine/core';
import { benchmarkLabel, chooseBenchmark, useBenchmark, type BenchmarkChoice } from '../lib/stats-view.ts';

/** The six levels, and "My target" when custom-sg-settings are saved; every figure follows it. */
export function BenchmarkSwitch() {
  const { choice, choices } = useBenchmark();
  return (
    <NativeSelect
      label="Benchmark"
      value={choice}
      onChange={(event) => chooseBenchmark(event.currentTarget.value as BenchmarkChoice)}
      data={choices.map((value) => ({ value, label: benchmarkLabel(value) }))}
      w={{ base: '100%', xs: 220 }}
      size="md"
      styles={{ input: { minHeight: 44 } }}
    />
  );
}
