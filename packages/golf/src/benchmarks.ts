/** Benchmark levels a round is measured against (PGA TOUR, scratch, 80, 90 and 100 golfers, LPGA) and their display names. */
export const BENCHMARK_LEVELS = ['TOUR', 'SCRATCH', 'EIGHTY', 'NINETY', 'HUNDRED', 'LPGA'] as const;
export type BenchmarkLevel = (typeof BENCHMARK_LEVELS)[number];

export const BENCHMARK_LABELS: Record<BenchmarkLevel, string> = {
  TOUR: 'PGA Tour',
  SCRATCH: 'Scratch golfer',
  EIGHTY: '80 golfer',
  NINETY: '90 golfer',
  HUNDRED: '100 golfer',
  LPGA: 'LPGA Tour',
};

/** Player categories a user describes themself by, stored on the user as `level`. */
export const PLAYER_LEVELS = ['Womens Amateur', 'Mens Amateur', 'Girls Junior', 'Boys Junior', 'Female Pro', 'Male Pro'] as const;
export type PlayerLevel = (typeof PLAYER_LEVELS)[number];
